import { describe, expect, it } from 'vitest';
import { maxOf, parseExposition, sumOf } from '../../src/telemetry/prometheus.js';
import { detectEngine, readEngine } from '../../src/telemetry/engine-series.js';
import { llamacppMetrics, vllmMetrics } from './metrics-fixtures.js';

const STATE = { running: 3, waiting: 1, kv: 0.42, prompt: 5000, cached: 1200, generation: 2100, preemptions: 2 };

describe('Prometheus text format', () => {
  it('reads names, labels with escapes, special values and timestamps', () => {
    const e = parseExposition(
      [
        '# HELP a_total A counter.',
        '# TYPE a_total counter',
        'a_total{path="/v1/x",msg="say \\"hi\\"\\n",back="a\\\\b"} 12 1700000000000',
        'b_gauge NaN',
        'c_gauge{le="+Inf",} +Inf',
        'd:colon:name -1.5e-3',
        '',
        '# EOF',
      ].join('\r\n'),
    );
    expect(e.badLines).toBe(0);
    expect(e.types.get('a_total')).toBe('counter');
    expect(e.samples[0]).toEqual({ name: 'a_total', labels: { path: '/v1/x', msg: 'say "hi"\n', back: 'a\\b' }, value: 12 });
    expect(Number.isNaN(e.samples[1]!.value)).toBe(true);
    expect(e.samples[2]).toEqual({ name: 'c_gauge', labels: { le: '+Inf' }, value: Infinity });
    expect(e.samples[3]!.value).toBe(-0.0015);
  });

  it('skips and counts malformed lines, naming the first', () => {
    const e = parseExposition('ok 1\nbroken{a="1" 2\nnovalue\nhex 0x10\nempty_label{=""} 1\nok 2\n');
    expect(e.samples.map((s) => s.value)).toEqual([1, 2]);
    expect(e.badLines).toBe(4);
    expect(e.firstBad).toEqual({ line: 2, text: 'broken{a="1" 2' });
  });

  it('sums and maxes a series over its label sets, ignoring NaN', () => {
    const s = parseExposition('x{e="0"} 2\nx{e="1"} 5\nx{e="2"} NaN\n').samples;
    expect(sumOf(s, 'x')).toBe(7);
    expect(maxOf(s, 'x')).toBe(5);
    expect(sumOf(s, 'y')).toBeNull();
  });
});

describe('engine series', () => {
  it('maps vLLM V1 series to the common vocabulary', () => {
    const samples = parseExposition(vllmMetrics(STATE)).samples;
    const e = detectEngine(samples)!;
    expect(e.engine).toBe('vllm');
    expect(readEngine(e, samples)).toEqual({
      running: 3,
      waiting: 1,
      kvUsage: 0.42,
      preemptions: 2,
      promptTokens: 5000,
      cachedPromptTokens: 1200,
      generationTokens: 2100,
      prefixHits: 1200,
      prefixQueries: 5000,
      hitRate: null,
    });
  });

  it('maps llama.cpp series; its prompt counter leaves out cached tokens', () => {
    const samples = parseExposition(llamacppMetrics(STATE)).samples;
    const e = detectEngine(samples)!;
    expect(e.engine).toBe('llama.cpp');
    const r = readEngine(e, samples);
    expect(r).toMatchObject({ running: 3, waiting: 1, kvUsage: null, preemptions: null, promptTokens: 3800, cachedPromptTokens: 1200, generationTokens: 2100 });
  });

  it('maps SGLang and TGI series and the V0 vLLM cache gauge', () => {
    const sg = parseExposition(
      'sglang:num_running_reqs{model_name="m"} 4\nsglang:num_queue_reqs{model_name="m"} 2\nsglang:token_usage{model_name="m"} 0.28\nsglang:cache_hit_rate{model_name="m"} 0.0075\nsglang:prompt_tokens_total{model_name="m"} 8.128902e+06\n',
    ).samples;
    expect(detectEngine(sg)!.engine).toBe('sglang');
    expect(readEngine(detectEngine(sg)!, sg)).toMatchObject({ running: 4, waiting: 2, kvUsage: 0.28, hitRate: 0.0075, promptTokens: 8128902 });
    const tgi = parseExposition('tgi_queue_size 5\ntgi_batch_current_size 16\ntgi_request_generated_tokens_sum 900\ntgi_request_input_length_sum 300\n').samples;
    expect(readEngine(detectEngine(tgi)!, tgi)).toMatchObject({ running: 16, waiting: 5, promptTokens: 300, generationTokens: 900, kvUsage: null });
    const v0 = parseExposition('vllm:gpu_cache_usage_perc{model_name="m"} 0.9\nvllm:num_requests_running{model_name="m"} 1\n').samples;
    expect(readEngine(detectEngine(v0)!, v0).kvUsage).toBe(0.9);
    expect(detectEngine(parseExposition('go_goroutines 8\n').samples)).toBeNull();
  });
});
