// `llm-perf-gate calibrate` through the built CLI, against the loopback server.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planFromObject } from '../../src/config/load.js';
import type { CalibrationDoc } from '../../src/gate/calibrate.js';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
beforeAll(buildDist);

// One closed-loop cell, 30 short requests a trial (x 2 trials: the 60 samples the gated TTFT p95 needs): 4 trials take about a second.
const CONFIG = `version: 1
target:
  url: http://127.0.0.1:9/never-used
seed: 3
run:
  requests: 30
  warmup: 2
  trials: 2
  max_duration_s: 20
scenarios:
  - name: tiny
    input_tokens: 16
    output_tokens: 8
loads:
  - concurrency: 2
`;

describe('llm-perf-gate calibrate', () => {
  it('runs an A/A calibration and writes the result, the calibration and the report', async () => {
    server = await startFakeServer({ ttftMs: 10, gapMs: 2 });
    const dir = await tempDir();
    const config = join(dir, 'llm-perf.yml');
    await writeFile(config, CONFIG);
    const out = join(dir, 'cal-result.json');
    const json = join(dir, 'cal.json');
    const md = join(dir, 'cal.md');
    const ran = await cli(['calibrate', '--config', config, '--url', server.url, '--trials', '4', '--out', out, '--json', json, '--markdown', md]);
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stderr).toContain('calibrate: 4 trials per cell (run.trials is 2)');
    expect(ran.stdout).toMatch(/Recommended trials: (\d+|none)/);
    expect(ran.stdout).toContain(`calibration: ${json}`);

    // The whole matrix ran 4 times: 4 x (2 warm-up + 30) requests.
    expect(server.requests.filter((r) => r.completionIndex !== null)).toHaveLength(128);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    expect(doc.cells[0]!.trials).toHaveLength(4);

    const cal = JSON.parse(await readFile(json, 'utf8')) as CalibrationDoc;
    expect(cal.schema).toBe('llm-perf-gate/calibration@1');
    expect(cal.settings).toMatchObject({ trials_run: 4, trials_current: 2, confidence: 0.9, power: 0.8, design: 'unpaired' });
    expect(cal.result).toMatchObject({ file: out, status: 'complete', model: 'fake-model' });
    expect(cal.cells.map((c) => c.id)).toEqual(['tiny@c=2']);
    const metrics = cal.cells[0]!.metrics;
    expect(metrics.filter((m) => m.gated).map((m) => m.metric)).toEqual(['output_tps', 'ttft_ms.p95', 'tpot_ms.p50']);
    for (const m of metrics) {
      expect(m.values, m.metric).toHaveLength(4);
      expect(m.cv!, m.metric).toBeGreaterThanOrEqual(0);
      expect(m.aa!.trials).toEqual([2, 2]);
      expect(['improved', 'unchanged', 'regressed', 'warn', 'inconclusive']).toContain(m.aa!.verdict);
      expect(m.mde_pct, m.metric).not.toBeNull();
      expect(m.tolerance.recommended!).toBeGreaterThanOrEqual(m.tolerance.default);
      expect(m.trials_needed === null || (m.trials_needed >= 2 && m.trials_needed <= 50)).toBe(true);
    }
    const k = cal.summary.recommended_trials;
    if (cal.gate_yaml !== null) {
      const parsed = parse(cal.gate_yaml) as Record<string, unknown>;
      planFromObject({ ...parse(CONFIG), ...parsed }, { file: null, baseDir: dir });
    }

    const report = await readFile(md, 'utf8');
    expect(report).toMatch(/^## (📏|🚩) llm-perf-gate calibration/);
    expect(report).toContain(`**Recommended trials: ${k ?? 'none'}**`);
    expect(report).toMatch(/\| tiny@c=2 \| \*\*output_tps\*\*/);
  });

  it('exits 2 for a trial count that cannot be split into two halves, before sending anything', async () => {
    server = await startFakeServer();
    const ran = await cli(['calibrate', '--url', server.url, '--trials', '3']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--trials must be an integer from 4');
    expect(server.requests).toHaveLength(0);
    const help = await cli(['calibrate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: llm-perf-gate calibrate');
  });
});
