// A loopback proxy in front of a real inference server that slows its token
// stream by a known factor: every gap between two SSE events of a response is
// stretched `factor` times (the first event is not delayed, so TTFT stays),
// which raises TPOT and ITL by (factor - 1) and leaves everything else alone.
// factor 1 passes the stream through unchanged, for the A/A side.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ThrottleProxy {
  url: string;
  close(): Promise<void>;
}

export async function startThrottleProxy(upstream: string, factor: number): Promise<ThrottleProxy> {
  if (!(factor >= 1 && Number.isFinite(factor))) throw new RangeError(`throttle factor must be a finite number >= 1, got ${factor}`);
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const out = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        if (!String(up.headers['content-type'] ?? '').includes('text/event-stream')) {
          up.pipe(res);
          return;
        }
        relayStretched(up, res, factor);
      },
    );
    out.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    // A client that goes away cancels the upstream request, as it would without the proxy.
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes each SSE event at prevOut + (arrival - prevArrival) * factor: the stream's gaps stretched, its order kept. */
function relayStretched(up: http.IncomingMessage, res: http.ServerResponse, factor: number): void {
  let buf = '';
  let prevArrival: number | null = null;
  let prevOut = 0;
  let chain = Promise.resolve();
  let pending = 0;
  let ended = false;
  const finish = (): void => {
    if (ended && pending === 0) res.end();
  };
  up.setEncoding('utf8');
  up.on('data', (text: string) => {
    buf += text;
    const now = performance.now();
    for (let at = buf.indexOf('\n\n'); at >= 0; at = buf.indexOf('\n\n')) {
      const event = buf.slice(0, at + 2);
      buf = buf.slice(at + 2);
      const due = prevArrival === null ? now : prevOut + (now - prevArrival) * factor;
      prevArrival = now;
      prevOut = Math.max(due, now);
      pending++;
      const when = prevOut;
      chain = chain.then(async () => {
        const wait = when - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (!res.destroyed) res.write(event);
        pending--;
        finish();
      });
    }
  });
  up.on('end', () => {
    chain = chain.then(() => {
      if (buf !== '' && !res.destroyed) res.write(buf);
      ended = true;
      finish();
    });
  });
  up.on('error', () => res.destroy());
}
