# Sourced by .ci/run and .ci/aside.sh: builds through a compiler server of the caller's own, named by
# SharedCompilationId (its pipe), and stop_compiler_server to end it when the caller ends.
# The server is on even where the environment turns it off (UseSharedCompilation=false): without it every project and
# target framework starts a csc process that loads and JIT-compiles the compiler and each analyzer and generator again,
# and reads the ~200 reference assemblies again. The solution's Release build took 360 s of CPU that way against 161 s
# through one server (2026-11-29, 2-core machine under load 30-40, .ci/run's restore and build on a clean clone).
# Usage: . .ci/compiler-server.sh NAME   (exports UseSharedCompilation=true and SharedCompilationId=NAME)
export UseSharedCompilation=true
export SharedCompilationId="${1:?usage: . .ci/compiler-server.sh NAME}"
stop_compiler_server() {
  local proc
  for proc in /proc/[0-9]*; do
    if { tr '\0' ' ' < "$proc/cmdline"; } 2>/dev/null | grep -q -- "-pipename:$SharedCompilationId"; then kill "${proc#/proc/}" 2>/dev/null || true; fi
  done
}
