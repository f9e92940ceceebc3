// Every user-facing error kind lives in src/errors/, one class per file, and
// is a UserError: that is what lets the hosts map failures to exit statuses
// without a list kept by hand.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors/user-error.js';
import { TargetError } from '../../src/errors/target-error.js';
import { main } from '../../src/cli/main.js';
import { DatasetError } from '../../src/errors/dataset-error.js';

describe('src/errors', () => {
  it('holds one exported UserError subclass per file besides the base', async () => {
    const files = (await readdir('src/errors')).filter((f) => f.endsWith('.ts') && f !== 'user-error.ts');
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const mod = (await import(`../../src/errors/${f}`)) as Record<string, unknown>;
      const classes = Object.values(mod).filter((v) => typeof v === 'function');
      expect(classes, f).toHaveLength(1);
      const Cls = classes[0] as { prototype: object; name: string };
      expect(Object.create(Cls.prototype) instanceof UserError, f).toBe(true);
      // The file is named for its class: config-error.ts holds ConfigError.
      expect(
        f.replace(/\.ts$/, '').replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
        f,
      ).toBe(Cls.name);
    }
  });

  it('carries its exit status, name and headline', () => {
    const e = new TargetError('cannot reach the target', 'GET', 'http://127.0.0.1:9/v1/models');
    expect(e.exitStatus).toBe(2);
    expect(e.name).toBe('TargetError');
    expect(e.headline()).toBe('target unusable: cannot reach the target (GET http://127.0.0.1:9/v1/models)');
    expect(new DatasetError('x').name).toBe('DatasetError');
  });

  it('is mapped by the CLI to its exit status with one line on stderr', async () => {
    let err = '';
    const io = { cwd: process.cwd(), env: {}, stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, onInterrupt: () => () => undefined };
    expect(await main(['compare', '--baseline', 'missing-a.json'], io)).toBe(2);
    expect(err).toMatch(/^error: --candidate is required/);
  });
});
