// The engine's commands, run by the CLI (src/cli/embedded.ts loads this
// bundle only for them): `serve-embedded` and `make-model`.
import { parseArgs } from 'node:util';
import { ensureTinyModel } from './model/cache.js';
import { EngineSetupError } from './paths.js';
import { DEFAULTS, defaultThreads, startEmbedded } from './start.js';

/** The part of the CLI's io the engine commands use. */
export interface EngineIo {
  stdout: { write(s: string): boolean };
  stderr: { write(s: string): boolean };
  /** Registers a SIGINT/SIGTERM handler; returns the function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

const EXIT = { ok: 0, fail: 1, usage: 2 } as const;

export const SERVE_USAGE = `usage: llm-perf-gate serve-embedded [options]

Serve an OpenAI-compatible API (llama.cpp on the CPU, through node-llama-cpp)
for quick starts and tests without a GPU. Without --model it serves a tiny
random-weight model made once per machine (see 'make-model').

options:
  --port N         TCP port (default 8089; 0 picks a free one)
  --host ADDR      listen address (default 127.0.0.1)
  --parallel N     requests generated at once; more wait in a queue (default ${DEFAULTS.parallel})
  --threads N      CPU threads for evaluation (default: half the cores, here ${defaultThreads()})
  --ctx N          context per request slot, prompt + output, in tokens (default ${DEFAULTS.ctx})
  --model FILE     a GGUF model instead of the generated one
  --seed N         seed of the generated model (default 1)
  --batch-size N   tokens per evaluation batch (default 512)

Prints 'ready: URL ...' on stdout once it accepts requests; stops cleanly on
SIGINT or SIGTERM.`;

export const MAKE_MODEL_USAGE = `usage: llm-perf-gate make-model [--seed N] [--force]

Make the tiny random-weight Llama model (4 layers, width 256, Llama-2
vocabulary, f16, ~40 MB) in \${XDG_CACHE_HOME:-~/.cache}/llm-perf-gate/models/,
unless it is there already, and print its path. The same seed always gives the
same bytes.`;

class UsageError extends Error {}

function parse(argv: string[], options: NonNullable<Parameters<typeof parseArgs>[0]>['options']): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function int(values: Record<string, unknown>, key: string, min: number): number | undefined {
  const v = values[key];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${key} must be an integer >= ${min}, got '${String(v)}'`);
  return n;
}

export async function runEngineCommand(command: string, argv: string[], io: EngineIo): Promise<number> {
  try {
    if (command === 'make-model') return makeModel(argv, io);
    if (command === 'serve-embedded') return await serve(argv, io);
    throw new UsageError(`unknown engine command '${command}'`);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`error: ${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof EngineSetupError || err instanceof RangeError) {
      io.stderr.write(`error: ${err.message}\n`);
      return EXIT.fail;
    }
    throw err;
  }
}

function makeModel(argv: string[], io: EngineIo): number {
  const values = parse(argv, { seed: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout.write(`${MAKE_MODEL_USAGE}\n`);
    return EXIT.ok;
  }
  const seed = int(values, 'seed', 0);
  if (seed !== undefined && seed > 0xffffffff) throw new UsageError('--seed must fit 32 bits');
  const made = ensureTinyModel(seed !== undefined ? { seed } : {}, { force: values.force === true });
  const mb = (made.bytes / 1e6).toFixed(1);
  io.stderr.write(made.made ? `made in ${made.seconds.toFixed(2)} s, ${mb} MB\n` : `cached, ${mb} MB\n`);
  io.stdout.write(`${made.path}\n`);
  return EXIT.ok;
}

async function serve(argv: string[], io: EngineIo): Promise<number> {
  const values = parse(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    parallel: { type: 'string' },
    threads: { type: 'string' },
    ctx: { type: 'string' },
    model: { type: 'string' },
    seed: { type: 'string' },
    'batch-size': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout.write(`${SERVE_USAGE}\n`);
    return EXIT.ok;
  }
  const port = int(values, 'port', 0) ?? 8089;
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  const parallel = int(values, 'parallel', 1);
  const threads = int(values, 'threads', 1);
  const ctx = int(values, 'ctx', 16);
  const seed = int(values, 'seed', 0);
  const batchSize = int(values, 'batch-size', 1);
  if (values.model !== undefined && seed !== undefined) throw new UsageError('--seed applies to the generated model only; drop it or --model');

  // A server must outlive one bad request: report stray async failures, keep serving.
  const onStray = (err: unknown): void => {
    io.stderr.write(`engine: unexpected error (still serving): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  };
  process.on('unhandledRejection', onStray);

  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const removeInterrupt = io.onInterrupt(() => stop());
  try {
    const engine = await startEmbedded({
      port,
      ...(values.host !== undefined ? { host: values.host as string } : {}),
      ...(parallel !== undefined ? { parallel } : {}),
      ...(threads !== undefined ? { threads } : {}),
      ...(ctx !== undefined ? { ctx } : {}),
      ...(values.model !== undefined ? { model: values.model as string } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(batchSize !== undefined ? { batchSize } : {}),
    });
    const i = engine.info;
    const made = engine.modelSeconds > 0 ? `, model made in ${engine.modelSeconds.toFixed(2)} s` : '';
    io.stdout.write(`ready: ${engine.url} model=${i.modelId} parallel=${i.parallel} threads=${i.threads} ctx=${i.ctx}/sequence llama.cpp=${i.llamaCpp} load=${i.loadSeconds.toFixed(2)}s${made}\n`);
    await stopped;
    io.stderr.write('stopping: ending open requests\n');
    await engine.close();
    io.stderr.write('stopped\n');
    return EXIT.ok;
  } finally {
    removeInterrupt();
    process.off('unhandledRejection', onStray);
  }
}
