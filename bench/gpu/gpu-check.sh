#!/usr/bin/env bash
# The GPU check (docs/telemetry.md, "Measured on one H200"): on a machine with
# an NVIDIA GPU, nvidia-smi and a python3 with PyTorch, from the checkout's root:
#
#   bench/gpu/gpu-check.sh OUTDIR        (NODE=/path/to/node when `node` is not Node >= 24,
#                                         CLI_JS=another copy of bin/llm-perf-gate.js)
#
# 1. Saves what the real nvidia-smi prints for each query the tool runs
#    (src/telemetry/nvidia-smi.ts), idle and under load, to OUTDIR/smi/.
# 2. Runs bench/gpu/gate.yml through the CLI against bench/gpu/torch_server.py
#    (a real GPU workload on 127.0.0.1) four times: base (4 slots), throttle
#    (4 slots, 2 ms sleep after each decode step), slots1 (1 slot), base2
#    (4 slots again), then compares base with each: base2 is the A/A.
#    Results, logs, reports and verdicts in OUTDIR/runs/.
# Every load and server is bounded by `timeout -k`; loopback traffic only.
set -u
out=${1:?usage: bench/gpu/gpu-check.sh OUTDIR}
node=${NODE:-node}
port=${PORT:-8001}
mkdir -p "$out/smi" "$out/runs"
cli_js=${CLI_JS:-bin/llm-perf-gate.js}
log() { echo "[gpu-check $(date -u +%H:%M:%S)] $*"; }

fields=index,name,utilization.gpu,memory.used,memory.total,power.draw,clocks.sm,clocks.mem,temperature.gpu
smi_capture() { # $1: suffix
  timeout -k 2 3 nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits -lms 250 >"$out/smi/sampler-$1.csv" 2>&1
  nvidia-smi --query-compute-apps=pid,process_name,used_memory,gpu_uuid --format=csv,noheader,nounits >"$out/smi/compute-apps-$1.csv" 2>&1
}

log "nvidia-smi: the queries the tool runs"
nvidia-smi >"$out/smi/banner.txt" 2>&1
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader,nounits >"$out/smi/inventory.csv" 2>&1
nvidia-smi topo -m >"$out/smi/topo.txt" 2>&1
smi_capture idle
cat "$out/smi/banner.txt" "$out/smi/inventory.csv"
head -3 "$out/smi/sampler-idle.csv"

server_pid=
start_server() { # $1: name, rest: torch_server.py flags
  local name=$1; shift
  # SERVER_FLAGS: more flags for every server (--backend sleep: a CPU-only rehearsal).
  timeout -k 5 600 python3 bench/gpu/torch_server.py --port "$port" "$@" ${SERVER_FLAGS:-} >"$out/runs/server-$name.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    grep -q '^ready:' "$out/runs/server-$name.log" && { log "$(grep '^ready:' "$out/runs/server-$name.log")"; return 0; }
    kill -0 $server_pid 2>/dev/null || break
    sleep 0.5
  done
  log "server $name did not start:"; cat "$out/runs/server-$name.log"; return 1
}
stop_server() {
  [ -n "$server_pid" ] || return 0
  kill -TERM $server_pid 2>/dev/null
  for _ in $(seq 1 20); do kill -0 $server_pid 2>/dev/null || break; sleep 0.25; done
  kill -KILL $server_pid 2>/dev/null
  wait $server_pid 2>/dev/null
  server_pid=
}
trap stop_server EXIT

measure() { # $1: name, rest: torch_server.py flags
  local name=$1; shift
  start_server "$name" "$@" || return 1
  local smi_pid=
  if [ "$name" = base ]; then (sleep 12; smi_capture load) & smi_pid=$!; fi
  log "run $name"
  timeout -k 10 200 "$node" "$cli_js" run --config bench/gpu/gate.yml --url "http://127.0.0.1:$port" --out "$out/runs/$name.json" >"$out/runs/run-$name.log" 2>&1
  log "run $name exited $?"
  grep -E '^(chat@|cost|  chat|environment)|telemetry:' "$out/runs/run-$name.log"
  [ -z "$smi_pid" ] || wait $smi_pid
  stop_server
}

measure base --slots 4
measure throttle --slots 4 --step-sleep-ms 2
measure slots1 --slots 1
measure base2 --slots 4

for cand in base2 throttle slots1; do
  [ -f "$out/runs/base.json" ] && [ -f "$out/runs/$cand.json" ] || continue
  timeout -k 5 60 "$node" "$cli_js" compare --baseline "$out/runs/base.json" --candidate "$out/runs/$cand.json" \
    --markdown "$out/runs/compare-$cand.md" --json "$out/runs/verdict-$cand.json" >"$out/runs/compare-$cand.log" 2>&1
  log "compare base -> $cand exited $?"
  tail -n 25 "$out/runs/compare-$cand.log"
done
log done
