// Capacity comparison study: false-fail and detection rates of
// compareCapacity on capacity searches against a simulated M/M/c server
// (test/support/queue-model.ts), with job-to-job noise drawn per search.
//   node scripts/run-ts.mjs bench/capacity/run.ts [pairs] [requestsPerStep]
import { compareCapacity, type CapacityVerdict } from '../../src/capacity/compare.js';
import { searchCapacity } from '../../src/capacity/search.js';
import { createRng } from '../../src/util/rng.js';
import { queueProbe, theoryCapacity, type QueueServer } from '../../test/support/queue-model.js';

const PAIRS = Number(process.argv[2] ?? 100);
const REQUESTS = Number(process.argv[3] ?? 1000);
const SLO = 'ttft_ms.p95 <= 300';
const BASE: QueueServer = { slots: 4, serviceMs: 400, prefillMs: 50, outputTokens: 64 };
const TOLERANCE = 0.1;
/** Job-to-job speed noise of the simulated server (lognormal sigma). */
const JOB_SIGMA = 0.03;

async function capacityOf(server: QueueServer, seed: string) {
  const rng = createRng(`${seed}|job`);
  // Box-Muller: one standard normal draw.
  const z = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const speed = Math.exp(JOB_SIGMA * z);
  const { probe, now } = queueProbe({ ...server, serviceMs: server.serviceMs * speed }, seed);
  const r = await searchCapacity({ probe, now, slos: [SLO], mode: 'rate', range: { min: 0.5, max: 50 }, requestsPerStep: REQUESTS, resolution: 0.05 });
  return r;
}

interface Row {
  label: string;
  slowdown: number;
  noise: number;
}
const rows: Row[] = [
  { label: 'A/A', slowdown: 1, noise: 0 },
  { label: 'A/A', slowdown: 1, noise: 0.05 },
  { label: 'capacity -5%', slowdown: 1 / 0.95, noise: 0.05 },
  { label: 'capacity -15%', slowdown: 1 / 0.85, noise: 0 },
  { label: 'capacity -15%', slowdown: 1 / 0.85, noise: 0.05 },
  { label: 'capacity -25%', slowdown: 1 / 0.75, noise: 0.05 },
];

const theory = theoryCapacity(BASE, 0.95, 300);
console.log(`capacity comparison study: ${PAIRS} baseline/candidate search pairs per row, M/M/${BASE.slots} server, service ${BASE.serviceMs} ms, SLO ${SLO}`);
console.log(`theory capacity ${theory.toFixed(3)} req/s; ${REQUESTS} requests per step; job-to-job speed noise sigma ${JOB_SIGMA}; tolerance ${TOLERANCE * 100}%`);
console.log('');
console.log('| truth | noise term | fail | warn | inconclusive | pass | median interval width (candidate) | median steps |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
// Searches are shared across rows of the same slowdown: the noise term only changes the comparison.
const cache = new Map<string, Awaited<ReturnType<typeof capacityOf>>>();
const cached = async (server: QueueServer, seed: string) => {
  const key = `${server.serviceMs}|${seed}`;
  let r = cache.get(key);
  if (r === undefined) cache.set(key, (r = await capacityOf(server, seed)));
  return r;
};
for (const row of rows) {
  const counts: Record<CapacityVerdict, number> = { pass: 0, warn: 0, fail: 0, inconclusive: 0, invalid: 0 };
  const widths: number[] = [];
  const steps: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = await cached(BASE, `base|${i}`);
    const b = await cached({ ...BASE, serviceMs: BASE.serviceMs * row.slowdown }, `cand|${i}`);
    const c = compareCapacity('capacity_rps', a.capacity_rps, b.capacity_rps, { tolerance: TOLERANCE, noise: row.noise });
    counts[c.verdict]++;
    if (b.capacity_rps.hi !== null && b.capacity_rps.value > 0) widths.push((b.capacity_rps.hi - b.capacity_rps.lo) / b.capacity_rps.value);
    steps.push(a.steps, b.steps);
  }
  const med = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
  const pct = (k: number): string => `${((100 * k) / PAIRS).toFixed(0)}%`;
  console.log(
    `| ${row.label} | ±${row.noise * 100}% | ${pct(counts.fail)} | ${pct(counts.warn)} | ${pct(counts.inconclusive)} | ${pct(counts.pass)} | ${(med(widths) * 100).toFixed(1)}% | ${med(steps)} |`,
  );
}
