// Would a pooled tail percentile steady TTFT p95 in the paired design? Each
// pair's p95 at 32 requests a trial rests on its 2 largest first tokens, so
// the idea was to pool every kept pair's requests per side, take one p95 a
// side, and bootstrap over pairs (the pairs resampled together, keeping
// their pairing) for its standard error. On synthetic A/A pairs with the
// defaults study's tail (log-normal sigma 0.35, 2% of requests 3x slower)
// and drift both sides of a pair share, this prints for each design the
// spread of the estimate over replicates (its true standard error), the mean
// standard error it reports, and how often a one-sided 5% test rejects.
//   node scripts/run-ts.mjs bench/gate/pooled-tail.ts [replicates, default 300]
// docs/gate.md ("Less noise per pair") records what it printed.
import { trialSamples } from '../../src/gate/extract.js';
import { metricDef } from '../../src/metric-catalogue.js';
import { tQuantile } from '../../src/stats/index.js';
import { quantileSorted } from '../../src/stats/quantile.js';
import { createRng } from '../../src/util/rng.js';
import { normal, REALISTIC, syntheticResult } from '../../test/support/synthetic.js';

const reps = Number(process.argv[2] ?? 300);
const Q = 0.95;
const def = metricDef('ttft_ms.p95')!;
const RESAMPLES = 300;

interface Tally {
  est: number[];
  se: number[];
  rejected: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/** The p95 of the named trials' requests pooled. */
function pooledQ(trials: readonly (readonly number[])[], idx: readonly number[]): number {
  const all: number[] = [];
  for (const i of idx) all.push(...trials[i]!);
  return quantileSorted(
    all.sort((a, b) => a - b),
    Q,
  );
}

for (const requests of [32, 100]) {
  for (const n of [6, 12]) {
    const perTrial: Tally = { est: [], se: [], rejected: 0 };
    const pooled: Tally = { est: [], se: [], rejected: 0 };
    const tq = tQuantile(0.95, n - 1);
    for (let r = 0; r < reps; r++) {
      const rng = createRng(`pooled-tail|${requests}|${n}|${r}`);
      const drift = Array.from({ length: n }, () => Math.exp(normal(rng) * 0.1));
      const t = { ...REALISTIC, concurrency: 1, requests, trials: n, trialCv: 0.03 };
      const b = trialSamples(syntheticResult(`b|${requests}|${n}|${r}`, t, {}, { run_id: 'x', side: 'baseline' }, drift).cells[0]!, def);
      const c = trialSamples(syntheticResult(`c|${requests}|${n}|${r}`, t, {}, { run_id: 'x', side: 'candidate' }, drift).cells[0]!, def);
      // Per trial: the gate's paired t on the pairs' log ratios of p95.
      const d = b.map((x, i) => Math.log(pooledQ(c, [i]) / pooledQ(b, [i])));
      const seT = sd(d) / Math.sqrt(n);
      perTrial.est.push(mean(d));
      perTrial.se.push(seT);
      if (mean(d) / seT > tq) perTrial.rejected++;
      // Pooled: one p95 a side, its standard error from resampling whole pairs.
      const all = Array.from({ length: n }, (_, i) => i);
      const est = Math.log(pooledQ(c, all) / pooledQ(b, all));
      const draws = Array.from({ length: RESAMPLES }, () => {
        const idx = all.map(() => Math.floor(rng.next() * n));
        return Math.log(pooledQ(c, idx) / pooledQ(b, idx));
      });
      const seP = sd(draws) * Math.sqrt(n / (n - 1));
      pooled.est.push(est);
      pooled.se.push(seP);
      if (est / seP > tq) pooled.rejected++;
    }
    for (const [name, v] of [
      ['per-trial p95, paired t', perTrial],
      ['pooled p95, pairs resampled', pooled],
    ] as const) {
      console.log(
        `${String(requests).padStart(3)} requests x ${String(n).padStart(2)} pairs  ${name.padEnd(28)} true sd ${(sd(v.est) * 100).toFixed(1).padStart(5)}%  reported se ${(mean(v.se) * 100).toFixed(1).padStart(5)}%  rejected ${((v.rejected / reps) * 100).toFixed(1)}% of ${reps}`,
      );
    }
  }
}
