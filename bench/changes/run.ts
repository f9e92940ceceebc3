// Change-point detection study: detection rate and false alarms of the
// default settings over synthetic series with known shifts.
//   node scripts/run-ts.mjs bench/changes/run.ts [--series 500] [--length 40] [--documents 50]
import { parseArgs } from 'node:util';
import { DEFAULT_CHANGE_OPTIONS, detectShifts } from '../../src/changes/detect.js';
import { studyCase } from './synthetic.js';
import { documentStudy } from './documents.js';

const { values: args } = parseArgs({ options: { series: { type: 'string' }, length: { type: 'string' }, documents: { type: 'string' } } });
const series = Number(args.series ?? 500);
const length = Number(args.length ?? 40);
const documents = Number(args.documents ?? 50);
const TOLERANCE = 2;
const pct = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)}%`;

const o = DEFAULT_CHANGE_OPTIONS;
console.log(`E-divisive means, p <= ${o.significance}, ${o.permutations} permutations, min segment ${o.minSegment}, min relative change ${o.minRelativeChange * 100}%`);
console.log(`${series} series of ${length} commits per row; a shift at a random commit in the middle half; detected = a change point within ${TOLERANCE} commits of it\n`);
console.log('noise CV | shift | detected | series with a false alarm (none) / extra change points per series (shifted)');
const started = performance.now();
for (const cv of [0.02, 0.05, 0.1]) {
  for (const shift of [0, 0.05, 0.1, 0.2]) {
    const r = studyCase({ cv, shift }, series, length, TOLERANCE, (values, seed) =>
      detectShifts(
        values.map((value, i) => ({ commit: String(i), value })),
        { seed },
      ).map((s) => s.index),
    );
    const detected = shift === 0 ? '–' : pct(r.detected, series);
    const fa = shift === 0 ? pct(r.falseAlarms, series) : (r.falseAlarms / series).toFixed(3);
    console.log(`${(cv * 100).toFixed(0).padStart(7)}% | ${(shift * 100).toFixed(0).padStart(4)}% | ${detected.padStart(8)} | ${fa}`);
  }
}
console.log(`\nOn the gate study's result documents (one cell chat@c=4, 100 requests x 3 trials per commit, the real metrics pipeline), ${documents} histories of ${length} commits per row,`);
console.log('job-to-job noise on the server speed per commit, decode (TPOT) slower by the step from a random commit in the middle half:\n');
console.log('job CV | TPOT step | tpot_ms.p50 found | output_tps found | ttft_ms.p95 false alarms (untouched) | histories with any alarm (no step)');
for (const jobCv of [0.02, 0.05]) {
  for (const step of [0, 0.1]) {
    const r = documentStudy(documents, length, jobCv, step, TOLERANCE);
    const cell = (n: number) => (step === 0 ? '–' : pct(n, documents));
    console.log(
      `${(jobCv * 100).toFixed(0).padStart(5)}% | ${(step * 100).toFixed(0).padStart(8)}% | ${cell(r.detectedTpot).padStart(17)} | ${cell(r.detectedTps).padStart(16)} | ${cell(r.falseTtft).padStart(36)} | ${step === 0 ? pct(r.nullWithAlarm, documents) : '–'}`,
    );
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
