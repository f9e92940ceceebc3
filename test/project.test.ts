// The repository's own promises: version in step, action.yml in step with the
// code's input/output names, entry points that run on the Node the action uses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUTS, OUTPUTS } from '../src/action/constants.js';
import { TOOL_VERSION } from '../src/version.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const action = parse(readFileSync('action.yml', 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('project', () => {
  it('keeps the tool version equal to package.json', () => {
    expect(TOOL_VERSION).toBe(pkg.version);
  });

  it('runs the action on node24 from the committed bundle', () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js' });
    // The CLI runs on Node 22.19+ (undici 8, bundled, needs 22.19); the action and npm scripts run on 24.
    expect(pkg.engines.node).toBe('>=22.19.0');
    expect(pkg.type).toBe('module');
    expect(pkg.bin['llm-perf-gate']).toBe('bin/llm-perf-gate.js');
  });

  it('the launcher refuses the Node versions that package.json engines refuses, and no more', () => {
    // bin/llm-perf-gate.js: `const OLDEST = [22, 19];` is the floor of its version check.
    const oldest = /const OLDEST = \[(\d+), (\d+)\];/.exec(readFileSync('bin/llm-perf-gate.js', 'utf8'));
    expect(oldest).not.toBeNull();
    expect(`>=${oldest![1]}.${oldest![2]}.0`).toBe(pkg.engines.node);
  });

  it('declares exactly the inputs and outputs the code reads and sets', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(INPUTS).sort());
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(OUTPUTS).sort());
  });

  it('pins every dependency to an exact version', () => {
    // No runtime dependencies at all: the CLI and the action run the bundle (test/e2e/pack.test.ts).
    for (const deps of [pkg.dependencies ?? {}, pkg.devDependencies]) {
      for (const [name, v] of Object.entries(deps as Record<string, string>)) {
        expect(v, name).toMatch(/^\d+\.\d+\.\d+$/);
      }
    }
  });

  it('runs npm scripts on Node 24 through the pinned node package', () => {
    expect(pkg.devDependencies.node).toMatch(/^24\./);
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
