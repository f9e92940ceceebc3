// examples/ramp.yml on a real engine: the built CLI runs the ramp against the
// embedded engine as a user runs it. The rate steps up past what the engine
// serves on this machine, so the queue shows in the per-step latencies and
// the saturation verdict names a step after the first.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { tempDir } from '../support/measure.js';
import { serveEmbedded, type Served } from './support.js';

let engine: Served;

beforeAll(async () => {
  buildDist();
  engine = await serveEmbedded(['--parallel', '4', '--ctx', '2048']);
}, 120_000);

afterAll(async () => {
  if (engine && engine.child.exitCode === null) await engine.stop();
});

describe('examples/ramp.yml on the embedded engine', () => {
  it('records each step of the ramp, and names the step where the engine saturated', async () => {
    const out = join(await tempDir(), 'result.json');
    const ran = await cli(['run', '--config', 'examples/ramp.yml', '--url', engine.url, '--out', out]);
    expect(ran.code, ran.stderr).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    expect(doc.status).toBe('complete');
    expect(doc.cells.map((c) => c.id)).toEqual(['chat@ramp=2..10/s,25s,steps=5']);
    const cell = doc.cells[0]!;
    expect(cell.status).toBe('complete');
    expect(cell.metrics.errors).toEqual({});
    expect(cell.load).toMatchObject({ kind: 'rate', arrival: 'ramp', rate: 6 });
    const ramp = cell.ramp!;
    expect(ramp.per_step.map((s) => s.rate)).toEqual([2, 4, 6, 8, 10]);
    // Every request the schedule held went out and came back, each in one step.
    const scheduled = ramp.per_step.reduce((a, s) => a + s.scheduled, 0);
    expect(cell.metrics.counts.completed).toBe(scheduled);
    expect(ramp.per_step.map((s) => s.completed)).toEqual(ramp.per_step.map((s) => s.scheduled));
    // The last step queues: its median wait for a first token is well above the first step's.
    const first = ramp.per_step[0]!.queued_ttft_ms!.p50!;
    const last = ramp.per_step[4]!.queued_ttft_ms!.p50!;
    expect(last).toBeGreaterThan(2 * first);
    // 10 req/s of 64-token answers is past what 4 slots serve on this machine; 2 req/s is not.
    const sat = ramp.saturation!;
    expect(['found', 'undecided']).toContain(sat.status);
    expect(sat.step).toBeGreaterThanOrEqual(1);
    expect(sat.rate).toBe(ramp.per_step[sat.step!]!.rate);
    expect(sat.reason).toMatch(/saturated from step [2-5] \((4|6|8|10) req\/s\)[:,] /);
    // The terminal report shows the steps and the verdict.
    expect(ran.stdout).toContain('chat@ramp=2..10/s,25s,steps=5 by step (rate→achieved, queued TTFT p95 ms): 2.0→');
    expect(ran.stdout).toMatch(/chat@ramp=2\.\.10\/s,25s,steps=5: Saturation/);
  }, 300_000);
});
