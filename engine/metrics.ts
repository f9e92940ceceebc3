// /metrics of the embedded engine in vLLM's Prometheus format (the V1 names of
// vllm/v1/metrics/loggers.py), so demos and tests show engine telemetry
// without a GPU. What it can know: requests running (busy slots) and waiting
// (queued), KV cache usage (tokens held by running requests over the slots'
// total context), prompt / generation / prefix-cache token counters. It never
// preempts, so its preemption counter stays 0.
//
// The names are vLLM's, the engine is not: one more series,
// llm_perf_gate_embedded_build_info, says which engine this is, so telemetry
// reads these series with vLLM's mapping and labels them `embedded`, never
// `vllm` (src/telemetry/engine-series.ts). Its `version` label names the
// llama.cpp and node-llama-cpp builds, as vLLM's /version would.
import type { EngineStats } from './engine.js';

/** The series that identifies the embedded engine in a scrape (src/telemetry/engine-series.ts matches this name). */
export const EMBEDDED_MARKER = 'llm_perf_gate_embedded_build_info';

const f = (v: number): string => (Number.isInteger(v) ? `${v}.0` : String(v));

function labelValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function renderMetrics(stats: EngineStats, modelId: string, build: { llamaCpp: string; nodeLlamaCpp: string } | null = null): string {
  const l = `{engine="0",model_name="${labelValue(modelId)}"}`;
  const kv = stats.kvCapacity > 0 ? Math.min(1, stats.kvTokens / stats.kvCapacity) : 0;
  const series: [string, 'gauge' | 'counter', string, number][] = [
    ['vllm:num_requests_running', 'gauge', 'Number of requests in model execution batches.', stats.busy],
    ['vllm:num_requests_waiting', 'gauge', 'Number of requests waiting to be processed.', stats.queued],
    ['vllm:kv_cache_usage_perc', 'gauge', 'KV-cache usage. 1 means 100 percent usage.', Math.round(kv * 1e6) / 1e6],
    ['vllm:num_preemptions_total', 'counter', 'Cumulative number of preemption from the engine.', 0],
    ['vllm:prompt_tokens_total', 'counter', 'Number of prefill tokens processed.', stats.promptTokens],
    ['vllm:generation_tokens_total', 'counter', 'Number of generation tokens processed.', stats.completionTokens],
    ['vllm:prefix_cache_queries_total', 'counter', 'Prefix cache queries, in terms of number of queried tokens.', stats.promptTokens],
    ['vllm:prefix_cache_hits_total', 'counter', 'Prefix cache hits, in terms of number of cached tokens.', stats.cachedTokens],
    ['vllm:request_success_total', 'counter', 'Count of successfully processed requests.', stats.requests],
  ];
  const version = build === null ? 'unknown' : `llama.cpp ${build.llamaCpp}; node-llama-cpp ${build.nodeLlamaCpp}`;
  const marker = `# HELP ${EMBEDDED_MARKER} llm-perf-gate's embedded engine (llama.cpp through node-llama-cpp), serving vLLM's metric names.\n# TYPE ${EMBEDDED_MARKER} gauge\n${EMBEDDED_MARKER}{version="${labelValue(version)}"} 1.0\n`;
  return marker + series.map(([name, type, help, v]) => `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name}${l} ${f(v)}\n`).join('');
}
