#!/usr/bin/env bash
# Proves the README's production install on a clean copy of the committed tree:
#   npm ci && npm run build && npm prune --omit=dev && npm start
# then checks that the build and test tooling is gone, that the site answers,
# and that the admin CLI works without TypeScript tooling. Run by .ci/run.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
port="${PROD_PORT:-3290}"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$repo" "$work/site"
cd "$work/site"
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
npm ci --no-audit --no-fund </dev/null >/dev/null
npm run build </dev/null >/dev/null
npm prune --omit=dev --no-audit --no-fund </dev/null >/dev/null

# (typescript may stay: i18next names it as an optional peer.)
for tool in vite esbuild tsx electron electron-builder @playwright/test playwright-core lighthouse vitest; do
  if [ -e "node_modules/$tool" ]; then
    echo "production install still holds the dev tool $tool" >&2
    exit 1
  fi
done
echo "production install: $(du -sh node_modules | cut -f1) of node_modules, no build or test tools"

data="$work/data"
echo 'production-password-1' | DATA_DIR="$data" npm run --silent admin -- create operator
PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=warn npm start </dev/null &
pid=$!
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
for path in / /news /contact /login /sitemap.xml; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")
  [ "$status" = 200 ] || { echo "GET $path answered $status" >&2; exit 1; }
done
curl -fs -X POST "http://127.0.0.1:$port/api/auth/login" -H 'Content-Type: application/json' \
  -d '{"username":"operator","password":"production-password-1"}' >/dev/null
echo "production install serves the site and signs the CLI-made admin in"
