#!/bin/sh
# Starts the built server the way production runs it: `npm start`, the systemd
# units of the README and docs/deploy.md, the benchmark and the browser
# journeys all come through here. The process becomes node itself (exec), so
# its PID, signals and exit code are the server's.
#
# Memory (figures in docs/performance.md):
# - glibc gives every thread that allocates (libuv's pool compresses pages
#   and runs SQLite there) an arena of its own and keeps what they free; two
#   arenas keep the resident size closer to what is in use. (Fixed mmap or
#   trim thresholds were measured too: they turn off glibc's own tuning and
#   cost a tenth of a second at start, for no clear gain.)
# - V8's young generation grows to 16 MB a half under load and stays there;
#   4 MB a half costs a few more, cheap, collections of short-lived objects.
#   (2 MB saved another 10 MiB but spent 14 % of an enquiry's CPU collecting:
#   decision 014, amended.)
# - Under load V8 lets the old generation grow up to fourfold before its next
#   full collection, and most of what it holds then is garbage (requests that
#   outlived a young collection); growing by half at most keeps the heap near
#   what is alive, for no loss of throughput.
# - V8 keeps the pages a burst's garbage was on for as long as the server is
#   left idle; `--expose-gc` lets server/idle-collector.ts give them back once
#   it has been quiet a few seconds (decision 014, amended).
# An operator's own MALLOC_ARENA_MAX wins; NODE_OPTIONS adds flags.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node --max-semi-space-size=4 --heap-growing-percent=50 --expose-gc "$(dirname "$0")/../dist/server/index.js"
