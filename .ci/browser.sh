#!/usr/bin/env bash
# fudge serve's page tested in a real browser: Debian's chromium, headless, driven by playwright-core from npm.
#   bash .ci/browser.sh install   installs chromium (Debian package) if missing, and the pinned npm packages
#                                 (tests/Fudge.Explorer.BrowserTests/package-lock.json)
#   bash .ci/browser.sh test      starts `fudge serve` on samples/ticks.fudge, on samples/hostile/ and on a generated
#                                 file of one 10 MB message and on a file that grows (--follow) (from the Release
#                                 build, which must exist, with the page's vendored uPlot: .ci/vendor-page.sh), runs the
#                                 browser tests (*.test.mjs) and stops the servers. With
#                                 FUDGE_EXPLORER_SCREENSHOT=PATH the screenshot docs/serve.md shows is written there.
#                                 FUDGE_CLI=COMMAND runs another build of the tool, e.g. the NativeAOT binary.
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
  node -e 'const rows = []; for (let i = 0; i < 1000; i++) rows.push({ seq: i, ticker: "T" + i, bid: i + 0.5, ask: i + 0.75 });
    process.stdout.write(JSON.stringify({ rows, blob: "x".repeat(10000000) }) + "\n");' > "$work/large.jsonl"
  ${FUDGE_CLI:-dotnet src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll} from-json "$work/large.jsonl" -o "$work/large.fudge"
  serve large "$work/large.fudge"
  FUDGE_EXPLORER_LARGE_URL="$url"
  # A file that grows while it is shown (--follow): the first 5 ticks; follow.test.mjs appends to it and truncates it.
  FUDGE_EXPLORER_FOLLOW_FILE="$work/live.fudge"
  head -c 731 samples/ticks.fudge > "$FUDGE_EXPLORER_FOLLOW_FILE" # the first 5 envelopes (116+167+166+116+166 bytes)
  serve follow "$FUDGE_EXPLORER_FOLLOW_FILE" --follow
  FUDGE_EXPLORER_FOLLOW_URL="$url"
  export FUDGE_EXPLORER_URL FUDGE_EXPLORER_HOSTILE_URL FUDGE_EXPLORER_LARGE_URL FUDGE_EXPLORER_FOLLOW_URL FUDGE_EXPLORER_FOLLOW_FILE
  echo "== browser tests against $FUDGE_EXPLORER_URL, $FUDGE_EXPLORER_HOSTILE_URL, $FUDGE_EXPLORER_LARGE_URL and $FUDGE_EXPLORER_FOLLOW_URL"
  (cd "$tests" && node --test --test-reporter=spec ./*.test.mjs)
}

case "${1:-test}" in
  install) install ;;
  test) run_tests ;;
  *) echo "usage: $0 install|test" >&2; exit 2 ;;
esac
