// The server under test found by its listening port, so its CPU is not a neighbour's.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackPort, pidsListeningOn } from '../../src/telemetry/listener.js';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('pidsListeningOn', () => {
  it.runIf(process.platform === 'linux')('names the process listening on a port, and nothing for a free port', async () => {
    // A child process, so the pid found is not just this one.
    const child = spawn(process.execPath, ['-e', "require('http').createServer().listen(0,'127.0.0.1',function(){console.log(this.address().port)})"], { stdio: ['ignore', 'pipe', 'inherit'] });
    stop = () => child.kill('SIGKILL');
    const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    expect(pidsListeningOn(port)).toEqual([child.pid]);
    const free = http.createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const freePort = (free.address() as { port: number }).port;
    await new Promise<void>((r) => free.close(() => r()));
    expect(pidsListeningOn(freePort)).toEqual([]);
  });

  it('takes the port of loopback URLs only', () => {
    expect(loopbackPort('http://127.0.0.1:8000')).toBe(8000);
    expect(loopbackPort('http://localhost')).toBe(80);
    expect(loopbackPort('https://[::1]')).toBe(443);
    expect(loopbackPort('http://10.0.0.5:8000')).toBeNull();
    expect(loopbackPort('http://api.example.com')).toBeNull();
  });
});
