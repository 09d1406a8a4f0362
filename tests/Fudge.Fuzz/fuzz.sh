#!/usr/bin/env bash
# Coverage-guided fuzzing of one target (or "all") with afl++ and SharpFuzz.
#   tests/Fudge.Fuzz/fuzz.sh TARGET SECONDS [WORKDIR]
# TARGET: parse, reader, deserialize, javaobjects, tojson, toxml, fromjson, fromxml, query, querytext, or all (SECONDS each,
# as many at once as there are cores, or FUDGE_FUZZ_JOBS).
# Installs afl++ from Debian when missing and the pinned SharpFuzz tool from the local tool manifest, builds the
# targets into WORKDIR/bin (or copies FUDGE_FUZZ_BUILT, an existing Release output folder of tests/Fudge.Fuzz, there),
# copies that to WORKDIR/afl and instruments Fudge.dll, Fudge.Json.dll and the model there
# (instrumented code only runs under afl-fuzz), runs afl-fuzz for SECONDS and fails when it recorded any crash.
# Crashing inputs are left in WORKDIR/TARGET/findings/default/crashes; replay one (uninstrumented) with:
#   dotnet WORKDIR/bin/Fudge.Fuzz.dll TARGET FILE
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET SECONDS [WORKDIR]" >&2
  exit 2
fi
target="$1"
seconds="$2"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${3:-$(mktemp -d)}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

if ! command -v afl-fuzz >/dev/null; then
  echo "== installing afl++ (Debian package)"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq afl++ >/dev/null
fi

(cd "$repo" && dotnet tool restore >/dev/null)
if [ -n "${FUDGE_FUZZ_BUILT:-}" ]; then
  # A Release build of tests/Fudge.Fuzz made just before (CI's solution build): its output folder is used as it is.
  echo "== using the build in $FUDGE_FUZZ_BUILT, instrumenting a copy in $work/afl"
  [ -f "$FUDGE_FUZZ_BUILT/Fudge.Fuzz.dll" ] || { echo "no Fudge.Fuzz.dll in FUDGE_FUZZ_BUILT=$FUDGE_FUZZ_BUILT" >&2; exit 1; }
  rm -rf "$work/bin" && cp -r "$FUDGE_FUZZ_BUILT" "$work/bin"
else
  echo "== building into $work/bin, instrumenting a copy in $work/afl"
  if ! dotnet build "$repo/tests/Fudge.Fuzz/Fudge.Fuzz.csproj" -c Release -o "$work/bin" -nologo > "$work/build.log" 2>&1; then
    tail -n 30 "$work/build.log" >&2
    exit 1
  fi
fi
rm -rf "$work/afl" && cp -r "$work/bin" "$work/afl"
for dll in Fudge.dll Fudge.Json.dll Fudge.Fuzz.Model.dll; do
  (cd "$repo" && dotnet tool run sharpfuzz "$work/afl/$dll") >/dev/null
done

if [ "$target" = all ]; then
  targets="parse reader deserialize javaobjects tojson toxml fromjson fromxml query querytext"
else
  targets="$target"
fi

# One target: its seeds, afl-fuzz for SECONDS, a summary line, and each crash replayed; returns 1 when it crashed.
fuzz_target() {
  local t="$1" dir="$work/$1" stats execs paths crashes hangs f
  rm -rf "$dir/seeds"
  dotnet "$work/bin/Fudge.Fuzz.dll" seeds "$t" "$repo" "$dir/seeds" >/dev/null
  # afl++ cannot see .NET's binary as instrumented (SharpFuzz instruments the IL), may not own the core pattern or
  # CPU frequency settings on a shared machine, and shares its cores with other work.
  AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_AUTORESUME=1 \
  AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_FORKSRV_INIT_TMOUT=60000 \
    afl-fuzz -V "$seconds" -t 5000 -m none -i "$dir/seeds" -o "$dir/findings" \
      -- dotnet "$work/afl/Fudge.Fuzz.dll" "$t" > "$dir/afl.log" 2>&1 || { echo "afl-fuzz failed for $t:"; tail -n 30 "$dir/afl.log"; return 1; }
  stats="$dir/findings/default/fuzzer_stats"
  execs="$(awk -F' *: *' '$1=="execs_done"{print $2}' "$stats")"
  paths="$(awk -F' *: *' '$1=="corpus_count"{print $2}' "$stats")"
  crashes="$(find "$dir/findings/default/crashes" -type f ! -name README.txt | wc -l)"
  hangs="$(find "$dir/findings/default/hangs" -type f | wc -l)"
  echo "$t: ${seconds}s, $execs executions, $paths corpus entries, $crashes crashes, $hangs hangs"
  [ "$crashes" -gt 0 ] || return 0
  for f in "$dir/findings/default/crashes"/id*; do
    echo "  crash: $f"
    dotnet "$work/bin/Fudge.Fuzz.dll" "$t" "$f" 2>&1 | head -n 3 | sed 's/^/    /' || true
  done
  return 1
}

# Targets run FUDGE_FUZZ_JOBS at a time (default: one per core), each for SECONDS on its own core; reports in order.
parallel="${FUDGE_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  mkdir -p "$work/$t"
  { if fuzz_target "$t"; then status=0; else status=1; fi; echo "$status" > "$work/$t/status"; } > "$work/$t/report.txt" 2>&1 &
done
wait
failed=0
for t in $targets; do
  cat "$work/$t/report.txt"
  [ "$(cat "$work/$t/status" 2>/dev/null)" = 0 ] || failed=1
done
exit "$failed"
