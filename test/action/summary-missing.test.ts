// The job summary is a copy of the report: a runner without one
// (GITHUB_STEP_SUMMARY unset, or naming a file that is not there) must not
// fail the step. The action host warns and goes on (issue 23, item 6).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActionHost } from '../../src/action/host.js';

let dir: string;
let written: string;
const saved = process.env.GITHUB_STEP_SUMMARY;
const listeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'summary-'));
  written = '';
  // @actions/core writes its workflow commands (::warning::) to stdout.
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
  else process.env.GITHUB_STEP_SUMMARY = saved;
  // createActionHost listens for the runner's cancel signals: take its listeners off again.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    for (const l of process.listeners(sig)) if (!listeners[sig].includes(l)) process.off(sig, l);
  }
  process.exitCode = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('the action host without a job summary file', () => {
  it('warns and goes on when GITHUB_STEP_SUMMARY names a file that is not there', async () => {
    process.env.GITHUB_STEP_SUMMARY = join(dir, 'gone', 'step_summary');
    const host = createActionHost();
    await expect(host.summary('## report')).resolves.toBeUndefined();
    expect(written).toMatch(/::warning::no job summary: .*step_summary/);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('warns and goes on when GITHUB_STEP_SUMMARY is not set', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    const host = createActionHost();
    await expect(host.summary('## report')).resolves.toBeUndefined();
    expect(written).toContain('::warning::no job summary: GITHUB_STEP_SUMMARY is not set');
  });

  it('still writes the summary when the file is there, without what a failed write had buffered', async () => {
    const host = createActionHost();
    process.env.GITHUB_STEP_SUMMARY = join(dir, 'missing');
    await host.summary('## lost');
    const file = join(dir, 'step_summary');
    await writeFile(file, '');
    process.env.GITHUB_STEP_SUMMARY = file;
    await host.summary('## report');
    expect(await readFile(file, 'utf8')).toBe('## report\n');
    expect(written).not.toContain('::error::');
  });
});
