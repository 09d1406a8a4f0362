#!/usr/bin/env bash
# The CI jobs that build in configurations of their own, run in a second copy of the repository (without bin/ and obj/)
# so that they never touch the main Release build the tests use:
#   - README's main command, `dotnet run --project src/Fudge.Cli -- inspect samples/ticks.fudge` (a Debug build);
#   - samples/Fudge.AotSample published with NativeAOT, trim and AOT warnings as errors, and its binary run;
#   - the NativeAOT `fudge` published and run alone in an empty folder (.ci/aot-fudge.sh).
# A publish for linux-x64 in the main tree restores its projects for that runtime, and the next `dotnet test` restores
# and rebuilds them once more; from a copy they also run while the browser and unit tests run: .ci/run starts this
# script in the background, at a lower CPU priority, right after the main build, and waits for it at the end.
# Usage: bash .ci/aside.sh OUTDIR   (writes OUTDIR/inspect.txt, OUTDIR/aot/ and OUTDIR/aot-publish.txt; exits non-zero
# on the first failure)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$(cd "${1:?usage: bash .ci/aside.sh OUTDIR}" && pwd)"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
# Builds of their own: MSBuild nodes neither borrowed from the main build nor left for it (they would carry this
# script's lower priority into the main build's tests).
export MSBUILDDISABLENODEREUSE=1
(cd "$repo" && tar --exclude=./.git --exclude=bin --exclude=obj --exclude=BenchmarkDotNet.Artifacts --exclude=node_modules -cf - .) \
  | tar -xf - -C "$copy"
cd "$copy"

start=$SECONDS
echo "== main job (README): fudge inspect on the shipped sample"
dotnet run --project src/Fudge.Cli -- inspect samples/ticks.fudge > "$out/inspect.txt"
head -n 12 "$out/inspect.txt"
echo "   ($((SECONDS - start)) s)"

start=$SECONDS
echo "== NativeAOT: the sample publishes with no trim/AOT warning (warnings are errors) and its binary runs"
bash .ci/aot-prerequisites
dotnet publish samples/Fudge.AotSample -c Release -warnaserror -o "$out/aot" > "$out/aot-publish.txt" || { cat "$out/aot-publish.txt"; exit 1; }
"$out/aot/Fudge.AotSample" | tail -n 1
echo "   ($((SECONDS - start)) s)"

echo "== NativeAOT fudge: published, copied alone (with libe_sqlite3.so for fudge store) into an empty folder and run (.ci/aot-fudge.sh)"
bash .ci/aot-fudge.sh
