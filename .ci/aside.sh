#!/usr/bin/env bash
# The CI jobs that build in configurations of their own, run in a second copy of the repository (without bin/ and obj/)
# so that they never touch the main Release build the tests use:
#   - README's main command, `dotnet run --project src/Fudge.Cli -- inspect samples/ticks.fudge` (a Debug build);
#   - samples/Fudge.AotSample published with NativeAOT, trim and AOT warnings as errors, and its binary run;
#   - the NativeAOT `fudge` published and run alone in an empty folder (.ci/aot-fudge.sh).
# A publish for linux-x64 in the main tree restores its projects for that runtime, and the next `dotnet test` restores
# and rebuilds them once more; from a copy they also run beside the main build and the tests: .ci/run starts this
# script in the background, at a lower CPU priority, before the main build (whose cores it fills where the build waits
# on one project), and waits for it at the end.
# Usage: bash .ci/aside.sh OUTDIR   (writes OUTDIR/inspect.txt, OUTDIR/aot/ and OUTDIR/aot-publish.txt; exits non-zero
# on the first failure; with FUDGE_APT_DONE=FILE it installs the NativeAOT toolchain only once FILE exists)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$(cd "${1:?usage: bash .ci/aside.sh OUTDIR}" && pwd)"
copy="$(mktemp -d)"
# Builds of their own: MSBuild nodes neither borrowed from the main build nor left for it (they would carry this
# script's lower priority into the main build's tests), and a compiler server of their own (SharedCompilationId names
# its pipe): the main build's server runs every compilation sent to it at the main build's priority, and one started
# from here would run the main build's at this script's (.ci/compiler-server.sh). It is stopped when the script ends.
export MSBUILDDISABLENODEREUSE=1
. "$repo/.ci/compiler-server.sh" "fudge-aside-$$"
trap 'stop_compiler_server; rm -rf "$copy"' EXIT
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
# apt may be busy installing the servers (.ci/run's chain, whose apt calls do not wait for the lock): an install of
# clang waits for it. Where the toolchain is there already (gcc and zlib's headers come with the CI machine), nothing
# waits: the publishes start at once, beside the main build, instead of after the servers' whole chain.
if ! bash .ci/aot-prerequisites --check; then
  if [ -n "${FUDGE_APT_DONE:-}" ]; then until [ -e "$FUDGE_APT_DONE" ]; do sleep 2; done; fi
  bash .ci/aot-prerequisites
fi
dotnet publish samples/Fudge.AotSample -c Release -warnaserror -o "$out/aot" > "$out/aot-publish.txt" || { cat "$out/aot-publish.txt"; exit 1; }
"$out/aot/Fudge.AotSample" | tail -n 1
echo "   ($((SECONDS - start)) s)"

echo "== NativeAOT fudge: published, copied alone (with libe_sqlite3.so for fudge store) into an empty folder and run (.ci/aot-fudge.sh)"
bash .ci/aot-fudge.sh
