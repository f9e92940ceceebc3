// The gate at its default settings (issue 23, docs/gate.md "Power at the
// default settings"): A/A false failures and detection per design, for the
// rows the issue names: -10% and -15% throughput, +10% TPOT (paired with 6
// and 10 pairs), and gross regressions (2x on a gated metric, error rate 0%
// -> 10%), which must read 100%.
//   node scripts/run-ts.mjs bench/gate/defaults.ts [AA_REPS] [EFFECT_REPS]
import { AA, DEFAULT_DESIGN, runNoiseLevel, type Design, type Effect, type Noise } from './designs.js';

const aaReps = Number(process.argv[2] ?? 200);
const effectReps = Number(process.argv[3] ?? 50);
const drop = (x: number) => ({ ttft: 1 / (1 - x), tpot: 1 / (1 - x) });
const EFFECTS: Effect[] = [
  { name: 'throughput -10%', slow: drop(0.1), metric: 'output_tps' },
  { name: 'throughput -15%', slow: drop(0.15), metric: 'output_tps' },
  { name: 'TPOT +10%', slow: { tpot: 1.1 }, metric: 'tpot_ms.p50' },
  { name: 'TTFT p95 2x', slow: { ttft: 2 }, metric: 'ttft_ms.p95' },
  { name: 'throughput halved (every duration 2x)', slow: drop(0.5), metric: 'output_tps' },
  { name: 'error rate 0% -> 10%', slow: {}, metric: 'error_rate', errors: 0.1 },
];
const pct = (a: number, n: number): string => `${((100 * a) / n).toFixed(1)}%`;
const noises: Noise[] = [
  { jobCv: 0.05, trialCv: 0.05 },
  { jobCv: 0.15, trialCv: 0.05 },
];
console.log('| noise | design | A/A fail | A/A warn | ' + EFFECTS.map((e) => e.name).join(' | ') + ' |');
console.log('| --- | --- | ---: | ---: | ' + EFFECTS.map(() => '---:').join(' | ') + ' |');
for (const noise of noises) {
  const t0 = Date.now();
  for (const pairs of [6, 10]) {
    const s = { ...DEFAULT_DESIGN, pairs };
    const designs: Design[] = pairs === 6 ? ['one stored run', 'K stored runs', 'paired A/B'] : ['paired A/B'];
    const aa = runNoiseLevel(noise, [AA], aaReps, s, 'defaults', designs).get(AA.name)!;
    const fx = runNoiseLevel(noise, EFFECTS, effectReps, s, 'defaults', designs);
    for (const d of designs) {
      const label = d === 'paired A/B' ? `paired A/B, ${pairs} pairs` : `${d} (3 trials${d === 'K stored runs' ? ', K = 10' : ''})`;
      const cells = EFFECTS.map((e) => pct(fx.get(e.name)![d].detected, fx.get(e.name)![d].n));
      console.log(`| job CV ${noise.jobCv * 100}%, trial CV ${noise.trialCv * 100}% | ${label} | ${pct(aa[d].fail, aa[d].n)} | ${pct(aa[d].warn, aa[d].n)} | ${cells.join(' | ')} |`);
    }
  }
  console.error(`noise ${JSON.stringify(noise)}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
