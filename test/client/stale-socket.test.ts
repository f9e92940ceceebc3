// A server that closes kept-alive connections without saying so (llama-server
// does after each streamed reply): the request written to the dead socket is
// sent once more on a fresh connection instead of counting as a failure.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measure, oneCell } from '../support/measure.js';

let server: net.Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

const SSE = [
  'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}',
  'data: {"choices":[{"index":0,"delta":{"content":" tok"}}]}',
  'data: {"choices":[{"index":0,"delta":{"content":" tok"},"finish_reason":"length"}]}',
  'data: {"choices":[],"usage":{"prompt_tokens":8,"completion_tokens":2}}',
  'data: [DONE]',
  '',
].join('\n\n');

/** Minimal HTTP/1.1: every connection serves one request, then drops the next one unanswered. */
function startDroppingServer(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = net.createServer((sock) => {
    connections++;
    let served = 0;
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString();
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.slice(0, end);
      const len = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length < end + 4 + len) return;
      buf = buf.slice(end + 4 + len);
      if (served++ >= 1) {
        sock.destroy();
        return;
      }
      const isModels = head.startsWith('GET /v1/models');
      const body = isModels ? '{"object":"list","data":[{"id":"m"}]}' : SSE;
      const type = isModels ? 'application/json' : 'text/event-stream';
      sock.write(`HTTP/1.1 200 OK\r\ncontent-type: ${type}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\nkeep-alive: timeout=5, max=100\r\n\r\n${body}`);
    });
    sock.on('error', () => undefined);
  });
  return new Promise((r) => server!.listen(0, '127.0.0.1', () => r({ url: `http://127.0.0.1:${(server!.address() as net.AddressInfo).port}`, connections: () => connections })));
}

describe('a kept-alive socket the server closed', () => {
  it('is retried once on a fresh connection, so no request fails', async () => {
    const s = await startDroppingServer();
    const { doc } = await measure(s.url, oneCell({ concurrency: 1 }, { requests: 6, output: 2 }));
    const m = doc.cells[0]!.metrics;
    expect(m.errors).toEqual({});
    expect(m.counts.completed).toBe(6);
    // Every request after the first on a connection found it dead and went out again on a new one.
    expect(s.connections()).toBeGreaterThanOrEqual(6);
  });
});
