#!/usr/bin/env bash
# README's "Use it in your project", run exactly as written, in a folder outside the repository: its shell blocks (the
# pack into ~/fudge-feed from the repository root, then `dotnet new console`, the project's nuget.config with the
# local feed, `dotnet add package Fudge --version ...`), then the README's quick start pasted into Program.cs and run,
# then the README's "Serializing your own types" block likewise (the source generator as the package brings it), and
# docs/cli.md's "Installing" (the tool packed, installed from the pack folder and run).
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
# Development packs are <VersionPrefix>-dev.<commit height> (README), so a pack after a commit is a new version that no
# NuGet cache answers with an older copy; a release pack (-p:FudgeRelease=true) is <VersionPrefix> alone.
prefix="$(sed -n 's:.*<VersionPrefix>\(.*\)</VersionPrefix>.*:\1:p' "$repo/Directory.Build.props")"
height="${FUDGE_COMMIT_HEIGHT:-$(git -C "$repo" rev-list --count HEAD 2>/dev/null || echo 0)}"
[ "$version" = "$prefix-dev.$height" ] || { echo "getting-started: the development pack is $version, not $prefix-dev.$height (<VersionPrefix>-dev.<commit height>)" >&2; exit 1; }
dotnet pack "$repo/src/Fudge" -c Release --no-build -p:FudgeRelease=true -o "$work/release" > "$work/release.log" 2>&1 || { cat "$work/release.log" >&2; exit 1; }
[ -f "$work/release/Fudge.$prefix.nupkg" ] || { ls "$work/release" >&2; echo "getting-started: -p:FudgeRelease=true did not pack Fudge.$prefix.nupkg" >&2; exit 1; }
echo "-- a release pack (-p:FudgeRelease=true) is $prefix"
# The new project (and the tool install below) restore into a package folder of their own; the repository's own builds
# (the packs from the repository root) keep the package folder its restore used, so they stay incremental: with the
# scratch folder they restored every package again and rebuilt the tool's whole project tree (141-223 s in CI).
repo_packages="${NUGET_PACKAGES-}"
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

# docs/cli.md "Installing": the tool packed from the repository root and installed from that folder as written, with
# ./packages and ./tools in the scratch folder instead. Only `dotnet tool install` restores into the scratch package
# folder above (so no cached copy of the same version answers it); the pack builds with the repository's own.
awk '/^## / { inside = ($0 == "## Installing") } inside && /^```bash$/ { fence = 1; next } fence && /^```$/ { exit } fence { print }' \
  "$repo/docs/cli.md" > "$work/tool"
grep -q 'dotnet tool install' "$work/tool" || { echo "getting-started: docs/cli.md's Installing block not found" >&2; exit 1; }
sed -i -e "s#\./packages#$work/tool-packages#g" -e "s#\./tools#$work/tools#g" -e "s#^dotnet tool #NUGET_PACKAGES=$work/packages dotnet tool #" "$work/tool"
grep -q "^NUGET_PACKAGES=.* dotnet tool install" "$work/tool" || { echo "getting-started: docs/cli.md's Installing block no longer starts a line with dotnet tool install" >&2; exit 1; }
echo "-- docs/cli.md 'Installing', from the repository root:"; sed "s#$work#\$scratch#g" "$work/tool" | sed 's/^/   $ /'
start=$SECONDS
(cd "$repo" && if [ -n "$repo_packages" ]; then export NUGET_PACKAGES="$repo_packages"; else unset NUGET_PACKAGES; fi
 bash -euo pipefail "$work/tool") > "$work/tool.log" 2>&1 || { cat "$work/tool.log" >&2; echo "getting-started: the Installing block failed" >&2; exit 1; }
grep -q '^message 0: ' "$work/tool.log" || { cat "$work/tool.log" >&2; echo "getting-started: the installed tool did not inspect" >&2; exit 1; }
echo "   ($((SECONDS - start)) s)"
echo "getting-started: passed (Fudge $version from the local feed, outside the repository; the fudge tool installed from its pack)"
