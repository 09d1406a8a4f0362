#!/usr/bin/env bash
# Regenerates the proto-java interop vectors by running the Java that Fudge-Proto 0.3 generates from ../wide.proto.
#
#   tests/interop/proto-java/generator/regenerate.sh                  # rewrite from-java/<case>.fudge and .txt
#   tests/interop/proto-java/generator/regenerate.sh readback [DIR]   # read from-dotnet/*.fudge, write verdicts.txt
#
# Needs Java (javac with --release 8 support) and the sibling folder "shared" next to the repository checkout
# (<repo>/../shared/java/build-proto.sh, which builds Fudge-Java 0.3 and Fudge-Proto 0.3 from source archives, runs
# Fudge-Proto's Java generator on wide.proto and compiles the result; it may apt-get install a few Debian Java
# packages). CI has neither, so the vectors are committed; nothing in the .NET build runs this script.
# Override the location of build-proto.sh with FUDGE_PROTO_BUILD=<path>, and its output folder with FP=<dir>.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
vectors="$(cd "$here/.." && pwd)"
build="${FUDGE_PROTO_BUILD:-$root/../shared/java/build-proto.sh}"
mode="${1:-generate}"
case "$mode" in
  generate) target="$vectors/from-java" ;;
  readback) target="${2:-$vectors/from-dotnet}" ;;
  *) echo "usage: $0 [generate | readback [dir]]" >&2; exit 2 ;;
esac
if [ ! -f "$build" ]; then
  echo "cannot find $build (the sibling shared/ folder); set FUDGE_PROTO_BUILD" >&2; exit 1
fi
export FP="${FP:-${TMPDIR:-/tmp}/fudge-proto}"   # the same default as build-proto.sh
bash "$build" "$vectors/wide.proto" >&2
# The generated classes need Fudge-Java, ThreeTen and commons-lang (all in $FP/cp); Fudge-Java's class loading of
# the mapping package is not used here, so commons-beanutils and commons-logging are not needed at run time.
cp="$(cat "$FP/cp")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac --release 8 -nowarn -encoding UTF-8 -cp "$cp" -d "$work" "$here"/src/org/example/wide/vectors/*.java
mkdir -p "$target"
java -cp "$work:$cp" org.example.wide.vectors.ProtoJavaVectors "$mode" "$target"
