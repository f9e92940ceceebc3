// Start the embedded engine from a script or a test:
//
//   import { startEmbedded } from '../engine/start.js'   // or dist/engine.js
//   const engine = await startEmbedded({ parallel: 4 });
//   ... load-test engine.url ...
//   await engine.close();
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Engine, type EngineInfo, type EngineStats } from './engine.js';
import { ensureTinyModel } from './model/cache.js';
import { EngineSetupError } from './paths.js';
import { serveEngine } from './server.js';

export interface EmbeddedOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Requests generated at once (sequences of one context); more wait in a queue. Default 4. */
  parallel?: number;
  /** CPU threads for evaluation. Default: half the cores, at least 1 (the load generator needs the rest). */
  threads?: number;
  /** Context per sequence, in tokens. Default 4096. */
  ctx?: number;
  /** A GGUF file; default: the generated tiny model (made once per machine). */
  model?: string;
  /** Seed of the generated model when `model` is not given. Default 1. */
  seed?: number;
  /** Tokens per evaluation batch. Default: node-llama-cpp's (512). */
  batchSize?: number;
}

export interface EmbeddedEngine {
  url: string;
  port: number;
  modelPath: string;
  info: EngineInfo;
  /** Seconds spent making the model (0 when it was cached or given). */
  modelSeconds: number;
  stats(): EngineStats;
  close(): Promise<void>;
}

export const DEFAULTS = { parallel: 4, ctx: 4096, host: '127.0.0.1' };

export function defaultThreads(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

export async function startEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedEngine> {
  const parallel = opts.parallel ?? DEFAULTS.parallel;
  const threads = opts.threads ?? defaultThreads();
  const ctx = opts.ctx ?? DEFAULTS.ctx;
  for (const [name, v, min] of [
    ['parallel', parallel, 1],
    ['threads', threads, 1],
    ['ctx', ctx, 16],
  ] as const) {
    if (!Number.isInteger(v) || v < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${v}`);
  }
  let modelPath = opts.model;
  let modelSeconds = 0;
  if (!modelPath) {
    const made = ensureTinyModel(opts.seed !== undefined ? { seed: opts.seed } : {});
    modelPath = made.path;
    modelSeconds = made.seconds;
  }
  if (!existsSync(modelPath)) throw new EngineSetupError(`model file not found: ${modelPath}`);
  let engine: Engine;
  try {
    engine = await Engine.load({ modelPath, parallel, threads, ctx, ...(opts.batchSize ? { batchSize: opts.batchSize } : {}) });
  } catch (err) {
    if (err instanceof EngineSetupError) throw err;
    throw new EngineSetupError(`cannot load ${modelPath} with llama.cpp: ${(err as Error).message}`);
  }
  let server;
  try {
    server = await serveEngine(engine, {
      host: opts.host ?? DEFAULTS.host,
      port: opts.port ?? 0,
      serverHeader: `llm-perf-gate-embedded (llama.cpp ${engine.info.llamaCpp}; node-llama-cpp ${engine.info.nodeLlamaCpp})`,
    });
  } catch (err) {
    await engine.close();
    throw err;
  }
  let closing: Promise<void> | null = null;
  return {
    url: server.url,
    port: server.port,
    modelPath,
    info: engine.info,
    modelSeconds,
    stats: () => engine.stats(),
    close(): Promise<void> {
      closing ??= (async () => {
        await server.close();
        await engine.close();
      })();
      return closing;
    },
  };
}
