// The change points on the gate study's data: whole result documents made by
// the real metrics pipeline from a known truth (test/support/synthetic.ts),
// one per commit, with job-to-job noise on top (each commit's run is a new
// job: the server's speed moves by a log-normal factor of the given CV), and
// decode (TPOT) made slower by a known step at a random commit.
import { buildSeries, findChanges } from '../../src/changes/series.js';
import { createRng } from '../../src/util/rng.js';
import { REALISTIC, syntheticResult } from '../../test/support/synthetic.js';

export interface DocumentStudy {
  series: number;
  detectedTpot: number;
  detectedTps: number;
  /** Change points on TTFT p95, which the step does not touch. */
  falseTtft: number;
  /** Null histories with any change point on any gated metric. */
  nullWithAlarm: number;
}

function normal(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}

export function documentStudy(series: number, length: number, jobCv: number, step: number, tolerance: number): DocumentStudy {
  const rng = createRng(`documents:${jobCv}:${step}`);
  const sigma = Math.sqrt(Math.log(1 + jobCv * jobCv));
  const out: DocumentStudy = { series, detectedTpot: 0, detectedTps: 0, falseTtft: 0, nullWithAlarm: 0 };
  for (let s = 0; s < series; s++) {
    const at = Math.floor(length / 4) + rng.int(Math.floor(length / 2));
    const history = Array.from({ length }, (_, i) => {
      const job = Math.exp(sigma * normal(rng.next(), rng.next()) - (sigma * sigma) / 2);
      const doc = syntheticResult(`doc-${jobCv}-${step}-${s}-${i}`, { ...REALISTIC, requests: 100 }, { ttft: job, tpot: job * (step !== 0 && i >= at ? 1 + step : 1) });
      const commit = (s * 1000 + i + 1).toString(16).padStart(40, '0');
      return { commit, doc };
    });
    const changes = findChanges(buildSeries(history), { seed: `doc-${s}` });
    const near = (metric: string) => changes.some((c) => c.metric === metric && Math.abs(c.index - at) <= tolerance);
    if (step === 0) {
      if (changes.length > 0) out.nullWithAlarm++;
      continue;
    }
    if (near('tpot_ms.p50')) out.detectedTpot++;
    if (near('output_tps')) out.detectedTps++;
    if (changes.some((c) => c.metric === 'ttft_ms.p95')) out.falseTtft++;
  }
  return out;
}
