#!/usr/bin/env bash
# Regenerates the java-objects interop vectors by running Fudge-Java 0.3's own object mapping.
#
#   tests/interop/java-objects/generator/regenerate.sh            # rewrite from-java/<case>.fudge and .txt, and repeated/
#   tests/interop/java-objects/generator/regenerate.sh readback   # read from-dotnet/*.fudge, write from-dotnet/verdicts.txt
#
# Needs Java (javac with --release 8 support) and the sibling folder "shared" next to the repository checkout
# (<repo>/../shared/java/build.sh, which builds Fudge-Java 0.3 from source archives and may apt-get install a few
# Debian Java packages). CI has neither, so the vectors are committed; nothing in the .NET build runs this script.
# Override the location of build.sh with FUDGE_JAVA_BUILD=<path>, and its output folder with FJ=<dir>.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
vectors="$(cd "$here/.." && pwd)"
build="${FUDGE_JAVA_BUILD:-$root/../shared/java/build.sh}"
mode="${1:-generate}"
case "$mode" in
  generate) target="$vectors/from-java" ;;
  readback) target="${2:-$vectors/from-dotnet}" ;;
  *) echo "usage: $0 [generate | readback [dir]]" >&2; exit 2 ;;
esac
if [ ! -f "$build" ]; then
  echo "cannot find $build (the sibling shared/ folder); set FUDGE_JAVA_BUILD" >&2; exit 1
fi
export FJ="${FJ:-${TMPDIR:-/tmp}/fudge-java}"   # the same default as build.sh
bash "$build" >&2
# commons-beanutils (used by Fudge-Java's JavaBeanBuilder) needs commons-logging at run time; build.sh's classpath
# does not list it, but Debian's libcommons-beanutils-java depends on libcommons-logging-java, which puts
# commons-logging.jar in the same folder as commons-beanutils.jar.
cp="$(cat "$FJ/classpath")"
beanutils="$(tr ':' '\n' <<<"$cp" | grep '/commons-beanutils[^/]*\.jar$' | head -n 1)"
cp="$cp:$(dirname "$beanutils")/commons-logging.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac --release 8 -nowarn -encoding UTF-8 -cp "$cp" -d "$work" "$here"/src/com/acme/trading/*.java
mkdir -p "$target"
java -cp "$work:$cp" com.acme.trading.JavaObjectVectors "$mode" "$target"
# Messages built field by field with one name added several times (RepeatedNames.java): repeated/<case>.fudge and .txt.
[ "$mode" != generate ] || java -cp "$work:$cp" com.acme.trading.RepeatedNames "$vectors/repeated"
