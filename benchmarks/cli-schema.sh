#!/usr/bin/env bash
# fudge schema infer beside fudge stats on 1,000,000 ticks (samples/ticks.fudge repeated 25,000 times, 130 MB):
# wall time with hyperfine, peak memory (maximum resident set size) with GNU time. Not run by CI (it takes minutes
# and wants a quiet machine); results go to out/cli-schema/ and are written up by hand in benchmarks/results/.
# Needs hyperfine and GNU time (apt-get install -y hyperfine time).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$repo/out/cli-schema"
mkdir -p "$out"
dotnet build "$repo/src/Fudge.Cli" -c Release -v q
fudge=(dotnet "$repo/src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll")
input="$out/ticks-1m.fudge"
if [ ! -f "$input" ]; then
  for _ in $(seq 25000); do cat "$repo/samples/ticks.fudge"; done > "$input"
fi
hyperfine --warmup 1 --runs 5 --export-markdown "$out/times.md" \
  "${fudge[*]} stats $input" \
  "${fudge[*]} schema infer $input -o /dev/null" \
  "${fudge[*]} schema infer --proto $input -o /dev/null"
for args in "stats $input" "schema infer $input -o /dev/null"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "%M KiB peak, %e s: fudge $args" "${fudge[@]}" $args > /dev/null 2>> "$out/memory.txt"
done
cat "$out/times.md" "$out/memory.txt"
