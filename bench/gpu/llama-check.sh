#!/usr/bin/env bash
# The gate on llama.cpp's llama-server built with CUDA (docs/engines.md, "On a GPU").
# From the checkout's root, on a machine with nvcc, cmake, ninja and an NVIDIA GPU:
#
#   bench/gpu/llama-check.sh SRC.tar.xz VOCAB.gguf MAKE_MODEL.mjs OUTDIR [BUILD_LIMIT_S]
#
# SRC.tar.xz: the llama.cpp source node-llama-cpp ships (its git bundle, checked
# out and packed); VOCAB.gguf: its models/ggml-vocab-llama-spm.gguf;
# MAKE_MODEL.mjs: bench/gpu/make-model.ts bundled by esbuild. NODE and CLI_JS as
# for bench/gpu/gpu-check.sh. Builds only the llama-server target for sm_90
# (stopped after BUILD_LIMIT_S, default 420 s), makes the tiny model, then runs
# bench/gpu/gate.yml against -np 4 (base), -np 1 (np1) and -np 4 again (base2),
# all layers on the GPU, and compares base with each. Loopback only.
set -u
src=${1:?usage: llama-check.sh SRC.tar.xz VOCAB.gguf MAKE_MODEL.mjs OUTDIR [BUILD_LIMIT_S]}
vocab=${2:?}; maker=${3:?}; out=${4:?}; limit=${5:-420}
node=${NODE:-node}; cli_js=${CLI_JS:-bin/llm-perf-gate.js}; port=${PORT:-8002}
work=${WORK:-/tmp/llama-gpu}
mkdir -p "$out" "$work"
log() { echo "[llama-check $(date -u +%H:%M:%S)] $*"; }
export PATH=/usr/local/cuda/bin:$PATH

log "unpacking"; tar -xJif "$src" -C "$work" || exit 1
log "configuring: $(nvcc --version | tail -1)"
t0=$(date +%s)
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=ON \
  -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 -DGGML_CUDA_NCCL=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF \
  -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
  -DLLAMA_BUILD_SERVER=ON >"$out/cmake.log" 2>&1 || { log "cmake failed"; tail -30 "$out/cmake.log"; exit 1; }
log "configured in $(( $(date +%s) - t0 )) s; building llama-server with $(nproc) jobs, limit $limit s"
timeout -k 5 "$limit" cmake --build "$work/build" --target llama-server -j "$(nproc)" >"$out/build.log" 2>&1
rc=$?
log "build exited $rc after $(( $(date +%s) - t0 )) s (configure included); last step: $(grep -o '^\[[0-9]*/[0-9]*\]' "$out/build.log" | tail -1)"
bin=$work/build/bin/llama-server
[ $rc -eq 0 ] && [ -x "$bin" ] || { tail -5 "$out/build.log"; exit 1; }
"$bin" --version 2>&1 | tail -2

model=$("$node" "$maker" "$vocab" "$work/models") || exit 1
log "model $model ($(stat -c %s "$model") bytes)"

pid=
stop() { [ -n "$pid" ] || return 0; kill -TERM $pid 2>/dev/null; for _ in $(seq 1 20); do kill -0 $pid 2>/dev/null || break; sleep 0.25; done; kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null; pid=; }
trap stop EXIT
measure() { # $1: name, $2: slots
  timeout -k 5 300 "$bin" -m "$model" --host 127.0.0.1 --port "$port" -ngl 99 -np "$2" -c 8192 --metrics >"$out/server-$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    "$node" -e "fetch('http://127.0.0.1:$port/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" && break
    sleep 0.5
  done
  log "run $1 (-np $2)"
  timeout -k 10 150 "$node" "$cli_js" run --config bench/gpu/gate.yml --url "http://127.0.0.1:$port" --out "$out/$1.json" >"$out/run-$1.log" 2>&1
  log "run $1 exited $?"
  grep -E '^(chat@|  chat|environment)|telemetry:' "$out/run-$1.log"
  stop
}
measure base 4
measure np1 1
measure base2 4
for cand in base2 np1; do
  [ -f "$out/base.json" ] && [ -f "$out/$cand.json" ] || continue
  timeout -k 5 60 "$node" "$cli_js" compare --baseline "$out/base.json" --candidate "$out/$cand.json" \
    --markdown "$out/compare-$cand.md" --json "$out/verdict-$cand.json" >"$out/compare-$cand.log" 2>&1
  log "compare base -> $cand exited $?"
  tail -n 20 "$out/compare-$cand.log"
done
log done
