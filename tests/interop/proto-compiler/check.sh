#!/usr/bin/env bash
# Feeds what `fudge schema infer --proto` writes for each input of inputs.txt to Fudge-Proto's own compiler
# (FudgeMsg/Fudge-Proto 741623f, v0.3, unmodified, built from source by the shared Java tools), lets it generate Java,
# compiles that Java against Fudge-Java 0.3, and writes <name>.proto and the verdicts (verdicts.txt) beside this script.
# Commit both: Fudge.Cli.Tests (Schema/ProtoCompilerFilesTests) checks that the tool still writes exactly these files,
# so a change to the --proto output fails CI until this script has been rerun and its verdicts read.
#
#   bash tests/interop/proto-compiler/check.sh     # from a developer's clone; never run by CI
#
# Needs the Java reference builds (build-proto.sh beside build.sh and their source archives), by default in the
# sibling folder of the checkout, ../shared/java/build-proto.sh (FUDGE_PROTO_BUILD=<path> to give another), OpenJDK
# and Debian's ant, antlr3 and commons-lang (build-proto.sh installs what is missing), and the .NET SDK to build the
# CLI. Exit code 1 when the compiler or javac refused a file.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
build="${FUDGE_PROTO_BUILD:-$repo/../shared/java/build-proto.sh}"
[ -f "$build" ] || { echo "check.sh needs Fudge-Proto's build script, $build (set FUDGE_PROTO_BUILD)" >&2; exit 2; }
export FP="${FP:-${TMPDIR:-/tmp}/fudge-proto-check}"

dotnet build "$repo/src/Fudge.Cli" -c Release -v q -nologo >/dev/null
fudge=(dotnet "$repo/src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll")

verdicts="$here/verdicts.txt"
refused=0
{
  echo "# Fudge-Proto 741623f's compiler (org.fudgemsg.proto.CommandLine -lJava) on each .proto of this folder, then"
  echo "# javac --release 8 on the Java it generated, against Fudge-Java 432dfd4. Written by check.sh; do not edit."
  echo "# Each file: 'accepted' (no error; the compiler's warnings follow, if any) or 'refused' and why;"
  echo "# then whether the generated Java compiles."
} > "$verdicts.tmp"
while read -r name args; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  # shellcheck disable=SC2086
  (cd "$repo" && "${fudge[@]}" schema infer --proto $args -o "$here/$name.proto")
  set +e
  log="$(bash "$build" "$here/$name.proto" 2>&1)"
  status=$?
  set -e
  # What the compiler said (positions are "file:line:column"), without this machine's paths.
  said="$(printf '%s\n' "$log" | grep -E '(Warning|Error|Info): ' | sed -e "s#$here/##g" -e 's/^/  /' || true)"
  classes="$(find "$FP/gen/$name" -name '*.java' 2>/dev/null | wc -l)"
  if [ "$status" -eq 0 ]; then
    printf '%s.proto: accepted; the generated Java compiles (%s files)\n' "$name" "$classes" >> "$verdicts.tmp"
    [ -z "$said" ] || printf '%s\n' "$said" >> "$verdicts.tmp"
  elif printf '%s\n' "$log" | grep -q 'Error: '; then
    refused=1
    printf '%s.proto: refused by the compiler\n%s\n' "$name" "$said" >> "$verdicts.tmp"
  else
    refused=1
    printf '%s.proto: accepted; the generated Java does not compile:\n' "$name" >> "$verdicts.tmp"
    printf '%s\n' "$log" | grep -E 'error:' | sed -e "s#$FP/gen/$name/##g" -e 's/^/  /' | head -20 >> "$verdicts.tmp"
  fi
  echo "$name.proto: $(sed -n '$p' "$verdicts.tmp" | head -c 200)" >&2
done < "$here/inputs.txt"
mv "$verdicts.tmp" "$verdicts"
cat "$verdicts"
exit "$refused"
