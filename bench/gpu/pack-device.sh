#!/usr/bin/env bash
# Packs, into DIR (default .device: keep it git-ignored, e.g. in .git/info/exclude),
# what bench/gpu/gpu-check.sh and bench/gpu/llama-check.sh need on a GPU machine
# with no Node and no network, small enough to travel with the checkout (about
# 37 MB; node_modules stays behind). Run from the checkout's root after `npm ci`:
#
#   bench/gpu/pack-device.sh [DIR]
#
#   DIR/node.xz                        the pinned Node (node_modules/node/bin/node)
#   DIR/cli.tar.xz                     cli/{bin,dist,package.json}: the CLI as built now
#   DIR/llama/llama-src.tar.xz         the llama.cpp source node-llama-cpp ships (its git
#                                      bundle), less the other GPU backends and the web UI
#   DIR/llama/ggml-vocab-llama-spm.gguf, DIR/llama/make-model.mjs   the tiny model's inputs
#
# On the GPU machine (2026-12-04, one H200; each command bounded by `timeout -k`):
#   xz -dc .device/node.xz >/tmp/nb/node && chmod +x /tmp/nb/node && tar xJf .device/cli.tar.xz -C /tmp/nb
#   NODE=/tmp/nb/node CLI_JS=/tmp/nb/cli/bin/llm-perf-gate.js bench/gpu/gpu-check.sh /tmp/gc
#   NODE=... CLI_JS=... bench/gpu/llama-check.sh .device/llama/llama-src.tar.xz \
#     .device/llama/ggml-vocab-llama-spm.gguf .device/llama/make-model.mjs /tmp/lc 420
set -eu
dir=${1:-.device}
mkdir -p "$dir/llama"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

xz -T0 -6 -c node_modules/node/bin/node >"$dir/node.xz"
mkdir "$tmp/cli" && cp -r bin dist package.json "$tmp/cli/"
tar cJf "$dir/cli.tar.xz" -C "$tmp" cli

bundle=$(ls engine/node_modules/node-llama-cpp/llama/gitRelease.bundle node_modules/node-llama-cpp/llama/gitRelease.bundle 2>/dev/null | head -1)
git -c advice.detachedHead=false clone --quiet "$bundle" "$tmp/src"
(cd "$tmp/src" && tar cJf - --exclude=.git \
  --exclude=ggml/src/ggml-vulkan --exclude=ggml/src/ggml-sycl --exclude=ggml/src/ggml-opencl \
  --exclude=ggml/src/ggml-metal --exclude=ggml/src/ggml-hexagon --exclude=ggml/src/ggml-et \
  --exclude=ggml/src/ggml-cann --exclude=ggml/src/ggml-webgpu --exclude=ggml/src/ggml-openvino \
  --exclude=ggml/src/ggml-zdnn --exclude='tools/server/public*' \
  --exclude=tools/ui/src --exclude=tools/ui/tests --exclude=tools/ui/package-lock.json \
  CMakeLists.txt LICENSE licenses cmake scripts ggml src include common tools vendor app) >"$dir/llama/llama-src.tar.xz"
cp "$tmp/src/models/ggml-vocab-llama-spm.gguf" "$dir/llama/"
node_modules/.bin/esbuild bench/gpu/make-model.ts --bundle --platform=node --format=esm --log-level=warning --outfile="$dir/llama/make-model.mjs"
du -sh "$dir"
