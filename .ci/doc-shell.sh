#!/usr/bin/env bash
# Runs the shell blocks of README.md and docs/*.md (the convention is docs/doc-check.md, "Shell blocks") in a scratch
# copy of the repository, one copy per markdown file with its blocks in order, `fudge` on PATH (the Release build of
# src/Fudge.Cli). Fails on a block that exits non-zero, a transcript whose output contradicts the doc, a fence with no
# language, and a command that changes a file of the repository's own.
# Usage: bash .ci/doc-shell.sh   (after `dotnet build src/Fudge.Cli -c Release`; CI=1 makes a down server a failure)
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cli="${FUDGE_CLI_DLL:-$repo/src/Fudge.Cli/bin/Release/net10.0/Fudge.Cli.dll}"
[ -f "$cli" ] || { echo "doc-shell: build src/Fudge.Cli in Release first ($cli)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
printf '#!/usr/bin/env bash\nexec dotnet "%s" "$@"\n' "$cli" > "$work/bin/fudge"
chmod +x "$work/bin/fudge"
export PATH="$work/bin:$PATH"
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

failures=0 ran=0 compared=0 skipped=0 notrun=0
fail() { echo "FAILED $*" >&2; failures=$((failures + 1)); }

# Every fenced block as: FILE LINE TAG MARKER, its body in a numbered file.
awk -v out="$work/block" '
  FNR == 1 { marker = ""; fence = "" }
  fence == "" && match($0, /^ *(```+|~~~+)/) {
    open = substr($0, RSTART, RLENGTH); sub(/^ */, "", open); fence = open
    tag = substr($0, RSTART + RLENGTH); sub(/ .*/, "", tag); n++; body = out n
    printf "" > body
    print FILENAME "\t" FNR "\t" tag "\t" marker > (out ".index"); marker = ""; next }
  fence != "" {
    line = $0; sub(/^ */, "", line); sub(/ *$/, "", line)
    if (substr(line, 1, length(fence)) == fence && line ~ ("^" substr(fence, 1, 1) "+$")) { fence = ""; close(body); next }
    print > body; next }
  /^<!-- shell-check:.*-->$/ { marker = $0; sub(/^<!-- shell-check: */, "", marker); sub(/ *-->$/, "", marker); next }
  NF { marker = "" }' "$repo/README.md" "$repo"/docs/*.md
# (a doc-check comment of a C# block spans lines; only a shell-check marker on the line right before a fence counts)

copy_for() {   # a fresh scratch copy of the repository, without build output, for one markdown file
  local dest="$work/copy-$1"
  mkdir -p "$dest"
  (cd "$repo" && tar --exclude=./.git --exclude=bin --exclude=obj --exclude=BenchmarkDotNet.Artifacts --exclude=node_modules -cf - .) | tar -xf - -C "$dest"
  echo "$dest"
}

# Compares a transcript's expected lines with the output: exact lines (trailing blanks ignored), '...' alone on a
# line standing for any number of lines.
matches() {   # expected-file actual-file
  awk 'NR == FNR { sub(/[ \t]+$/, ""); want[++w] = $0; next } { sub(/[ \t]+$/, ""); got[++g] = $0 }
    function m(i, j,   k) {
      if (i > w) return j > g
      if (want[i] ~ /^[ \t]*\.\.\.$/) { for (k = j; k <= g + 1; k++) if (m(i + 1, k)) return 1; return 0 }
      return j <= g && want[i] == got[j] && m(i + 1, j + 1) }
    END { exit m(1, 1) ? 0 : 1 }' "$1" "$2"
}

declare -A copies=()
stamp="$work/stamp"
n=0
while IFS=$'\t' read -r file line tag marker <&3; do
  n=$((n + 1)); body="$work/block$n"; where="${file#$repo/}:$line"
  case "$tag" in
    bash|sh|shell|console) ;;
    "") fail "$where: a fence with no language: tag it bash (commands that run), console (a transcript) or text (neither)"; continue ;;
    *) continue ;;
  esac
  case "$marker" in
    skip:*) skipped=$((skipped + 1)); echo "  not run: $where (${marker#skip: })"; continue ;;
    needs=rabbitmq|needs=postgres)
      port=5672; [ "$marker" = needs=postgres ] && port=5432
      if ! listening $port; then
        if [ -n "${CI:-}" ]; then fail "$where: needs ${marker#needs=}, which is not listening on 127.0.0.1:$port"
        else notrun=$((notrun + 1)); echo "  not run: $where (needs ${marker#needs=}: bash .ci/${marker#needs=}.sh start)"; fi
        continue
      fi ;;
    "") ;;
    *) fail "$where: unknown shell-check marker '$marker' (skip: REASON, needs=rabbitmq, needs=postgres)"; continue ;;
  esac
  key="${file//\//_}"
  [ -n "${copies[$key]:-}" ] || copies[$key]="$(copy_for "${#copies[@]}")"
  dir="${copies[$key]}"
  [ -d "$dir" ] || { echo "doc-shell: no scratch copy for $file" >&2; exit 1; }
  touch "$stamp"; sleep 1
  if [ "$tag" = console ]; then
    # A transcript: each '$ ' line is run; the lines after it, up to the next '$ ' line, are what it must print
    # (stdout and stderr). A command that ends in '# exits N' must exit N, any other must exit 0.
    awk -v out="$work/t$n" '/^\$ / { c++; cmd = substr($0, 3); print cmd > (out "." c ".cmd"); close(out "." c ".cmd"); printf "" > (out "." c ".want"); next }
      c { print > (out "." c ".want") }' "$body"
    for cmdfile in $(ls "$work/t$n".*.cmd 2>/dev/null | sort -t. -k2 -n); do
      want="${cmdfile%.cmd}.want"
      # blank lines that only separate one command from the next are not output
      sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$want"
      expected_exit=$(sed -n 's/.*# exits \([0-9]*\)[[:space:]]*$/\1/p' "$cmdfile"); expected_exit="${expected_exit:-0}"
      (cd "$dir" && timeout 120 bash -c "$(cat "$cmdfile")") < /dev/null > "$cmdfile.out" 2>&1; code=$?
      ran=$((ran + 1))
      if [ "$code" != "$expected_exit" ]; then fail "$where: \$ $(cat "$cmdfile")  exited $code (expected $expected_exit):"; sed 's/^/    /' "$cmdfile.out" | head -n 20 >&2; continue; fi
      if [ -s "$want" ]; then
        if matches "$want" "$cmdfile.out"; then compared=$((compared + 1))
        else fail "$where: \$ $(cat "$cmdfile")  printed something else than the doc shows:"; diff "$want" "$cmdfile.out" | head -n 20 | sed 's/^/    /' >&2; fi
      fi
    done
  else
    (cd "$dir" && timeout 300 bash -e "$body") < /dev/null > "$body.out" 2>&1; code=$?
    ran=$((ran + 1))
    [ "$code" = 0 ] || { fail "$where: exited $code:"; tail -n 20 "$body.out" | sed 's/^/    /' >&2; }
  fi
  # A documented command writes to a scratch folder or to an ignored name, never over a file of the repository.
  changed="$(cd "$dir" && find . -newer "$stamp" -type f -not -path './out/*' | while read -r f; do [ -e "$repo/$f" ] && echo "${f#./}"; done)"
  [ -z "$changed" ] || fail "$where: overwrites files of the repository (write to a scratch folder instead): $(echo $changed)"
done 3< "$work/block.index"

# What the commands left in the copies' roots must be ignored by .gitignore, so a reader's clone stays clean.
for key in "${!copies[@]}"; do
  dir="${copies[$key]}"
  for entry in $(cd "$dir" && ls -A); do
    [ -e "$repo/$entry" ] && continue
    ignored=0
    while read -r pattern; do
      pattern="${pattern%/}"; pattern="${pattern#/}"
      [ -n "$pattern" ] && [[ "$entry" == $pattern ]] && ignored=1
    done < <(grep -v '^#' "$repo/.gitignore")
    [ "$ignored" = 1 ] || fail "${key//_//}: documented commands leave '$entry' in the repository root, and .gitignore does not ignore it"
  done
done

echo "doc shell blocks: $ran commands or blocks run, $compared transcripts compared, $skipped marked not to run, $notrun not run (server down); $failures failure(s)"
[ "$failures" = 0 ]
