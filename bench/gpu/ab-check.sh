#!/usr/bin/env bash
# The decisive gate on a GPU (docs/gate.md, "Sequential measurement"): two
# bench/gpu/torch_server.py processes on one GPU as the two sides of a
# same-job A/B (`llm-perf-gate ab`, its defaults: blocks of requests taking
# turns, pairs added while undecided, the budget twice run.trials), the
# matrix of bench/gpu/gate.yml: an A/A (both 4 slots), then a candidate whose
# every decode step sleeps 1 ms more (about +11% per token on an H200).
#
#   NODE=/path/to/node CLI_JS=/path/to/bin/llm-perf-gate.js bench/gpu/ab-check.sh OUTDIR
#
# Verdicts, results and logs in OUTDIR. Loopback only; everything bounded by timeout -k.
set -u
out=${1:?usage: bench/gpu/ab-check.sh OUTDIR}
node=${NODE:-node}
cli_js=${CLI_JS:-bin/llm-perf-gate.js}
mkdir -p "$out"
log() { echo "[ab-check $(date -u +%H:%M:%S)] $*"; }
pids=()
start() { # $1: name, $2: port, rest: torch_server.py flags
  local name=$1 port=$2; shift 2
  timeout -k 5 500 python3 bench/gpu/torch_server.py --port "$port" "$@" >"$out/server-$name.log" 2>&1 &
  pids+=($!)
}
ready() { # $1: name
  for _ in $(seq 1 240); do grep -q '^ready:' "$out/server-$1.log" && return 0; sleep 0.5; done
  log "server $1 not ready:"; tail -5 "$out/server-$1.log"; return 1
}
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done; wait' EXIT
start a 8001 --slots 4
start b 8002 --slots 4
start t 8003 --slots 4 --step-sleep-ms 1
ready a && ready b && ready t || exit 1
log "servers ready"
ab() { # $1: name, $2: candidate port
  sed -e '/^target:/d' bench/gpu/gate.yml >"$out/$1.yml"
  printf 'ab:\n  baseline: { url: "http://127.0.0.1:8001" }\n  candidate: { url: "http://127.0.0.1:%s" }\n' "$2" >>"$out/$1.yml"
  log "ab $1"
  timeout -k 10 200 "$node" "$cli_js" ab --config "$out/$1.yml" --out-dir "$out/$1" --json "$out/$1-verdict.json" --markdown "$out/$1-report.md" >"$out/$1.log" 2>&1
  log "ab $1 exited $?"
  grep -E '^(verdict:|paired design|cost:|Undecided|chat@|after )' "$out/$1.log"
}
ab aa 8002
ab tpot 8003
