#!/usr/bin/env bash
# fudge serve's page tested in a real browser: Debian's chromium, headless, driven by playwright-core from npm.
#   bash .ci/browser.sh install   installs chromium (Debian package) if missing, and the pinned npm packages
#                                 (tests/Fudge.Explorer.BrowserTests/package-lock.json)
#   bash .ci/browser.sh test      starts `fudge serve` on samples/ticks.fudge, on samples/hostile/ and on a generated
#                                 file of one 10 MB message, on one of a message of 90,000 fields and on a file that
#                                 grows (--follow) (from the Release
#                                 build, which must exist, with the page's vendored uPlot: .ci/vendor-page.sh), runs the
#                                 browser tests (*.test.mjs) and stops the servers. With
#                                 FUDGE_EXPLORER_SCREENSHOT=PATH the screenshot docs/serve.md shows is written there.
#                                 FUDGE_CLI=COMMAND runs another build of the tool, e.g. the NativeAOT binary.
#   bash .ci/browser.sh bench     a benchmark, not a test (run it on a quiet machine): serves a 1 MB message of 90,000
#                                 fields, the tests' 10 MB message and a 10 MB message of 900,000 fields, and prints the
#                                 main thread's work to open each and to point over it (bench-large.mjs;
#                                 FUDGE_BENCH_RUNS=N runs each, default 5). `bench --trace[=DIR]` also saves a Chrome
#                                 trace of each open and prints its main thread's work by event (what fills the
#                                 long task the counters do not break down)
# Cost on a 2-core machine: the tests ~30 s; the chromium install (only when missing) ~1 min, which .ci/run overlaps
# with the build.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=tests/Fudge.Explorer.BrowserTests

install() {
  if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing chromium (Debian package)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
  fi
  (cd "$tests" && npm ci --no-audit --no-fund --loglevel=error)
}

# Starts `fudge serve ARGS` on a free port and sets $url to its address once it listens. (Not called as $(serve ...):
# a subshell would keep the server's pid from the trap that stops it.)
serve() {
  local log="$work/serve-$1.log"
  shift
  # shellcheck disable=SC2086 # FUDGE_CLI is a command line: split on purpose
  ${FUDGE_CLI:-dotnet src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll} serve "$@" --port 0 > "$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    if grep -q ' at http://' "$log"; then url="$(sed -n 's/.* at \(http:[^ ]*\) .*/\1/p' "$log")"; return 0; fi
    sleep 0.2
  done
  echo "fudge serve did not start:" >&2
  cat "$log" >&2
  return 1
}

# Writes FILE: one message of ROWS sub-messages of 4 fields each and a string of BLOB characters (none when 0).
large_message() {
  node -e 'const [rows, blob] = process.argv.slice(1).map(Number); const list = [];
    for (let i = 0; i < rows; i++) list.push({ seq: i, ticker: "T" + i, bid: i + 0.5, ask: i + 0.75 });
    process.stdout.write(JSON.stringify(blob ? { rows: list, blob: "x".repeat(blob) } : { rows: list }) + "\n");' "$2" "$3" > "$1.jsonl"
  ${FUDGE_CLI:-dotnet src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll} from-json "$1.jsonl" -o "$1"
}

run_bench() {
  [ -d "$tests/node_modules/playwright-core" ] || install
  work="$(mktemp -d)"
  pids=()
  trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
  local sources=""
  large_message "$work/fields-1mb.fudge" 18000 0
  large_message "$work/string-10mb.fudge" 1000 10000000
  large_message "$work/fields-10mb.fudge" 180000 0
  for name in fields-1mb string-10mb fields-10mb; do
    serve "$name" "$work/$name.fudge"
    sources="$sources $name($(stat -c %s "$work/$name.fudge")B)=$url"
  done
  (cd "$tests" && FUDGE_BENCH_SOURCES="$sources" node bench-large.mjs "$@")
}

run_tests() {
  [ -d "$tests/node_modules/playwright-core" ] || install
  work="$(mktemp -d)"
  pids=()
  trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
  serve ticks samples/ticks.fudge
  FUDGE_EXPLORER_URL="$url"
  serve hostile samples/hostile
  FUDGE_EXPLORER_HOSTILE_URL="$url"
  # One message of 10 MB: 1,000 small sub-messages (5,000 fields in the tree) and a 10,000,000-character string.
  large_message "$work/large.fudge" 1000 10000000
  serve large "$work/large.fudge"
  FUDGE_EXPLORER_LARGE_URL="$url"
  # One message of 90,000 fields (18,000 sub-messages of 4, about 1 MB): jump.test.mjs jumps to its last byte.
  large_message "$work/fields.fudge" 18000 0
  serve fields "$work/fields.fudge"
  FUDGE_EXPLORER_FIELDS_URL="$url"
  # A file that grows while it is shown (--follow): the first 5 ticks; follow.test.mjs appends to it and truncates it.
  FUDGE_EXPLORER_FOLLOW_FILE="$work/live.fudge"
  head -c 731 samples/ticks.fudge > "$FUDGE_EXPLORER_FOLLOW_FILE" # the first 5 envelopes (116+167+166+116+166 bytes)
  serve follow "$FUDGE_EXPLORER_FOLLOW_FILE" --follow
  FUDGE_EXPLORER_FOLLOW_URL="$url"
  export FUDGE_EXPLORER_URL FUDGE_EXPLORER_HOSTILE_URL FUDGE_EXPLORER_LARGE_URL FUDGE_EXPLORER_FIELDS_URL FUDGE_EXPLORER_FOLLOW_URL FUDGE_EXPLORER_FOLLOW_FILE
  echo "== browser tests against $FUDGE_EXPLORER_URL, $FUDGE_EXPLORER_HOSTILE_URL, $FUDGE_EXPLORER_LARGE_URL, $FUDGE_EXPLORER_FIELDS_URL and $FUDGE_EXPLORER_FOLLOW_URL"
  (cd "$tests" && node --test --test-reporter=spec ./*.test.mjs)
}

case "${1:-test}" in
  install) install ;;
  test) run_tests ;;
  bench) shift; run_bench "$@" ;;
  *) echo "usage: $0 install|test|bench [--trace[=DIR]]" >&2; exit 2 ;;
esac
