#!/usr/bin/env bash
# Requests per second, bytes per response and server allocations per request of the same Order returned as Fudge
# (Fudge.AspNetCore's FudgeResults) and as System.Text.Json source-generated JSON (Results.Json), over loopback,
# with Debian's wrk as the load generator (installed when missing). Run from anywhere:
#   bash benchmarks/Fudge.Web.Benchmarks/run.sh                 # 3 rounds of 15 s per endpoint, alternating
#   bash benchmarks/Fudge.Web.Benchmarks/run.sh --quick         # one 2 s round each (CI: proves the harness runs)
#   bash benchmarks/Fudge.Web.Benchmarks/run.sh --results FILE  # also write the table, machine and load to FILE
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds=3 seconds=15 warmup=5 results="" connections=32
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) rounds=1 seconds=2 warmup=1 ;;
    --results) results="$2"; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

if ! command -v wrk > /dev/null; then
  echo "== installing wrk (Debian package)"
  (apt-get install -y -q wrk > /dev/null 2>&1 || { apt-get update -q > /dev/null && apt-get install -y -q wrk > /dev/null; })
fi

[ -f benchmarks/Fudge.Web.Benchmarks/bin/Release/net10.0/Fudge.Web.Benchmarks.dll ] || dotnet build -c Release benchmarks/Fudge.Web.Benchmarks > /dev/null
out="$(mktemp -d)"
dotnet benchmarks/Fudge.Web.Benchmarks/bin/Release/net10.0/Fudge.Web.Benchmarks.dll > "$out/server.txt" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
for _ in $(seq 100); do grep -q '^http://' "$out/server.txt" && break; sleep 0.1; done
base="$(head -n 1 "$out/server.txt")"
load_before="$(uptime)"

# One wrk run against an endpoint; appends "endpoint req/s latency-avg alloc-bytes requests" to $out/runs.
measure() {
  local endpoint="$1" duration="$2" before after
  before="$(curl -s "$base/stats")"
  wrk -t1 -c"$connections" -d"${duration}s" --latency "$base/$endpoint" > "$out/wrk.txt"
  after="$(curl -s "$base/stats")"
  local rps latency
  rps="$(awk '/^Requests\/sec:/ { print $2 }' "$out/wrk.txt")"
  latency="$(awk '/^    Latency/ { print $2 }' "$out/wrk.txt")"
  echo "$endpoint $rps $latency $before $after" >> "$out/runs"
}

echo "== warm-up (${warmup} s each), then $rounds round(s) of ${seconds} s per endpoint, alternating; wrk -t1 -c$connections against $base"
measure fudge "$warmup"; measure json "$warmup"; : > "$out/runs"
for round in $(seq "$rounds"); do
  measure fudge "$seconds"
  measure json "$seconds"
done
load_after="$(uptime)"

bytes_of() { curl -s -o /dev/null -w '%{size_download}' "$base/$1"; }
fudge_bytes="$(bytes_of fudge)" json_bytes="$(bytes_of json)"

table="$(awk -v fb="$fudge_bytes" -v jb="$json_bytes" '
  { n[$1]++; rps[$1] += $2; lat[$1] = lat[$1] " " $3; alloc[$1] += ($6 - $4); reqs[$1] += ($7 - $5)
    runs[$1] = runs[$1] (runs[$1] == "" ? "" : ", ") sprintf("%.0f", $2) }
  END {
    print "| Endpoint | Requests/s (mean) | Each round | Latency (avg, each round) | Bytes per response body | Server allocations per request |"
    print "|---|---:|---|---|---:|---:|"
    printf "| `GET /fudge` (FudgeResults.Fudge) | %.0f | %s | %s | %d | %.0f B |\n", rps["fudge"] / n["fudge"], runs["fudge"], lat["fudge"], fb, alloc["fudge"] / reqs["fudge"]
    printf "| `GET /json` (Results.Json, source-generated) | %.0f | %s | %s | %d | %.0f B |\n", rps["json"] / n["json"], runs["json"], lat["json"], jb, alloc["json"] / reqs["json"]
    printf "\nFudge / JSON: %.2fx the requests per second, %.2fx the bytes, %.2fx the allocations per request.\n",
      (rps["fudge"] / n["fudge"]) / (rps["json"] / n["json"]), fb / jb, (alloc["fudge"] / reqs["fudge"]) / (alloc["json"] / reqs["json"])
  }' "$out/runs")"
echo "$table"
echo "load before: $load_before"
echo "load after:  $load_after"

if [ -n "$results" ]; then
  {
    echo "# Fudge vs System.Text.Json over HTTP: requests per second"
    echo
    echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr), .NET $(dotnet --version) SDK, Server GC"
    echo "- Command: \`bash benchmarks/Fudge.Web.Benchmarks/run.sh --results $results\`"
    echo "- Load: wrk 1 thread, $connections connections, loopback; $rounds rounds of ${seconds} s per endpoint, alternating, after a ${warmup} s warm-up each"
    echo "- Machine load (uptime) before: \`${load_before# }\`"
    echo "- Machine load (uptime) after: \`${load_after# }\`"
    echo
    echo "$table"
    echo
    echo "Server allocations per request: \`GC.GetTotalAllocatedBytes(precise: true)\` read on a side endpoint before and"
    echo "after each run, divided by the requests counted in between: everything the server allocated, Kestrel's own"
    echo "per-request objects included (the same on both sides)."
  } > "$results"
  echo "== written $results"
fi
