#!/usr/bin/env bash
# Proves the README's production install and upgrade on a clean clone of the
# committed tree, the way the systemd unit runs it:
#   bash scripts/install.sh                         (install: build, prune the tools)
#   node scripts/ensure-build.mjs --check           (the unit's ExecStartPre)
#   sh scripts/serve.sh with SEED_DEMO=false        (the unit's ExecStart and settings)
# then a new commit (an upgrade): the unit's check refuses the stale build
# until `bash scripts/install.sh` runs again. Checks that the build and test
# tooling is gone, that the site answers without demo articles, and that the
# admin CLI works without TypeScript tooling. Run by .ci/run.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
port="${PROD_PORT:-3290}"
pid=""
stop_server() {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    pid=""
  fi
}
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$repo" "$work/site"
cd "$work/site"
bash scripts/install.sh </dev/null >/dev/null
# The commands below (the admin CLI, the unit's check and start) on the Node the install used.
. scripts/use-node.sh

# (typescript may stay: i18next names it as an optional peer.)
for tool in vite esbuild tsx electron electron-builder @playwright/test playwright-core lighthouse vitest; do
  if [ -e "node_modules/$tool" ]; then
    echo "production install still holds the dev tool $tool" >&2
    exit 1
  fi
done
echo "production install: $(du -sh node_modules | cut -f1) of node_modules, no build or test tools"

data="$work/data"
# The unit's settings: production, no demo articles (the quick start keeps them).
export NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" SEED_DEMO=false LOG_LEVEL=warn
start_like_the_unit() {
  node scripts/ensure-build.mjs --check
  sh scripts/serve.sh </dev/null &
  pid=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "the server did not answer /healthz" >&2
  exit 1
}

# The first admin before the first start: create makes the new site's database.
echo 'production-password-1' | npm run --silent admin -- create operator
start_like_the_unit
for path in / /news /contact /login /sitemap.xml; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")
  [ "$status" = 200 ] || { echo "GET $path answered $status" >&2; exit 1; }
done
news=$(curl -fs "http://127.0.0.1:$port/api/news")
case "$news" in
  *'"total":0'*) ;;
  *) echo "the production install seeded articles: $news" >&2; exit 1 ;;
esac
curl -fs -X POST "http://127.0.0.1:$port/api/auth/login" -H 'Content-Type: application/json' \
  -H "Origin: http://127.0.0.1:$port" \
  -d '{"username":"operator","password":"production-password-1"}' >/dev/null
echo "production install serves the site without demo articles and signs the CLI-made admin in"

# An upgrade: a new commit changes the server. The unit's check refuses the stale build...
stop_server
echo "// the next release" >>server/app.ts
git -c user.name=ci -c user.email=ci@localhost commit -qam 'next release'
if refused=$(node scripts/ensure-build.mjs --check 2>&1); then
  echo "the unit would have served a stale build" >&2
  exit 1
fi
case "$refused" in
  *'older than its sources'*'bash scripts/install.sh'*) ;;
  *) echo "unclear refusal of a stale build: $refused" >&2; exit 1 ;;
esac
# ...until the install runs again; then the same unit starts, on the same data.
bash scripts/install.sh </dev/null >/dev/null
start_like_the_unit
curl -fs -X POST "http://127.0.0.1:$port/api/auth/login" -H 'Content-Type: application/json' \
  -H "Origin: http://127.0.0.1:$port" \
  -d '{"username":"operator","password":"production-password-1"}' >/dev/null
echo "an upgrade: the stale build is refused, bash scripts/install.sh builds it, the site serves"
