// Without node-llama-cpp, serve-embedded says what to run where the user is:
// a checkout has an install script; the npm package has neither scripts/ nor
// engine/, and takes node-llama-cpp installed beside it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_LLAMA_CPP_VERSION, notInstalledMessage } from '../../engine/paths.js';

describe('node-llama-cpp missing', () => {
  it('in a checkout: npm ci, or the install script', () => {
    expect(notInstalledMessage(true)).toBe("node-llama-cpp is not installed: run 'npm ci' in the checkout (its postinstall installs the engine's dependencies), or 'node scripts/install-engine.mjs'");
  });

  it('from the npm package: the npm command that installs the CPU build beside the CLI, at the version the engine is built with', () => {
    const m = notInstalledMessage(false);
    expect(m).toContain(`npm i --omit=optional node-llama-cpp@${NODE_LLAMA_CPP_VERSION} @node-llama-cpp/${process.platform}-${process.arch}@${NODE_LLAMA_CPP_VERSION}`);
    expect(m).not.toContain('checkout');
    expect(m).not.toContain('scripts/');
  });

  it('names the version engine/package.json installs', () => {
    const pkg = JSON.parse(readFileSync('engine/package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['node-llama-cpp']).toBe(NODE_LLAMA_CPP_VERSION);
  });
});
