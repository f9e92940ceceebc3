// The engine commands (serve-embedded, make-model) live in a bundle of their
// own, dist/engine.js, with node-llama-cpp's native code behind it. It is
// imported by a path computed at run time, so esbuild never pulls it into
// dist/cli.js, and nothing loads it unless one of these commands runs.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliLog } from './host.js';
import type { CliIo } from './io.js';

/** Listed in the CLI's usage; their options are parsed by the engine bundle. */
export const ENGINE_COMMANDS: Record<string, { summary: string }> = {
  'serve-embedded': { summary: 'serve a tiny model on llama.cpp (CPU) as an OpenAI-compatible target, for quick starts and tests' },
  'make-model': { summary: 'make the tiny random-weight model (once per machine) and print its path' },
};

interface EngineBundle {
  runEngineCommand(command: string, argv: string[], io: CliIo): Promise<number>;
}

export async function runEngineCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  // From dist/cli.js the bundle sits beside it; from src/cli/ (tests) it is ../../dist/.
  const candidates = ['./engine.js', '../../dist/engine.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = candidates.find((p) => existsSync(p));
  if (!path) {
    cliLog(io).error(`the engine bundle is missing (looked for ${candidates.join(', ')}); run 'npm run build'`);
    return 1;
  }
  const engine = (await import(pathToFileURL(path).href)) as EngineBundle;
  return engine.runEngineCommand(command, argv, io);
}
