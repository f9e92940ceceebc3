// A loopback server that misbehaves on purpose, in its own process so that a
// test measures the client's memory and time alone. Usage:
//   node hostile-server.mjs <mode> [n]
// prints {"port": P} on its first stdout line, then serves until killed.
// GET /v1/models lists one model; every POST gets the mode's stream:
//   chars N        N one-character output events without usage, then finish and [DONE]
//   endless-chars  one-character output events without usage, forever
//   long-line      "data: " and then 'x' forever, never a line break
//   long-event     "data: x...x\n" lines of 1 KiB forever, never the blank line ending the event
//   endless-chunks valid output chunks with text, forever, never [DONE]
import { Buffer } from 'node:buffer';
import http from 'node:http';

const [mode, nArg] = process.argv.slice(2);
const n = Number(nArg ?? 0);

const HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const CHAR = Buffer.from('data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n');
const CHUNK = Buffer.from('data: {"choices":[{"index":0,"delta":{"content":" tok tok tok tok"}}]}\n\n');
const FINISH = Buffer.from('data: {"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}\n\ndata: [DONE]\n\n');

/** Writes `piece` (repeated into ~64 KiB blocks) `times` times, or forever when times is Infinity, honouring back-pressure. */
function pump(res, piece, times, then) {
  const per = Math.max(1, Math.floor(65536 / piece.length));
  const block = Buffer.concat(Array.from({ length: per }, () => piece));
  let left = times;
  const go = () => {
    while (left > 0) {
      if (res.destroyed) return;
      const k = Math.min(per, left);
      left -= k;
      const ok = res.write(k === per ? block : block.subarray(0, k * piece.length));
      if (!ok) {
        res.once('drain', go);
        return;
      }
    }
    then?.();
  };
  go();
}

const server = http.createServer((req, res) => {
  req.resume();
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'hostile', object: 'model' }] }));
    return;
  }
  req.on('end', () => {
    res.writeHead(200, HEAD);
    res.on('error', () => undefined);
    switch (mode) {
      case 'chars':
        pump(res, CHAR, n, () => res.end(FINISH));
        break;
      case 'endless-chars':
        pump(res, CHAR, Infinity);
        break;
      case 'long-line':
        res.write('data: ');
        pump(res, Buffer.from('x'), Infinity);
        break;
      case 'long-event':
        pump(res, Buffer.from(`data: ${'x'.repeat(1018)}\n`), Infinity);
        break;
      case 'endless-chunks':
        pump(res, CHUNK, Infinity);
        break;
      default:
        res.end(`unknown mode ${mode}`);
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
