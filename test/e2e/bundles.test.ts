// The engine stays out of the action and the CLI bundles: only
// dist/engine.js mentions node-llama-cpp, and it imports it by a path
// computed at run time, never statically.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDist } from '../support/cli.js';

const files = (): string[] =>
  readdirSync('dist', { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));

describe('bundles', () => {
  beforeAll(buildDist);

  it('keeps node-llama-cpp and the engine out of dist/index.js, dist/cli.js and their chunks', () => {
    for (const f of files().filter((p) => !p.endsWith('engine.js'))) {
      const text = readFileSync(f, 'utf8');
      expect(text.includes('node-llama-cpp'), f).toBe(false);
      expect(text.includes('withBatchPaused'), f).toBe(false);
    }
  });

  it('has dist/engine.js load node-llama-cpp only at run time', () => {
    const text = readFileSync('dist/engine.js', 'utf8');
    expect(text).not.toMatch(/from\s*["']node-llama-cpp["']/);
    expect(text).not.toMatch(/import\(\s*["']node-llama-cpp["']\s*\)/);
    expect(text).toContain('withBatchPaused');
  });
});
