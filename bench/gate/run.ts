// npm run bench:gate [-- --reps N]: prints the gate's false-fail and detection
// rates on synthetic data (see bench/gate/study.ts and docs/gate.md).
import os from 'node:os';
import { STUDIES, runStudy } from './study.js';

const i = process.argv.indexOf('--reps');
const reps = i > 0 ? Number(process.argv[i + 1]) : 200;
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
console.log(`llm-perf-gate gate study: ${reps} comparisons per row; ${os.cpus().length} x ${cpu}, node ${process.version}`);
console.log('| study | measured CV of per-trial output tok/s | fail (overall) | regressed (metric) | regressed or warn |');
console.log('| --- | ---: | ---: | ---: | ---: |');
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const t0 = performance.now();
for (const s of STUDIES) {
  const o = runStudy(s, reps);
  console.log(`| ${o.name} | ${pct(o.tpsCv)} | ${pct(o.failRate)} | ${pct(o.detectRate)} | ${pct(o.flagRate)} |`);
}
console.log(`(${((performance.now() - t0) / 1000).toFixed(0)} s)`);
