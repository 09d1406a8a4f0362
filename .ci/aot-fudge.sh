#!/usr/bin/env bash
# The NativeAOT `fudge` binary as docs/cli.md ships it: published (README/docs/cli.md's command, into a scratch folder),
# then copied with the one file that must accompany it (libe_sqlite3.so, SQLite for `fudge store`) into an empty
# folder, and run from there on the repository's samples: inspect with the binary alone, then `fudge store` import,
# index, count and query on a new store, and `fudge schema check --proto` (--types refused). Fails if the publish folder holds any other native library the binary would
# need, or if an answer differs from docs/store.md's.
# Usage: bash .ci/aot-fudge.sh   (clang/gcc and zlib headers: bash .ci/aot-prerequisites)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

start=$SECONDS
dotnet publish "$repo/src/Fudge.Cli" -c Release -r linux-x64 -p:NativeAot=true -o "$work/publish" > "$work/publish.log" 2>&1 \
  || { tail -n 30 "$work/publish.log" >&2; exit 1; }
echo "-- published in $((SECONDS - start)) s: $(cd "$work/publish" && ls | tr '\n' ' ')"
# Only the binary and SQLite's library run; debug symbols and the libraries' XML docs and PDBs are not needed. Any
# other file (a native library) would have to ship too, and the docs would have to say so.
extra="$(cd "$work/publish" && ls | grep -v -x -e Fudge.Cli -e libe_sqlite3.so | grep -v -e '\.dbg$' -e '\.pdb$' -e '\.xml$' || true)"
[ -z "$extra" ] || { echo "aot-fudge: the publish folder holds files the docs do not say to ship: $extra" >&2; exit 1; }

bin="$work/alone"
mkdir -p "$bin"
cp "$work/publish/Fudge.Cli" "$bin/fudge"
cd "$work"
ln -s "$repo/samples" samples
"$bin/fudge" inspect samples/ticks.fudge | head -n 1 | grep -qx 'message 0: 116 bytes, directives 0, schema 0, taxonomy 0' \
  || { echo "aot-fudge: the binary alone does not inspect" >&2; exit 1; }
echo "-- the binary alone: inspect works"

cp "$work/publish/libe_sqlite3.so" "$bin/"
echo "-- beside libe_sqlite3.so: fudge store (folder: $(ls "$bin" | tr '\n' ' '))"
expect() {   # expected-output command...
  local want="$1"; shift
  local got; got="$("$@" 2>&1)" || { echo "aot-fudge: '$*' failed: $got" >&2; exit 1; }
  [ "$got" = "$want" ] || { echo "aot-fudge: '$*' printed '$got', expected '$want'" >&2; exit 1; }
  echo "   \$ ${*/#$bin\//} -> $got"
}
where="\$.System.Hostname == 'node-5' && \$.Log.Type in ['AUDIT', 'SECURITY']"
expect "imported 24 documents into 'documents'" "$bin/fudge" store import logs.db samples/logs.fudge
expect "indexed \$.System.Hostname in 'documents'" "$bin/fudge" store index logs.db '$.System.Hostname'
expect 1 "$bin/fudge" store count logs.db -w "$where"
expect '{"System":{"Hostname":"node-5","Pid":4059},"Log":{"Type":"SECURITY","Seq":9,"Time":"2026-03-02T09:07:45.000000000+00:00","Text":"security event 9 on node-5"},"Company":{"Ticker":"AAPL"}}' \
  "$bin/fudge" store query logs.db -w "$where" --json

# fudge schema check: --proto works in the binary; --types (loading compiled code) is a usage error there (docs/cli.md).
"$bin/fudge" schema infer --proto samples/ticks.fudge -o ticks.proto
"$bin/fudge" schema check --proto ticks.proto samples/ticks.fudge | head -n 1 | grep -qx '40 messages checked against ticks.proto: 40 fit, 0 do not' \
  || { echo "aot-fudge: the binary does not check the ticks against their .proto" >&2; exit 1; }
code=0; "$bin/fudge" schema check --types ticks.dll samples/ticks.fudge 2> types.err || code=$?
[ "$code" = 2 ] && grep -q 'this NativeAOT binary cannot load assemblies' types.err \
  || { echo "aot-fudge: schema check --types exited $code: $(cat types.err)" >&2; exit 1; }
echo "-- schema check: --proto works, --types is refused with exit code 2"
echo "aot-fudge: passed ($((SECONDS - start)) s)"
