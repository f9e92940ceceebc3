// Starting real inference servers for the end-to-end tests: the embedded
// engine through the CLI (`serve-embedded`, as a user starts it) and
// llama.cpp's own llama-server when its binary is built.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { cli } from '../support/cli.js';
import { tempDir } from '../support/measure.js';

const BIN = join(process.cwd(), 'bin', 'llm-perf-gate.js');

export interface Served {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code and everything it printed. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

function track(child: ChildProcess): { output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { output: () => out, exited };
}

async function stopper(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  output: () => string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const r = await exited;
  clearTimeout(timer);
  return { ...r, output: output() };
}

/** `llm-perf-gate serve-embedded --port 0 ...`; resolves on its ready line. */
export async function serveEmbedded(args: string[] = []): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve-embedded', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, exited } = track(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve-embedded not ready in 60 s:\n${output()}`)), 60_000);
    const check = (): void => {
      const m = /^ready: (http:\/\/\S+)/m.exec(output());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`serve-embedded exited with ${code} before it was ready:\n${output()}`));
    });
  });
  return { url, child, output, stop: () => stopper(child, exited, output) };
}

export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** llama.cpp's llama-server on a free port; resolves when /health says ok. */
export async function startLlamaServer(binary: string, model: string, args: string[]): Promise<Served> {
  const port = await freePort();
  const child = spawn(binary, ['-m', model, '--host', '127.0.0.1', '--port', String(port), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, exited } = track(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`llama-server exited before it was ready:\n${output()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`llama-server not ready in 60 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output, stop: () => stopper(child, exited, output) };
}

/** The llama-server binary: cached, or built when LLM_PERF_GATE_BUILD_LLAMA is set; else null and why. */
export function llamaServerBinary(): { binary: string | null; reason: string } {
  const script = join(process.cwd(), 'scripts', 'build-llama-server.mjs');
  const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  if (check.status === 0) return { binary: check.stdout.trim(), reason: '' };
  if (!process.env.LLM_PERF_GATE_BUILD_LLAMA) {
    return {
      binary: null,
      reason: `${check.stderr.trim().split('\n')[0]}; or set LLM_PERF_GATE_BUILD_LLAMA=1 to have the tests build it (about 10-15 minutes on 2 cores)`,
    };
  }
  const built = spawnSync(process.execPath, [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (built.status !== 0) throw new Error('LLM_PERF_GATE_BUILD_LLAMA is set but building llama-server failed (see the messages above)');
  return { binary: built.stdout.trim(), reason: '' };
}

/** Writes a config file (JSON is YAML) and returns its path. */
export async function writeConfig(config: Record<string, unknown>): Promise<string> {
  const dir = await tempDir();
  const path = join(dir, 'llm-perf.yml');
  await writeFile(path, JSON.stringify(config, null, 2));
  return path;
}

/** `llm-perf-gate run` of the built CLI against `url` with a config file, as a user runs it; the result read back. */
export async function runCli(url: string, config: Record<string, unknown>): Promise<{ code: number | null; stdout: string; stderr: string; doc: ResultDoc }> {
  const out = join(await tempDir(), 'result.json');
  const ran = await cli(['run', '--config', await writeConfig(config), '--url', url, '--out', out]);
  return { ...ran, doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc };
}

/** The run every real engine is measured with: chat, 8 requests of a fixed 32-token output, at 1 and 4 users. */
export const ENGINE_RUN: Record<string, unknown> = {
  target: { url: 'http://placeholder', api: 'chat', fixed_output: true },
  seed: 3,
  run: { requests: 8, warmup: 1, trials: 1, max_duration_s: 60 },
  // A plausibility run, not a gate: too few samples for the default-gated TTFT p95 (60), which would raise run.requests.
  gate: { metrics: { 'ttft_ms.p95': { gate: false } } },
  scenarios: [{ name: 'chat', input_tokens: 128, output_tokens: 32 }],
  loads: [{ concurrency: 1 }, { concurrency: 4 }],
};

/**
 * What ENGINE_RUN must show on any real engine: a complete, valid result with
 * no failures, server token counts, the fixed output honoured, plausible TTFT and TPOT.
 */
export function expectPlausibleEngineRun(ran: { code: number | null; stderr: string; doc: ResultDoc }): void {
  const { code, stderr, doc } = ran;
  expect(code, stderr).toBe(0);
  expect(validateResult(doc)).toEqual([]);
  expect(doc.status).toBe('complete');
  for (const cell of doc.cells) {
    const m = cell.metrics;
    expect(m.errors, cell.id).toEqual({});
    expect(m.counts.completed).toBe(8);
    expect(m.tokens.sources).toEqual({ server: 8, client: 0 });
    expect(m.tokens.output_honoured).toBe(1);
    expect(m.tokens.output_mean).toBe(32);
    expect(m.tokens.input_mean!).toBeGreaterThan(100);
    expect(m.ttft_ms!.min).toBeGreaterThan(0.5);
    expect(m.ttft_ms!.max).toBeLessThan(10_000);
    expect(m.tpot_ms!.min).toBeGreaterThan(0.05);
    expect(m.tpot_ms!.max).toBeLessThan(500);
  }
}
