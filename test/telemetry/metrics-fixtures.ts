// /metrics texts in the formats the engines really print, with the varying
// values as parameters so a test can play a server through a cell.
// vLLM V1: the series and HELP texts of vllm/v1/metrics/loggers.py, as a
// vLLM 0.8-0.10 server prints them (floats with `.0`, `engine` and
// `model_name` labels, `_created` samples beside each counter, histograms).
// llama.cpp: recorded from llama-server --metrics (tools/server/server.cpp
// handle_metrics): unlabelled `llamacpp:` series, integers without a decimal point.

import { fileURLToPath } from 'node:url';
import type { EnvironmentFingerprint } from '../../src/telemetry/types.js';

/** Put first on PATH to have test/support/fake-nvidia-smi answer as nvidia-smi. */
export const FAKE_SMI_DIR = fileURLToPath(new URL('../support/fake-nvidia-smi', import.meta.url));

/** A one-H100 vLLM machine. */
export const H100_ENV: EnvironmentFingerprint = {
  gpu_status: 'ok',
  gpus: [{ index: 0, name: 'NVIDIA H100 80GB HBM3', memory_total_mib: 81559 }],
  driver_version: '550.54.15',
  cuda_version: '12.4',
  gpu_topology: null,
  cpu_model: 'AMD EPYC 9654',
  cpus: 32,
  memory_gb: 251.5,
  engine: { name: 'vllm', version: '0.10.1', source: '/version' },
  model: 'm',
  runner: null,
};

export interface EngineState {
  running: number;
  waiting: number;
  kv: number;
  prompt: number;
  cached: number;
  generation: number;
  preemptions: number;
}

const MODEL = 'model_name="meta-llama/Llama-3.1-8B-Instruct"';

export function vllmMetrics(s: EngineState): string {
  const l = `{engine="0",${MODEL}}`;
  const f = (v: number): string => (Number.isInteger(v) ? `${v}.0` : String(v));
  return `# HELP python_gc_objects_collected_total Objects collected during gc
# TYPE python_gc_objects_collected_total counter
python_gc_objects_collected_total{generation="0"} 12873.0
python_gc_objects_collected_total{generation="1"} 2201.0
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 3.170222080e+09
# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running${l} ${f(s.running)}
# HELP vllm:num_requests_waiting Number of requests waiting to be processed.
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting${l} ${f(s.waiting)}
# HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.
# TYPE vllm:kv_cache_usage_perc gauge
vllm:kv_cache_usage_perc${l} ${f(s.kv)}
# HELP vllm:prefix_cache_queries_total Prefix cache queries, in terms of number of queried tokens.
# TYPE vllm:prefix_cache_queries_total counter
vllm:prefix_cache_queries_total${l} ${f(s.prompt)}
# HELP vllm:prefix_cache_queries_created Prefix cache queries, in terms of number of queried tokens.
# TYPE vllm:prefix_cache_queries_created gauge
vllm:prefix_cache_queries_created${l} 1.7645486e+09
# HELP vllm:prefix_cache_hits_total Prefix cache hits, in terms of number of cached tokens.
# TYPE vllm:prefix_cache_hits_total counter
vllm:prefix_cache_hits_total${l} ${f(s.cached)}
# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.
# TYPE vllm:num_preemptions_total counter
vllm:num_preemptions_total${l} ${f(s.preemptions)}
# HELP vllm:prompt_tokens_total Number of prefill tokens processed.
# TYPE vllm:prompt_tokens_total counter
vllm:prompt_tokens_total${l} ${f(s.prompt)}
# HELP vllm:generation_tokens_total Number of generation tokens processed.
# TYPE vllm:generation_tokens_total counter
vllm:generation_tokens_total${l} ${f(s.generation)}
# HELP vllm:request_success_total Count of successfully processed requests.
# TYPE vllm:request_success_total counter
vllm:request_success_total{engine="0",finished_reason="stop",${MODEL}} 0.0
vllm:request_success_total{engine="0",finished_reason="length",${MODEL}} 42.0
# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.
# TYPE vllm:time_to_first_token_seconds histogram
vllm:time_to_first_token_seconds_sum${l} 3.2145
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.001",${MODEL}} 0.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.005",${MODEL}} 0.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",${MODEL}} 42.0
vllm:time_to_first_token_seconds_count${l} 42.0
# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig
# TYPE vllm:cache_config_info gauge
vllm:cache_config_info{block_size="16",cache_dtype="auto",enable_prefix_caching="True",gpu_memory_utilization="0.9",num_gpu_blocks="27328"} 1.0
`;
}

export function llamacppMetrics(s: EngineState): string {
  // Recorded from llama-server (build b1-80fb11a, the source node-llama-cpp ships) with --metrics.
  return `# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed, excluding cached tokens
# TYPE llamacpp:prompt_tokens_total counter
llamacpp:prompt_tokens_total ${s.prompt - s.cached}
# HELP llamacpp:prompt_tokens_cached_total Number of prompt tokens reused from the cache
# TYPE llamacpp:prompt_tokens_cached_total counter
llamacpp:prompt_tokens_cached_total ${s.cached}
# HELP llamacpp:prompt_seconds_total Total time spent processing prompts
# TYPE llamacpp:prompt_seconds_total counter
llamacpp:prompt_seconds_total 0.014858
# HELP llamacpp:tokens_predicted_total Number of generation tokens processed
# TYPE llamacpp:tokens_predicted_total counter
llamacpp:tokens_predicted_total ${s.generation}
# HELP llamacpp:tokens_predicted_seconds_total Total time spent generating tokens
# TYPE llamacpp:tokens_predicted_seconds_total counter
llamacpp:tokens_predicted_seconds_total 0.026998
# HELP llamacpp:n_decode_total Total number of llama_decode() calls, excluding speculative decoding and multimodal decoding
# TYPE llamacpp:n_decode_total counter
llamacpp:n_decode_total 2210
# HELP llamacpp:n_tokens_max Largest observed sequence length (prompt + generation)
# TYPE llamacpp:n_tokens_max counter
llamacpp:n_tokens_max 7
# HELP llamacpp:spec_decode_num_draft_tokens_total Speculative: Total draft tokens generated
# TYPE llamacpp:spec_decode_num_draft_tokens_total counter
llamacpp:spec_decode_num_draft_tokens_total 0
# HELP llamacpp:prompt_tokens_seconds Average prompt throughput in tokens/s
# TYPE llamacpp:prompt_tokens_seconds gauge
llamacpp:prompt_tokens_seconds 201.911
# HELP llamacpp:predicted_tokens_seconds Average generation throughput in tokens/s
# TYPE llamacpp:predicted_tokens_seconds gauge
llamacpp:predicted_tokens_seconds 148.159
# HELP llamacpp:requests_processing Number of requests processing
# TYPE llamacpp:requests_processing gauge
llamacpp:requests_processing ${s.running}
# HELP llamacpp:requests_deferred Number of requests deferred
# TYPE llamacpp:requests_deferred gauge
llamacpp:requests_deferred ${s.waiting}
# HELP llamacpp:n_busy_slots_per_decode Average number of busy slots per llama_decode() call
# TYPE llamacpp:n_busy_slots_per_decode gauge
llamacpp:n_busy_slots_per_decode 3.61
`;
}
