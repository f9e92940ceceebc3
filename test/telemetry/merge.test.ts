import { describe, expect, it } from 'vitest';
import { mergeTelemetry } from '../../src/telemetry/merge.js';
import type { CellTelemetry, Stat } from '../../src/telemetry/types.js';

const s = (mean: number, max: number, p95: number, samples: number): Stat => ({ mean, max, p95, samples });

function trial(o: { util: Stat; kv: Stat; gen: number; share: number; dur: number; flagged?: boolean; status?: 'ok' | 'died' }): CellTelemetry {
  return {
    started_at: `2026-12-01T02:00:0${o.dur}.000Z`,
    duration_s: o.dur,
    gpu: {
      status: o.status ?? 'ok',
      message: o.status === 'died' ? 'nvidia-smi exited' : null,
      interval_ms: 500,
      gpus: [
        {
          index: 0,
          name: 'GPU',
          utilization_pct: o.util,
          memory_used_mib: s(100, 200, 190, o.util.samples),
          memory_total_mib: 1000,
          power_w: null,
          sm_clock_mhz: null,
          mem_clock_mhz: null,
          temperature_c: null,
        },
      ],
      other_processes: [],
    },
    engine: {
      engine: 'vllm',
      scrapes: 3,
      failed_scrapes: 0,
      errors: [],
      running: null,
      waiting: null,
      kv_cache_usage: o.kv,
      prefix_cache_hit_rate: 0.5,
      preemptions: 0,
      prompt_tokens: 100,
      cached_prompt_tokens: 50,
      generation_tokens: o.gen,
      token_check: { client_prompt: 100, client_completion: o.gen, server_prompt: 100, server_generation: o.gen, mismatches: [] },
      raw: {},
      raw_dropped: 0,
    },
    neighbours: { others_cpu_share: o.share, others_cores: o.share * 4, cpus: 4, limit: 0.25, flagged: o.flagged ?? false, reasons: o.flagged ? ['busy'] : [] },
  };
}

describe('merging trials into a cell', () => {
  it('weights means by samples, keeps maxima, sums counters, and keeps the worst status and any flag', () => {
    const a = trial({ util: s(40, 60, 55, 10), kv: s(0.2, 0.4, 0.35, 4), gen: 300, share: 0.1, dur: 2 });
    const b = trial({ util: s(70, 90, 88, 30), kv: s(0.5, 0.9, 0.8, 12), gen: 500, share: 0.4, dur: 6, flagged: true, status: 'died' });
    const m = mergeTelemetry([a, b])!;
    expect(m.duration_s).toBe(8);
    expect(m.gpu.status).toBe('died');
    expect(m.gpu.message).toBe('nvidia-smi exited');
    expect(m.gpu.gpus[0]!.utilization_pct).toEqual({ mean: 62.5, max: 90, p95: 88, samples: 40 });
    expect(m.engine!.kv_cache_usage).toEqual({ mean: 0.425, max: 0.9, p95: 0.8, samples: 16 });
    expect(m.engine!.generation_tokens).toBe(800);
    expect(m.engine!.token_check!.client_completion).toBe(800);
    expect(m.engine!.prefix_cache_hit_rate).toBe(0.5);
    expect(m.neighbours.others_cpu_share).toBe(0.325);
    expect(m.neighbours.flagged).toBe(true);
    expect(m.neighbours.reasons).toEqual(['busy']);
    expect(mergeTelemetry([a])).toBe(a);
    expect(mergeTelemetry([])).toBeNull();
  });
});
