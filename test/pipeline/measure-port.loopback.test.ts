// The measure port with a server it starts: each measurement starts the
// server and stops it after. Before the run design (issue 18), a failure
// confirmed by measuring the failing cells again ran after the action had
// stopped the server it started, so every request of the confirmation failed
// to connect and "confirmed" a regression of a server that was no longer
// there.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measurePort, type Side } from '../../src/pipeline/measure-port.js';
import { fakeHost } from '../support/fake-action-host.js';
import { oneCell, plan, tempDir } from '../support/measure.js';

describe('measurePort', () => {
  it('starts the candidate server again for a second measurement (a confirmation), and stops it after each', async () => {
    const dir = await tempDir();
    const port = 21000 + Math.floor(Math.random() * 2000);
    const url = `http://127.0.0.1:${port}`;
    const candidate: Side = {
      url,
      model: null,
      readyTimeoutMs: 30_000,
      server: {
        command: `exec "${process.execPath}" "${join(process.cwd(), 'scripts', 'fake-server.ts')}" ${port} 5 2 4`,
        readyUrl: null,
        logPath: join(dir, 'server.log'),
        stateKey: 'server-pgid',
        label: 'server',
      },
    };
    const h = fakeHost(dir, {});
    const launched: string[] = [];
    const m = measurePort(h.host, { candidate, baseline: null }, { echoLog: false, passEnv: [], withholdEnv: [], onLaunch: (role, l) => launched.push(`${role} ${l.label}`) }, { table: false });
    const p = plan(url, oneCell({ concurrency: 2 }, { requests: 10 }));
    const first = await m.candidate(p, join(dir, 'first.json'));
    const again = await m.candidate(p, join(dir, 'again.json'));
    for (const doc of [first, again]) {
      expect(doc.status).toBe('complete');
      expect(doc.cells[0]!.metrics.counts.failed).toBe(0);
    }
    expect(launched).toEqual(['candidate server', 'candidate server']);
    const text = h.logs.map((l) => l.text);
    expect(text.filter((t) => /^Server ready after/.test(t))).toHaveLength(2);
    expect(text.filter((t) => /^Server stopped \(SIGTERM\)/.test(t))).toHaveLength(2);
    // The process group was saved for the post step while it ran, and cleared after.
    expect(h.state['server-pgid']).toBe('');
  }, 60_000);
});
