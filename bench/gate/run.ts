// npm run bench:gate [-- --study designs|trials|all] [--reps N] [--effect-reps M]
// Prints the gate's false-fail, warning and detection rates on synthetic data:
// per design when whole jobs differ (bench/gate/designs.ts), and the older
// trial-noise-only table (bench/gate/study.ts). See docs/gate.md.
import os from 'node:os';
import { AA, DEFAULT_DESIGN, DESIGNS, EFFECTS, runNoiseLevel, type Effect, type Noise, type Tally } from './designs.js';
import { STUDIES, runStudy } from './study.js';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const which = arg('--study', 'all');
const reps = Number(arg('--reps', '100'));
const effectReps = Number(arg('--effect-reps', '50'));
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const rate = (k: number, t: Tally): string => pct(k / t.n);
const secs = (t0: number): string => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
const label = (n: Noise): string => `job CV ${n.jobCv * 100}%, trial CV ${n.trialCv * 100}%`;
console.log(`llm-perf-gate gate study; ${os.cpus().length} x ${cpu}, node ${process.version}`);
const t0 = performance.now();

if (which === 'designs' || which === 'all') {
  const s = DEFAULT_DESIGN;
  console.log(
    `\nDesigns: ${s.trials} trials a run, K = ${s.k} stored runs, ${s.pairs} pairs (share of trial variance a pair shares: ${s.pairShare}); confirm = measure again, fail only if both fail.`,
  );
  console.log(`\nA/A, ${reps} comparisons per row: false fail (without / with confirm) and warn`);
  console.log(`| noise | ${DESIGNS.map((d) => `${d}: fail / confirmed / warn`).join(' | ')} | K: stated MDC of output_tps | time |`);
  console.log(`| --- | ${DESIGNS.map(() => '---:').join(' | ')} | ---: | ---: |`);
  let mdcAt5: number | null = null;
  for (const trialCv of [0.01, 0.05]) {
    for (const jobCv of [0, 0.02, 0.05, 0.1, 0.15]) {
      const t1 = performance.now();
      const noise = { jobCv, trialCv };
      const r = runNoiseLevel(noise, [AA], reps)!.get(AA.name)!;
      const k = r['K stored runs'];
      const mdc = k.mdcSum / k.mdcN;
      if (jobCv === 0.05 && trialCv === 0.05) mdcAt5 = mdc;
      console.log(
        `| ${label(noise)} | ${DESIGNS.map((d) => `${rate(r[d].fail, r[d])} / ${rate(r[d].failConfirmed, r[d])} / ${rate(r[d].warn, r[d])}`).join(' | ')} | ${mdc.toFixed(1)}% | ${secs(t1)} |`,
      );
    }
  }

  console.log(`\nDetection, ${effectReps} comparisons per row: the metric regressed (without / with confirm)`);
  console.log(`| noise | change | ${DESIGNS.join(' | ')} | time |`);
  console.log(`| --- | --- | ${DESIGNS.map(() => '---:').join(' | ')} | ---: |`);
  const detectRow = (noise: Noise, effects: Effect[], settings = DEFAULT_DESIGN, suffix = ''): void => {
    for (const e of effects) {
      const t1 = performance.now();
      const r = runNoiseLevel(noise, [e], effectReps, settings)!.get(e.name)!;
      console.log(`| ${label(noise)}${suffix} | ${e.name} | ${DESIGNS.map((d) => `${rate(r[d].detected, r[d])} / ${rate(r[d].detectedConfirmed, r[d])}`).join(' | ')} | ${secs(t1)} |`);
    }
  };
  for (const noise of [
    { jobCv: 0.05, trialCv: 0.05 },
    { jobCv: 0.15, trialCv: 0.05 },
    { jobCv: 0.02, trialCv: 0.01 },
  ])
    detectRow(noise, EFFECTS);
  detectRow({ jobCv: 0.05, trialCv: 0.05 }, [EFFECTS[1]!], { ...DEFAULT_DESIGN, pairs: 10 }, ', 10 pairs');
  if (mdcAt5 !== null) {
    // Does the K design's stated detectable change (80% power) hold? Fail a drop of exactly that size.
    const x = -mdcAt5 / 100;
    detectRow({ jobCv: 0.05, trialCv: 0.05 }, [{ name: `throughput ${(-x * 100).toFixed(1)}% (the stated MDC)`, slow: { ttft: 1 / (1 - x), tpot: 1 / (1 - x) }, metric: 'output_tps' }]);
  }
}

if (which === 'trials' || which === 'all') {
  console.log(`\nTrial noise only (no job effect), ${reps} comparisons per row`);
  console.log('| study | measured CV of per-trial output tok/s | fail (overall) | regressed (metric) | regressed or warn |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const s of STUDIES) {
    const o = runStudy(s, reps);
    console.log(`| ${o.name} | ${pct(o.tpsCv)} | ${pct(o.failRate)} | ${pct(o.detectRate)} | ${pct(o.flagRate)} |`);
  }
}
console.log(`(${secs(t0)} in all)`);
