#!/usr/bin/env bash
# README's "Use it in your project", run exactly as written, in a folder outside the repository: its shell blocks (the
# pack into ~/fudge-feed from the repository root, then `dotnet new console`, the project's nuget.config with the
# local feed, `dotnet add package Fudge --version ...`), then the README's quick start pasted into Program.cs and run,
# then the README's "Serializing your own types" block likewise (the source generator as the package brings it).
# Only two things are changed in the blocks: `~` is a scratch folder instead of the home folder, and the example
# version 0.1.0-dev.594 is the version the pack made (read from the package's file name, as the README says).
# The new project restores into a package folder of its own, so no earlier pack of the same version can be used.
# Usage: bash .ci/getting-started.sh   (from anywhere; the repository must be built or buildable in Release)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The fenced blocks of one README section (## TITLE up to the next ## heading) in the given language, one file each.
blocks() {   # section-title language output-prefix
  awk -v title="$1" -v lang="$2" -v out="$3" '
    /^## / { inside = (substr($0, 4) == title) }
    inside && !fence && $0 ~ "^```" lang "$" { fence = 1; n++; file = out n; printf "" > file; next }
    fence && /^```$/ { fence = 0; close(file); next }
    fence { print > file }' "$repo/README.md"
}
blocks "Use it in your project" bash "$work/block"
blocks "Quick start" csharp "$work/quickstart"
blocks "Serializing your own types" csharp "$work/generator"
[ -f "$work/block1" ] && [ -f "$work/block2" ] && [ -f "$work/quickstart1" ] && [ -f "$work/generator1" ] \
  || { echo "getting-started: README sections not found as expected" >&2; exit 1; }

run_block() {   # file folder
  sed -e "s#~#$work/home#g" -e "s#0\.1\.0-dev\.594#${version:-0.1.0-dev.594}#g" "$1" > "$1.sh"
  echo "-- in ${2/#$work/\$scratch}:"; sed "s#$work#\$scratch#g" "$1.sh" | sed 's/^/   $ /'
  local start=$SECONDS
  (cd "$2" && bash -euo pipefail "$1.sh") > "$1.log" 2>&1 || { cat "$1.log" >&2; echo "getting-started: the block above failed" >&2; exit 1; }
  echo "   ($((SECONDS - start)) s)"
}

mkdir -p "$work/home"
run_block "$work/block1" "$repo"
version="$(ls "$work/home/fudge-feed" | sed -n 's/^Fudge\.\([0-9].*\)\.nupkg$/\1/p' | head -n 1)"
[ -n "$version" ] || { echo "getting-started: no Fudge package in the feed" >&2; exit 1; }
echo "-- packed version: $version"
export NUGET_PACKAGES="$work/packages"
run_block "$work/block2" "$work/home"
app="$work/home/MyFudgeApp"
case "$app" in "$repo"/*) echo "getting-started: the project is inside the repository" >&2; exit 1 ;; esac
grep -q "Include=\"Fudge\" Version=\"$version\"" "$app/MyFudgeApp.csproj" || { cat "$app/MyFudgeApp.csproj" >&2; exit 1; }

check_run() {   # program expected-line...
  local start=$SECONDS
  cp "$1" "$app/Program.cs"; shift
  (cd "$app" && dotnet run) > "$work/run.txt" 2>&1 || { cat "$work/run.txt" >&2; echo "getting-started: dotnet run failed" >&2; exit 1; }
  for line in "$@"; do
    grep -qxF -- "$line" "$work/run.txt" || { cat "$work/run.txt" >&2; echo "getting-started: the output lacks '$line'" >&2; exit 1; }
  done
  sed 's/^/   > /' "$work/run.txt" | head -n 8
  echo "   ($((SECONDS - start)) s)"
}
echo "-- README quick start as Program.cs: dotnet run"
check_run "$work/quickstart1" 'symbol (string) = "AAPL"'
echo "-- README 'Serializing your own types' as Program.cs (the generator from the package): dotnet run"
check_run "$work/generator1" 'AAPL'
echo "getting-started: passed (Fudge $version from the local feed, outside the repository)"
