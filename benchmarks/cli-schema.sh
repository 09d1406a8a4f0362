#!/usr/bin/env bash
# fudge schema infer and fudge schema check beside fudge stats on 1,000,000 ticks (samples/ticks.fudge repeated
# 25,000 times, 130 MB): wall time with hyperfine, peak memory (maximum resident set size) with GNU time.
#   stats                          the CLI's usual speed: every field of every message walked once
#   schema infer [--proto]         C# / .proto inferred from the ticks
#   schema check --proto FILE      the ticks against the .proto inferred from them (all fit)
#   schema check --types DLL       the ticks against the C# inferred from them, built into an assembly (all fit)
# Not run by CI (it takes minutes and wants a quiet machine). Runs from a clean clone: it builds the CLI and the
# assembly of inferred types, and installs hyperfine and GNU time with apt if they are missing. Results go to
# out/cli-schema/ and are written up by hand in benchmarks/results/.
#
#   bash benchmarks/cli-schema.sh                               # 1,000,000 ticks, 5 runs each
#   FUDGE_BENCH_TICKS=4000 FUDGE_BENCH_RUNS=2 bash benchmarks/cli-schema.sh   # a quick proof that it works
#
# FUDGE_BENCH_TICKS: how many ticks (a multiple of the sample's 40; default 1000000); FUDGE_BENCH_RUNS: hyperfine
# runs per command (default 5); FUDGE_BENCH_OUT: the output folder (default out/cli-schema in the repository).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
ticks="${FUDGE_BENCH_TICKS:-1000000}"
runs="${FUDGE_BENCH_RUNS:-5}"
out="${FUDGE_BENCH_OUT:-$repo/out/cli-schema}"
sample="$repo/samples/ticks.fudge"
per_sample=40
if ! [[ "$ticks" =~ ^[0-9]+$ ]] || [ "$ticks" -eq 0 ] || [ $((ticks % per_sample)) -ne 0 ]; then
  echo "FUDGE_BENCH_TICKS must be a positive multiple of $per_sample (the ticks in samples/ticks.fudge), not '$ticks'" >&2
  exit 2
fi
mkdir -p "$out"

# Tools: hyperfine and GNU time (not the shell's time keyword), from apt when missing.
missing=""
command -v hyperfine >/dev/null 2>&1 || missing="$missing hyperfine"
[ -x /usr/bin/time ] || missing="$missing time"
if [ -n "$missing" ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing with apt:$missing" >&2
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null 2>&1 \
    || { $sudo apt-get update -qq >/dev/null && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; }
fi

# The CLI, as `dotnet tool install` would run it (Release, framework-dependent).
dotnet build "$repo/src/Fudge.Cli" -c Release -v q -nologo >/dev/null
fudge=(dotnet "$repo/src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll")

# The input: the sample repeated (rebuilt when the count changed).
input="$out/ticks-$ticks.fudge"
if [ ! -f "$input" ]; then
  for _ in $(seq $((ticks / per_sample))); do cat "$sample"; done > "$input.tmp"
  mv "$input.tmp" "$input"
fi

# The declared schemas: the .proto and the C# inferred from the sample, the C# built as a user's project would build it
# (the library and its source generator), in a folder of its own outside the repository's build settings.
"${fudge[@]}" schema infer --proto --namespace Bench.Ticks "$sample" -o "$out/ticks.proto"
types="$out/types"
mkdir -p "$types"
"${fudge[@]}" schema infer --namespace Bench.Ticks "$sample" -o "$types/Ticks.cs"
echo '<Project />' > "$types/Directory.Build.props"
echo '<Project />' > "$types/Directory.Build.targets"
echo '<Project><PropertyGroup><ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally></PropertyGroup></Project>' > "$types/Directory.Packages.props"
cat > "$types/BenchTicks.csproj" <<EOF
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
  </PropertyGroup>
  <ItemGroup>
    <ProjectReference Include="$repo/src/Fudge/Fudge.csproj" />
    <ProjectReference Include="$repo/src/Fudge.Generators/Fudge.Generators.csproj" OutputItemType="Analyzer" ReferenceOutputAssembly="false" />
  </ItemGroup>
</Project>
EOF
dotnet build "$types/BenchTicks.csproj" -c Release -v q -nologo -o "$types/bin" >/dev/null
dll="$types/bin/BenchTicks.dll"

commands=(
  "stats $input"
  "schema infer $input -o /dev/null"
  "schema infer --proto $input -o /dev/null"
  "schema check --proto $out/ticks.proto $input"
  "schema check --types $dll $input"
)
# Each check must work (and every tick fit) before it is timed; one that does not is reported and left out.
for i in 3 4; do
  # shellcheck disable=SC2086
  if ! "${fudge[@]}" ${commands[$i]} > "$out/check.txt" 2>&1; then
    echo "left out, it fails: fudge ${commands[$i]}" >&2; head -3 "$out/check.txt" >&2
    unset "commands[$i]"
  fi
done
commands=("${commands[@]}")
timed=()
for args in "${commands[@]}"; do timed+=("${fudge[*]} $args"); done
hyperfine --warmup 1 --runs "$runs" --export-markdown "$out/times.md" "${timed[@]}"
: > "$out/memory.txt"
for args in "${commands[@]}"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "%M KiB peak, %e s: fudge $args" "${fudge[@]}" $args > /dev/null 2>> "$out/memory.txt"
done
echo
cat "$out/times.md" "$out/memory.txt"
