#!/usr/bin/env bash
# Reads the .NET-written vectors in ../from-dotnet (or the folder given) with the Java Fudge-Proto generates and writes
# verdicts.txt there. Same requirements as regenerate.sh, which does the work.
set -euo pipefail
exec "$(dirname "$0")/regenerate.sh" readback "$@"
