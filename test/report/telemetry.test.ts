import { describe, expect, it } from 'vitest';
import { environmentDifferences, environmentLine, telemetrySection, telemetrySideBySide, telemetryTable } from '../../src/report/telemetry.js';
import type { ResultDoc } from '../../src/result/types.js';
import type { CellTelemetry, Stat } from '../../src/telemetry/types.js';
import { H100_ENV } from '../telemetry/metrics-fixtures.js';

const s = (mean: number, max: number): Stat => ({ mean, max, p95: max, samples: 10 });

function telemetry(over: { kv?: number; waiting?: number; mem?: number; flagged?: boolean } = {}): CellTelemetry {
  return {
    started_at: '2026-12-01T02:00:00.000Z',
    duration_s: 30,
    gpu: {
      status: 'ok',
      message: null,
      interval_ms: 500,
      gpus: [
        {
          index: 0,
          name: 'NVIDIA H100 80GB HBM3',
          utilization_pct: s(62, 99),
          memory_used_mib: s(70000, over.mem ?? 72909),
          memory_total_mib: 81559,
          power_w: s(500, 690),
          sm_clock_mhz: s(1980, 1980),
          mem_clock_mhz: s(2619, 2619),
          temperature_c: s(60, 66),
        },
        {
          index: 1,
          name: 'NVIDIA H100 80GB HBM3',
          utilization_pct: s(58, 97),
          memory_used_mib: s(69000, 70000),
          memory_total_mib: 81559,
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
      scrapes: 31,
      failed_scrapes: 0,
      errors: [],
      running: s(7.5, 8),
      waiting: s(1, over.waiting ?? 3),
      kv_cache_usage: s(0.4, over.kv ?? 0.55),
      prefix_cache_hit_rate: 0.39,
      preemptions: 0,
      prompt_tokens: 2560,
      cached_prompt_tokens: 1000,
      generation_tokens: 1280,
      token_check: { client_prompt: 2560, client_completion: 1200, server_prompt: 2560, server_generation: 1280, mismatches: ['server counted 1280 generated tokens, the client 1200'] },
      raw: {},
      raw_dropped: 0,
    },
    neighbours: {
      others_cpu_share: over.flagged ? 0.4 : 0.02,
      others_cores: over.flagged ? 12.8 : 0.64,
      cpus: 32,
      limit: 0.25,
      flagged: over.flagged ?? false,
      reasons: over.flagged ? ["other processes used 40.0% of the machine's CPU (12.8 of 32 cores), over the 25% limit"] : [],
    },
  };
}

describe('telemetry in the report', () => {
  it('shows one row per cell with peak GPU memory, mean utilisation, peak KV cache and waiting, and the notes', () => {
    const md = telemetryTable([{ id: 'chat@c8', telemetry: telemetry() }, { id: 'old@c1' }, { id: 'chat|c16', telemetry: telemetry({ flagged: true }) }]);
    expect(md).toContain('| chat@c8 | 71.2 / 79.6 GiB (fullest of 2) | 60% | 55% | 3 | 8 | 2% CPU |');
    expect(md).toContain('| chat&#124;c16 | 71.2 / 79.6 GiB (fullest of 2) | 60% | 55% | 3 | 8 | **40% CPU, flagged** |');
    expect(md).not.toContain('old@c1');
    expect(md).toContain('- chat@c8: token counts disagree: server counted 1280 generated tokens, the client 1200');
    expect(md).toContain("- chat&#124;c16: measured among noisy neighbours: other processes used 40.0% of the machine's CPU");
  });

  it('names the figures left out when the result was written (out of range), at most three of them', () => {
    const t = telemetry();
    t.dropped = ['engine/kv_cache_usage/max: 7', 'engine/waiting/max: 2100000000000', 'gpu/gpus/0/utilization_pct/mean: Infinity', 'neighbours/others_cpu_share: -1'];
    const md = telemetryTable([
      { id: 'chat@c8', telemetry: t },
      { id: 'clean', telemetry: telemetry() },
    ]);
    expect(md).toContain(
      '- chat@c8: 4 telemetry figures were out of range and left out: `engine/kv_cache_usage/max: 7`, `engine/waiting/max: 2100000000000`, `gpu/gpus/0/utilization_pct/mean: Infinity`, …',
    );
    expect(md).not.toMatch(/- clean: .*left out/);
  });

  it('says so where there is no GPU or the sampler failed, and renders nothing without telemetry', () => {
    const none = telemetry();
    none.gpu = { status: 'absent', message: null, interval_ms: 500, gpus: [], other_processes: [] };
    none.engine = null;
    const hung = telemetry();
    hung.gpu = { ...hung.gpu, status: 'hung', message: 'nvidia-smi printed nothing for 5000 ms (after 8 GPU readings); stopped', gpus: [] };
    const md = telemetryTable([
      { id: 'a', telemetry: none },
      { id: 'b', telemetry: hung },
    ]);
    expect(md).toContain('| a | no GPU | no GPU | – | – | – | 2% CPU |');
    expect(md).toContain('| b | sampler hung | sampler hung |');
    expect(md).toContain('- b: GPU hung: nvidia-smi printed nothing for 5000 ms');
    expect(telemetryTable([{ id: 'a' }])).toBe('');
  });

  it('puts both sides of a regressed cell side by side', () => {
    const md = telemetrySideBySide('chat@c8', telemetry(), telemetry({ kv: 0.99, waiting: 14, mem: 80000 }));
    expect(md).toContain('| peak KV cache usage | 55% | 99% |');
    expect(md).toContain('| peak waiting requests | 3 | 14 |');
    expect(md).toContain('| peak GPU memory | 71.2 / 79.6 GiB (fullest of 2) | 78.1 / 79.6 GiB (fullest of 2) |');
    expect(telemetrySideBySide('x', null, telemetry())).toContain('| peak KV cache usage | not recorded | 55% |');
    expect(telemetrySideBySide('x', null, undefined)).toBe('');
  });

  it('lists environment differences and names the environment in a line', () => {
    expect(
      environmentDifferences([
        { field: 'gpu', baseline: 'NVIDIA H100', candidate: 'NVIDIA A10G', severity: 'major' },
        { field: 'driver', baseline: '550', candidate: '560', severity: 'minor' },
      ]),
    ).toBe('- **gpu**: NVIDIA H100 → NVIDIA A10G\n- driver: 550 → 560');
    expect(environmentDifferences([])).toBe('');
    expect(environmentLine({ ...H100_ENV, gpus: [H100_ENV.gpus[0]!, { ...H100_ENV.gpus[0]!, index: 1 }] })).toBe(
      '2 × NVIDIA H100 80GB HBM3, driver 550.54.15, CUDA 12.4; 32 × AMD EPYC 9654; vllm 0.10.1',
    );
  });
});

describe('the report section', () => {
  const doc = (cells: { id: string; telemetry?: CellTelemetry }[], env = true): ResultDoc => ({ cells, ...(env ? { environment: H100_ENV } : {}) }) as unknown as ResultDoc;
  const verdict = (regressed: string[]) => ({
    cells: ['a@c1', 'b@c1'].map((id) => ({ id, metrics: [{ gated: true, verdict: regressed.includes(id) ? 'regressed' : 'unchanged' }] })),
  });

  it('shows both environments, the candidate table, and both sides of each regressed cell only', () => {
    const base = doc([
      { id: 'a@c1', telemetry: telemetry({ kv: 0.3 }) },
      { id: 'b@c1', telemetry: telemetry() },
    ]);
    const cand = doc([
      { id: 'a@c1', telemetry: telemetry({ kv: 0.97, waiting: 12 }) },
      { id: 'b@c1', telemetry: telemetry() },
    ]);
    const md = telemetrySection(verdict(['a@c1']), base, cand);
    expect(md).toMatch(/^### Server telemetry\n\n- baseline: 1 × NVIDIA H100 80GB HBM3, driver 550\.54\.15, CUDA 12\.4; .*\n- candidate: 1 × NVIDIA H100/);
    expect(md).toContain('| a@c1 | 71.2 / 79.6 GiB (fullest of 2) | 60% | 97% | 12 | 8 | 2% CPU |');
    expect(md).toContain('**a@c1**: server telemetry');
    expect(md).toContain('| peak KV cache usage | 30% | 97% |');
    expect(md).not.toContain('**b@c1**: server telemetry');
  });

  it('is the environment alone without cell telemetry, and empty for results without either', () => {
    expect(telemetrySection(verdict([]), null, doc([{ id: 'a@c1' }]))).toMatch(/^### Environment\n\n- measured on: 1 × NVIDIA H100/);
    expect(telemetrySection(verdict(['a@c1']), doc([{ id: 'a@c1' }], false), doc([{ id: 'a@c1' }], false))).toBe('');
  });
});
