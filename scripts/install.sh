#!/usr/bin/env bash
# The production install, and every upgrade after it (README, docs/deploy.md;
# scripts/ci/production-install.sh runs it on a clean clone in CI):
#
#   bash scripts/install.sh        # in the checkout, as the user the site runs as
#
# 1. A supported Node.js on PATH (scripts/use-node.sh: the pinned Node 24 LTS
#    from the npm registry when the machine's is older, as Debian 12's 18 is;
#    FORGE_NODE_DIR says where it goes).
# 2. Every dependency, the build tools included (`npm ci --omit=dev` alone
#    cannot build: `vite: not found`), installed apart in node_modules.next
#    and put in place of node_modules whole; then the build.
# 3. The build and test tools dropped again (`npm prune --omit=dev`): a web
#    server never needs Vite, esbuild, tsx, Electron or Playwright.
# Then the systemd unit's `ExecStartPre` (scripts/ensure-build.mjs --check)
# finds the build current and the server starts; restart it to upgrade. A
# server still running meanwhile keeps its files: each build is made apart and
# put in place whole (scripts/replace-folder.mjs), the browser build with the
# previous build's hashed files beside it (scripts/publish-client-build.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
# A server never runs the desktop app: no Electron binary to download.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
. scripts/use-node.sh
# `npm ci` empties node_modules before it fills it again, while a server of the previous release
# may still run from it and load a package only when first needed (sharp, at the first upload):
# that would fail for the whole install. So it installs into a folder of its own, with the
# project's package.json and lock, and the new packages replace the old by two renames
# (scripts/replace-folder.mjs), the old deleted: the running server finds a package by its path,
# so a copy under another name would serve it nothing. This needs room for a second node_modules.
# (The quick start's `npm ci && npm start` installs in place, as ever.)
staging=node_modules.next
trap 'rm -rf "$staging"' EXIT
rm -rf "$staging"
mkdir "$staging"
cp package.json package-lock.json "$staging/"
if [ -f .npmrc ]; then cp .npmrc "$staging/"; fi
# --include=dev: with NODE_ENV=production in the environment (a sourced site.env), npm would
# leave the build tools out, and the build would fail with `vite: not found`.
(cd "$staging" && npm ci --include=dev --no-audit --no-fund </dev/null)
node scripts/replace-folder.mjs "$staging/node_modules" node_modules
rm -rf "$staging"
npm run build </dev/null
npm prune --omit=dev --no-audit --no-fund </dev/null
node scripts/ensure-build.mjs --check
echo "Installed and built with Node.js $(node --version) ($(command -v node))."
echo "The systemd unit needs it on PATH: Environment=PATH=$(dirname "$(command -v node)"):/usr/local/bin:/usr/bin:/bin"
