// Issue 19, item 9 (a): strings from the server are bounded where the client
// reads them, and again where they are printed. Before: a /v1/models id of
// 2,000,000 characters was stored whole in the result (target.models) and
// printed whole on one stderr line ("model 'x' is not in /v1/models (...)",
// 2,000,062 characters); a 200,000-character system_fingerprint was stored
// whole; and an entry nested 500,000 deep overflowed the stack of the copy of
// the entries (RangeError: an internal error, exit 70). A chunk's own "model"
// field the client never reads; a line over limits.line_bytes is refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InferenceClient } from '../../src/client/http.js';
import { MAX_MODEL_ID_CHARS } from '../../src/client/models.js';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { TargetError } from '../../src/errors/target-error.js';
import type { ResultDoc } from '../../src/result/types.js';
import { MAX_LOG_LINE_CHARS } from '../../src/util/safe-text.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { tempDir } from '../support/measure.js';

const LONG_ID = 'i'.repeat(1_500_000);
const DEEP = 500_000;
const FINGERPRINT = `fp${'f'.repeat(200_000)}`;
const FINISH = `stop${'s'.repeat(100_000)}`;
const ERROR = `upstream failed: ${'e'.repeat(500_000)}`;

/** What /v1/models lists, and whether POSTs fail with an error event, set per test. */
let models: unknown[] = [];
let failing = false;
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        // The entry nested DEEP levels is written by hand: JSON.stringify could not.
        res.end(`{"object":"list","data":[${models.map((m) => (m === 'deep' ? `{"id":"deep","x":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}` : JSON.stringify(m))).join(',')}]}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string, finish: string | null): string =>
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', model: LONG_ID.slice(0, 100_000), system_fingerprint: FINGERPRINT, choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      if (failing) {
        res.end(`${chunk(' tok', null)}data: ${JSON.stringify({ error: { message: ERROR } })}\n\n`);
        return;
      }
      let body = '';
      for (let i = 0; i < 7; i++) body += chunk(' tok', null);
      res.end(`${body}${chunk(' tok', FINISH)}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function client(model: string | null = null): Promise<InferenceClient> {
  const tok = await getTokenizer('o200k_base');
  return new InferenceClient({
    target: { url, api: 'chat', model, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
    timeouts: { connectMs: 5_000, requestMs: 10_000, idleMs: 5_000 },
    limits: { lineBytes: 4 << 20, eventBytes: 4 << 20, responseBytes: 1 << 27 },
    connections: 1,
    apiKey: null,
    countTokens: (t) => tok.count(t),
  });
}

describe('/v1/models', () => {
  it('lists no id over MAX_MODEL_ID_CHARS, and keeps a bounded copy of the entries however deep', async () => {
    models = [{ id: LONG_ID, object: 'model', owned_by: 'o'.repeat(100_000) }, 'deep', { id: 'real', object: 'model' }];
    const c = await client();
    try {
      const info = await c.serverInfo();
      expect(info.models).toEqual(['deep', 'real']);
      const entries = JSON.stringify(info.modelEntries);
      expect(entries.length).toBeLessThan(2_000);
      expect(entries).toContain('…[cut: 200 of 1500000 characters]');
      expect(entries).toContain('…[nested deeper]');
    } finally {
      await c.destroy();
    }
  });

  it('whose every id is too long is unusable unless target.model names the model', async () => {
    models = [{ id: LONG_ID, object: 'model' }];
    const c = await client();
    try {
      const err = await c.serverInfo().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(TargetError);
      expect((err as Error).message).toMatch(`every model id /v1/models lists is longer than ${MAX_MODEL_ID_CHARS} characters; set target.model or --model (GET ${url}/v1/models)`);
    } finally {
      await c.destroy();
    }
    const named = await client('served');
    try {
      expect((await named.serverInfo()).models).toEqual([]);
    } finally {
      await named.destroy();
    }
  });
});

describe('a stream', () => {
  it('keeps 200 characters of system_fingerprint, 64 of finish_reason, 300 of an error message, each cut marked', async () => {
    failing = false;
    const c = await client();
    try {
      const ok = await c.stream({ prompt: 'hi', inputTokens: 1, maxTokens: 16 }, 'm');
      expect(ok.failure).toBeNull();
      expect(ok.systemFingerprint).toBe(`${FINGERPRINT.slice(0, 200)}…[cut: 200 of ${FINGERPRINT.length} characters]`);
      expect(ok.finishReason).toBe(`${FINISH.slice(0, 64)}…[cut: 64 of ${FINISH.length} characters]`);
      failing = true;
      const bad = await c.stream({ prompt: 'hi', inputTokens: 1, maxTokens: 16 }, 'm');
      expect(bad.failure).toBe('stream-error');
      expect(bad.message).toBe(`error event in stream: ${ERROR.slice(0, 300)}…[cut: 300 of ${ERROR.length} characters]`);
    } finally {
      failing = false;
      await c.destroy();
    }
  });
});

describe('llm-perf-gate run against such a server (in-process)', () => {
  it('prints no line over the log bound and stores no unbounded server string', async () => {
    models = [
      { id: LONG_ID, object: 'model' },
      { id: 'x'.repeat(MAX_MODEL_ID_CHARS), object: 'model' },
    ];
    failing = false;
    const dir = await tempDir();
    const config = join(dir, 'c.yml');
    await writeFile(
      config,
      [
        'version: 1',
        `target: { url: '${url}', api: chat }`,
        'run: { requests: 4, warmup: 0, trials: 1, max_duration_s: 20 }',
        'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
        'scenarios: [{ name: s, input_tokens: 8, output_tokens: 8 }]',
        'loads: [{ concurrency: 1 }]',
        '',
      ].join('\n'),
    );
    let out = '';
    let err = '';
    const io: CliIo = {
      cwd: dir,
      env: { CI: 'true' },
      stdout: { write: (s: string) => ((out += s), true) },
      stderr: { write: (s: string) => ((err += s), true) },
      onInterrupt: () => () => undefined,
    };
    const result = join(dir, 'r.json');
    expect(await main(['run', '--config', config, '--model', 'other', '--out', result], io), err).toBe(0);
    const longest = Math.max(...`${out}\n${err}`.split('\n').map((l) => l.length));
    // Before: 2,000,062 characters (the whole id in the "not in /v1/models" note).
    expect(longest).toBeLessThanOrEqual(MAX_LOG_LINE_CHARS + 48);
    expect(err).toContain(`model 'other' is not in /v1/models (${'x'.repeat(MAX_MODEL_ID_CHARS)})`);
    const text = await readFile(result, 'utf8');
    // Before: 2.2 MB, the id and a 200,000-character fingerprint stored whole.
    expect(text.length).toBeLessThan(100_000);
    const doc = JSON.parse(text) as ResultDoc;
    expect(doc.cells[0]!.metrics.error_rate).toBe(0);
    expect(doc.target?.models).toEqual(['x'.repeat(MAX_MODEL_ID_CHARS)]);
    expect(doc.target?.system_fingerprint).toBe(`${FINGERPRINT.slice(0, 200)}…[cut: 200 of ${FINGERPRINT.length} characters]`);
  }, 60_000);
});
