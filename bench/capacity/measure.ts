// Capacity of a running server, with the real probe: prints the headline and
// the Markdown section (chart and points), and writes the result as JSON.
//   node scripts/run-ts.mjs bench/capacity/measure.ts URL MODE SLO [min max] [requests] [out.json]
// e.g. ... http://127.0.0.1:8089 concurrency 'ttft_ms.p90 <= 1500' 1 16 60 /tmp/cap.json
import { writeFileSync } from 'node:fs';
import { openStepTarget } from '../../src/capacity/load-adapter.js';
import { createRealProbe, goodputSlos } from '../../src/capacity/probe.js';
import { searchCapacity } from '../../src/capacity/search.js';
import { parseCapacitySlos } from '../../src/capacity/slo.js';
import type { CapacityMode } from '../../src/config/vocabulary.js';
import { planFromObject } from '../../src/config/load.js';
import { capacitySection } from '../../src/report/capacity.js';

const [url, modeArg, slo, minArg, maxArg, reqArg, outPath] = process.argv.slice(2);
if (!url || (modeArg !== 'rate' && modeArg !== 'concurrency') || !slo) {
  console.error('usage: measure.ts URL rate|concurrency SLO [min max] [requestsPerStep] [out.json]');
  process.exit(2);
}
const mode: CapacityMode = modeArg;
const plan = planFromObject({ target: { url }, scenarios: [{ name: 'chat', input_tokens: 64, output_tokens: 32 }], loads: [{ concurrency: 1 }] }, { file: null, baseDir: process.cwd() });
const target = await openStepTarget(plan);
const ac = new AbortController();
process.on('SIGINT', () => ac.abort());
try {
  const probe = createRealProbe({ plan, scenario: plan.scenarios[0]!, target, goodput: goodputSlos(parseCapacitySlos([slo])), warmup: 2, maxStepMs: 120_000, cancel: ac.signal });
  const r = await searchCapacity({
    probe,
    slos: [slo],
    mode,
    range: { min: Number(minArg ?? 1), max: Number(maxArg ?? 16) },
    requestsPerStep: reqArg ? Number(reqArg) : undefined,
    saturationConcurrency: mode === 'rate' ? 8 : null,
    budget: { maxDurationMs: 400_000 },
    onPoint: (p) =>
      console.error(
        `  ${p.role} ${JSON.stringify(p.load)}: ${p.verdict} (${p.requests} requests) ${p.slos.map((j) => `${j.value?.toFixed(1)} [${j.lo?.toFixed(1)}, ${j.hi?.toFixed(1)}]`).join(' ')} rps ${p.rps.toFixed(2)}`,
      ),
  });
  console.log(capacitySection(`${url} (${target.model})`, r));
  if (outPath) writeFileSync(outPath, `${JSON.stringify(r, null, 2)}\n`);
} finally {
  await target.close();
}
