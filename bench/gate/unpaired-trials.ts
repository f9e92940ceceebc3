// Would measuring more trials decide the unpaired designs? (docs/gate.md,
// "Sequential measurement", "Why only the paired design measures on".) The
// defaults study's designs (bench/gate/designs.ts: a log-normal job factor
// per job on top of the trial noise inside it) for one stored run and K = 10
// stored runs, with the candidate's job measuring 3, 6 and 10 trials (and
// the stored runs as many). A fixed design at the budget bounds what a
// sequential rule with that budget can reach: its last look is judged at a
// stricter level than the fixed one. When 10 trials detect no more than 3,
// adding trials while undecided only spends the budget.
//   node scripts/run-ts.mjs bench/gate/unpaired-trials.ts [AA_REPS] [EFFECT_REPS] [job=CV]
import { AA, DEFAULT_DESIGN, runNoiseLevel, type Design, type Noise } from './designs.js';
import { EFFECTS as SEQUENTIAL_EFFECTS } from './sequential-study.js';

const aaReps = Number(process.argv[2] ?? 200);
const effectReps = Number(process.argv[3] ?? 50);
// The sequential study's changes, so the two tables read side by side; A/A has its own column, and
// throughput halved reads 100% in every design already (docs/gate.md, "The study at the default settings").
const EFFECTS = SEQUENTIAL_EFFECTS.filter((e) => e.metric !== null && e.name !== 'throughput halved');
const DESIGNS: Design[] = ['one stored run', 'K stored runs'];
const pct = (a: number, n: number): string => `${((100 * a) / n).toFixed(1)}%`;
// `job=0.15`: only that job CV (each level is seeded on its own, so its rows are the same either way).
const jobArg = process.argv.slice(4).find((a) => a.startsWith('job='));
const noises: Noise[] = [
  { jobCv: 0.05, trialCv: 0.05 },
  { jobCv: 0.15, trialCv: 0.05 },
].filter((n) => jobArg === undefined || n.jobCv === Number(jobArg.slice('job='.length)));
console.log('| noise | design | trials | A/A fail | ' + EFFECTS.map((e) => e.name).join(' | ') + ' |');
console.log('| --- | --- | ---: | ---: | ' + EFFECTS.map(() => '---:').join(' | ') + ' |');
for (const noise of noises) {
  const t0 = Date.now();
  for (const trials of [3, 6, 10]) {
    const s = { ...DEFAULT_DESIGN, trials };
    const aa = runNoiseLevel(noise, [AA], aaReps, s, 'unpaired-trials', DESIGNS).get(AA.name)!;
    const fx = runNoiseLevel(noise, EFFECTS, effectReps, s, 'unpaired-trials', DESIGNS);
    for (const d of DESIGNS) {
      const cells = EFFECTS.map((e) => pct(fx.get(e.name)![d].detected, fx.get(e.name)![d].n));
      console.log(
        `| job CV ${noise.jobCv * 100}%, trial CV ${noise.trialCv * 100}% | ${d}${d === 'K stored runs' ? ' (K = 10)' : ''} | ${trials} | ${pct(aa[d].fail, aa[d].n)} | ${cells.join(' | ')} |`,
      );
    }
  }
  console.error(`noise ${JSON.stringify(noise)}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
