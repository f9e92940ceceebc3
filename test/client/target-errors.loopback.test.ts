// The target's first failures on real sockets (issue 21, item 7): https:// to
// a plain-HTTP port, http:// to a TLS port (when openssl can make a
// certificate here), and a 401 said by what key was sent.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InferenceClient } from '../../src/client/http.js';
import type { TargetPlan } from '../../src/config/plan.js';

function client(url: string, over: Partial<TargetPlan> = {}, apiKey: string | null = null): InferenceClient {
  return new InferenceClient({
    target: { url, api: 'chat', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false, ...over },
    timeouts: { connectMs: 2_000, requestMs: 5_000, idleMs: 2_000 },
    limits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 },
    connections: 1,
    apiKey,
    countTokens: (t) => t.length,
  });
}

async function probeError(c: InferenceClient): Promise<string> {
  try {
    await c.serverInfo();
    return 'no error';
  } catch (err) {
    return (err as Error).message;
  } finally {
    await c.destroy();
  }
}

const listen = async (s: http.Server): Promise<number> => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

/** Answers /v1/models when the bearer is "right", 401 otherwise. */
let plain: http.Server;
let plainPort = 0;
beforeAll(async () => {
  plain = http.createServer((req, res) => {
    req.resume();
    if (req.headers.authorization !== 'Bearer right') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"m","object":"model"}]}');
  });
  plainPort = await listen(plain);
});
afterAll(() => new Promise<void>((r) => plain.close(() => r())));

describe('the scheme', () => {
  it('https:// to a plain-HTTP port says the server does not speak TLS and which URL to use', async () => {
    const url = `https://127.0.0.1:${plainPort}`;
    expect(await probeError(client(url))).toBe(`cannot reach the target: the server at ${url} does not speak TLS: use http://127.0.0.1:${plainPort} (GET ${url}/v1/models)`);
  });

  let hasOpenssl = true;
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    hasOpenssl = false;
  }
  it.skipIf(!hasOpenssl)('http:// to a TLS port says the server speaks TLS and which URL to use', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'llm-perf-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const tls = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_q, r) => r.end('{}'));
    try {
      const port = await listen(tls);
      const url = `http://127.0.0.1:${port}`;
      expect(await probeError(client(url))).toBe(`cannot reach the target: the server at ${url} speaks TLS, not plain HTTP: use https://127.0.0.1:${port} (GET ${url}/v1/models)`);
    } finally {
      await new Promise<void>((r) => tls.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a 401 on /v1/models', () => {
  it('with the key of the named variable sent: that key was refused', async () => {
    const url = `http://127.0.0.1:${plainPort}`;
    expect(await probeError(client(url, { apiKeyEnv: 'SERVE_KEY' }, 'wrong'))).toBe(
      `HTTP 401: the server refused the key in $SERVE_KEY (target.api_key_env): check the key, or the key the server was started with (e.g. its --api-key) (GET ${url}/v1/models)`,
    );
  });
  it('with the named variable empty: set it', async () => {
    expect(await probeError(client(`http://127.0.0.1:${plainPort}`, { apiKeyEnv: 'SERVE_KEY' }, null))).toMatch(
      /^HTTP 401: target\.api_key_env names SERVE_KEY, but that environment variable is not set or empty: set it to the server's key/,
    );
  });
  it('with no key configured: name one in target.api_key_env', async () => {
    expect(await probeError(client(`http://127.0.0.1:${plainPort}`))).toMatch(/^HTTP 401: no key is configured: put the server's key in an environment variable and name it in target\.api_key_env/);
  });
  it('is no error with the right key', async () => {
    expect(await probeError(client(`http://127.0.0.1:${plainPort}`, { apiKeyEnv: 'SERVE_KEY' }, 'right'))).toBe('no error');
  });
});
