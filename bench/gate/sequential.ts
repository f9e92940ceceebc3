// Prints the sequential paired design's study (bench/gate/sequential-study.ts;
// docs/gate.md, "Sequential measurement"): per case, the share of runs that
// failed, in which the changed metric regressed, that ended undecided, and
// the pairs they took, for the sequential rule, the fixed designs of the
// first and the last look's pairs, and naive looks at the fixed level.
//   node scripts/run-ts.mjs bench/gate/sequential.ts [AA_REPS] [EFFECT_REPS] [TRIAL_CV] [first=N] [last=N]
// first and last default to the rig (6, 12); the step's defaults are
// first=3 (run.trials) and last=6 or 10 (the budget).
import { EFFECTS, FIRST, JOB_CV, LAST, PAIR_SHARE, RULES, runSequentialStudy, type Rule } from './sequential-study.js';
import { gatePlan } from './study.js';

const aaReps = Number(process.argv[2] ?? 200);
const effectReps = Number(process.argv[3] ?? 50);
const trialCv = Number(process.argv[4] ?? 0.05);
const opt = (name: string, fallback: number): number => {
  const a = process.argv.slice(5).find((x) => x.startsWith(`${name}=`));
  return a === undefined ? fallback : Number(a.slice(name.length + 1));
};
const looks = { first: opt('first', FIRST), last: opt('last', LAST) };
const ruleName = (r: Rule): string => (r === 'fixed first' ? `fixed ${looks.first}` : r === 'fixed last' ? `fixed ${looks.last}` : r);
const pct = (a: number, n: number): string => `${((100 * a) / n).toFixed(1)}%`;
const mean = (xs: number[]): string => (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(1);
const at = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const gate = gatePlan();
console.log(
  `trial CV ${trialCv * 100}%, job CV ${JOB_CV * 100}%, ${PAIR_SHARE * 100}% of the trial variance shared by a pair; first look ${looks.first} pairs, budget ${looks.last}; ${aaReps} A/A runs, ${effectReps} per effect`,
);
console.log('| case | rule | fail | changed metric regressed | undecided | mean pairs | median pairs | 95th pct pairs |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const t0 = Date.now();
for (const e of EFFECTS) {
  const r = runSequentialStudy(e, e.metric === null ? aaReps : effectReps, gate, trialCv, RULES, looks);
  for (const rule of RULES) {
    const t = r[rule];
    console.log(
      `| ${e.name} | ${ruleName(rule)} | ${pct(t.fail, t.n)} | ${e.metric === null ? '-' : pct(t.detected, t.n)} | ${pct(t.undecided, t.n)} | ${mean(t.pairs)} | ${at(t.pairs, 0.5)} | ${at(t.pairs, 0.95)} |`,
    );
  }
}
console.error(`${((Date.now() - t0) / 1000).toFixed(0)} s`);
