// The pull-request comment of a 2x2 matrix (two scenarios at two loads) with
// one regressed cell (issue 21, item 3): synthetic results of four cells, each
// with server telemetry and the environment, a trend over stored runs, judged
// by the real gate and rendered by the real report. What a reader sees above
// the fold is measured on it.
import { planFromObject } from '../../src/config/load.js';
import { renderTrendTable } from '../../src/changes/markdown.js';
import type { MetricSeries } from '../../src/changes/series.js';
import { compare } from '../../src/gate/compare.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { renderReport } from '../../src/pipeline/report.js';
import type { ResultDoc } from '../../src/result/types.js';
import type { CellTelemetry, Stat } from '../../src/telemetry/types.js';
import { H100_ENV } from '../telemetry/metrics-fixtures.js';
import { REALISTIC, syntheticResult, type Truth } from './synthetic.js';

export const MATRIX_CELLS = ['chat@c=1', 'chat@c=8', 'rag@c=1', 'rag@c=8'] as const;
/** The cell whose candidate decodes 30% slower. */
export const REGRESSED_CELL = 'chat@c=8';

const gate = planFromObject(
  {
    target: { url: 'http://127.0.0.1:1' },
    scenarios: [
      { name: 'chat', input_tokens: 256, output_tokens: 32 },
      { name: 'rag', input_tokens: 2048, output_tokens: 32 },
    ],
    loads: [{ concurrency: 1 }, { concurrency: 8 }],
    // The comment's layout, not interval precision: 400 resamples an interval (the default is 2,000).
    gate: { bootstrap_iterations: 400 },
  },
  { file: null, baseDir: '/' },
).gate;

const stat = (mean: number, max: number): Stat => ({ mean, max, p95: max, samples: 60 });

function telemetry(load: number): CellTelemetry {
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
          utilization_pct: stat(30 + 6 * load, 99),
          memory_used_mib: stat(70000, 72909),
          memory_total_mib: 81559,
          power_w: stat(500, 690),
          sm_clock_mhz: stat(1980, 1980),
          mem_clock_mhz: stat(2619, 2619),
          temperature_c: stat(60, 66),
        },
      ],
      other_processes: [],
    },
    engine: {
      engine: 'vllm',
      scrapes: 61,
      failed_scrapes: 0,
      errors: [],
      running: stat(load * 0.9, load),
      waiting: stat(0, load > 1 ? 2 : 0),
      kv_cache_usage: stat(0.05 * load, 0.07 * load),
      prefix_cache_hit_rate: 0.1,
      preemptions: 0,
      prompt_tokens: 51200,
      cached_prompt_tokens: 5120,
      generation_tokens: 6400,
      token_check: null,
      raw: {},
      raw_dropped: 0,
    },
    neighbours: { others_cpu_share: 0.02, others_cores: 0.64, cpus: 32, limit: 0.25, flagged: false, reasons: [] },
  };
}

/** A result of the four cells; `slow` slows the regressed cell only. */
function matrixResult(side: 'a' | 'b', slow: { ttft?: number; tpot?: number }): ResultDoc {
  const cells = MATRIX_CELLS.map((id) => {
    const load = Number(id.split('=')[1]);
    const truth: Truth = { ...REALISTIC, concurrency: Math.max(2, load), trialCv: 0.01, ttftSigma: 0.2, trials: 5 };
    const doc = syntheticResult(`${side}:${id}`, truth, id === REGRESSED_CELL ? slow : {});
    return { ...doc.cells[0]!, id, telemetry: telemetry(load) };
  });
  const doc = syntheticResult(side);
  return { ...doc, environment: H100_ENV, cells, git: { commit: side === 'a' ? '1'.repeat(40) : '2'.repeat(40), ref: null } };
}

/** Ten stored runs of every gated metric of every cell: the trend section a pull request on a history branch gets. */
function trend(v: VerdictDoc): string {
  const series: MetricSeries[] = v.cells.flatMap(
    (c) =>
      c.metrics
        .filter((m) => m.gated)
        .map((m) => ({
          cell: c.id,
          metric: m.metric,
          unit: m.unit,
          direction: m.direction,
          gated: true,
          tolerance: 0.05,
          floor: 0,
          points: Array.from({ length: 10 }, (_, i) => ({ commit: String(i).repeat(40), value: (m.baseline ?? 1) * (1 + 0.02 * Math.sin(i)), trialRange: null })),
        })) as unknown as MetricSeries[],
  );
  return renderTrendTable(series, [])!;
}

export interface MatrixComment {
  verdict: VerdictDoc;
  baseline: ResultDoc;
  candidate: ResultDoc;
  markdown: string;
}

const JUDGED = new Map<number, { baseline: ResultDoc; candidate: ResultDoc; verdict: VerdictDoc }>();

/** The comment of the 2x2 matrix: `tpot` slows the regressed cell's decoding (1: no regression, a pass). */
export function matrixComment(tpot = 1.3): MatrixComment {
  // Judged once per slowdown (seconds of bootstrap); each caller gets its own verdict to change.
  let judged = JUDGED.get(tpot);
  if (judged === undefined) {
    const baseline = matrixResult('a', {});
    const candidate = matrixResult('b', { tpot });
    judged = { baseline, candidate, verdict: compare(baseline, candidate, gate) };
    JUDGED.set(tpot, judged);
  }
  const { baseline, candidate } = judged;
  const verdict = structuredClone(judged.verdict);
  const markdown = renderReport(verdict, candidate, { baselineNote: 'baseline: the latest stored result of main, commit `1111111`', noBaseline: false, trend: trend(verdict), baseline });
  return { verdict, baseline, candidate, markdown };
}

/** The <details> depth at the start of each line. */
function depths(lines: readonly string[]): number[] {
  let depth = 0;
  return lines.map((line) => {
    const at = depth;
    depth += (line.match(/<details>/g)?.length ?? 0) - (line.match(/<\/details>/g)?.length ?? 0);
    return at;
  });
}

/**
 * The Markdown lines a reader sees before opening anything: non-empty lines
 * outside every <details> block (a block's own opening line, with its
 * summary, is seen and counts).
 */
export function linesAboveFold(md: string): string[] {
  const lines = md.split('\n');
  const d = depths(lines);
  // A line that is one HTML comment (the report's top-end marker) shows nothing.
  return lines.filter((l, i) => d[i] === 0 && l.trim() !== '' && !/^<!--(?:(?!-->).)*-->$/.test(l.trim()));
}
