// One config model: the gate plan derived from a config stored in a result is
// the one derived from the file, and config/ and metrics/ do not import each other.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { gatePlanFromStored, loadGatePlan, planFromObject } from '../../src/config/load.js';
import type { NormalConfig } from '../../src/config/normal.js';

const RAW = {
  target: { url: 'http://127.0.0.1:1', headers: { Authorization: 'Bearer sk-1' } },
  scenarios: [
    { name: 'chat', input_tokens: 8, output_tokens: 4 },
    { name: 'long', input_tokens: 64, output_tokens: 4 },
  ],
  loads: [{ concurrency: 2 }, { rate: 3, arrival: 'gamma', burstiness: 0.5 }],
  ab: { baseline: { url: 'http://127.0.0.1:2/v1' }, candidate: { url: 'http://127.0.0.1:3' } },
  gate: {
    alpha: 0.01,
    metrics: { 'ttft_ms.p99': { gate: true, tolerance: 0.3 } },
    scenarios: { long: { metrics: { output_tps: { tolerance: 0.2, level: 'warn' } } } },
    slo: ['ttft_ms.p99 <= 900', { check: 'output_tps >= 5', scenario: 'long', load: 'r=3/s,gamma=0.5' }],
  },
};

describe('stored config', () => {
  it('gives the gate plan the file gives, after a round trip through JSON', () => {
    const plan = planFromObject(RAW, { file: null, baseDir: '/' });
    const stored = JSON.parse(JSON.stringify(plan.config)) as NormalConfig;
    expect(gatePlanFromStored(stored, 'r.json')).toEqual(plan.gate);
    expect(stored.ab?.baseline).toEqual({ url: 'http://127.0.0.1:2', model: null, server_command: null, ready_timeout_s: 600 });
    expect(stored.target.headers).toEqual({ Authorization: '<redacted>' });
    expect(Object.isFrozen(plan.config.gate.metrics)).toBe(true);
  });

  it('rejects a stored gate section that names what the result does not have, naming the result', () => {
    const plan = planFromObject(RAW, { file: null, baseDir: '/' });
    const bad = { ...plan.config, gate: { ...plan.config.gate, alpha: 7, metrics: { nope: {} }, slo: [{ check: 'rps >= 1', scenario: 'gone', load: null }] } };
    let err: unknown;
    try {
      gatePlanFromStored(bad, 'cand.json (stored config)');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const lines = (err as ConfigError).problems.map((p) => p.text);
    expect(lines).toContain('cand.json (stored config): gate.alpha: must be a number > 0 and <= 0.5, got 7');
    expect(lines.some((l) => l.startsWith('cand.json (stored config): gate.metrics.nope: unknown metric'))).toBe(true);
    expect(lines.some((l) => l.startsWith('cand.json (stored config): gate.slo[0].scenario: no such scenario (allowed: chat, long)'))).toBe(true);
  });

  it('reads the gate rules of a config file that names no target', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lpg-gate-'));
    try {
      await writeFile(path.join(dir, 'g.yml'), 'scenarios: [{name: chat, input_tokens: 8, output_tokens: 4}]\nloads: [{concurrency: 1}]\ngate: {alpha: 0.02}\n');
      expect((await loadGatePlan('g.yml', dir)).alpha).toBe(0.02);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps config/ and metrics/ from importing each other; the metric ids import nothing', () => {
    const imports = (dir: string): string[] => readdirSync(dir).flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]!));
    expect(imports('src/config').filter((s) => s.includes('/metrics/'))).toEqual([]);
    expect(imports('src/metrics').filter((s) => s.includes('/config/') && !s.endsWith('/config/plan.js'))).toEqual([]);
    expect(readFileSync('src/metric-ids.ts', 'utf8')).not.toMatch(/^import /m);
  });
});
