// A loopback proxy in front of a real inference server that slows its token
// stream by a known factor: every gap between two SSE events after the first
// one that carries text is stretched `factor` times. Events up to and
// including that first token pass as they arrive, so TTFT stays (a chat
// stream opens with a role-only event sent before the prompt is even read:
// stretching from there would move TTFT too), and TPOT and ITL rise by
// (factor - 1). factor 1 passes the stream through unchanged, for the A/A side.
//
// The engine frees its slot when it has generated, not when the proxy has
// delivered: in a closed loop the slowed side's next request goes out later
// than the engine could take it, which shifts arrivals and with them TTFT.
// Checks that want a TPOT slowdown and nothing else use an open loop.
import http from 'node:http';
import { listenLoopback } from './loopback.js';
import { performance } from 'node:perf_hooks';

export interface ThrottleProxy {
  url: string;
  close(): Promise<void>;
}

export interface ThrottleOptions {
  /** Told true when a request arrives with none in flight, false once none has been in flight for `idleMs`. */
  onBusy?: (busy: boolean) => void;
  idleMs?: number;
  /**
   * Every gap after the first token at least this many ms before it is
   * stretched: a server as slow per token as a GPU engine (8 ms and more),
   * made of a fast one, so a per-token change sits above the client's timing
   * floor. 0 (default): the server's own gaps.
   */
  minGapMs?: number;
  /**
   * 'decode' (default): only the gaps after the first token are stretched, so
   * TTFT stays and the throughput lost depends on how much of each request
   * was decode (the same 1.13x cost a closed loop 5.9-11.2% from run to run).
   * 'whole': every event goes out at factor x its time since the request
   * reached the proxy, so each response takes exactly factor times as long,
   * first token included: a server uniformly 1 - 1/factor slower in
   * throughput (1.111: 10%), whatever its mix of prefill and decode.
   */
  stretch?: 'decode' | 'whole';
}

export async function startThrottleProxy(upstream: string, factor: number, opts: ThrottleOptions = {}): Promise<ThrottleProxy> {
  if (!(factor >= 1 && Number.isFinite(factor))) throw new RangeError(`throttle factor must be a finite number >= 1, got ${factor}`);
  const target = new URL(upstream);
  let inFlight = 0;
  let busy = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const track = (res: http.ServerResponse): void => {
    if (!opts.onBusy) return;
    clearTimeout(idleTimer);
    inFlight++;
    if (!busy) {
      busy = true;
      opts.onBusy(true);
    }
    res.once('close', () => {
      if (--inFlight > 0) return;
      // A short gap between requests of one trial is still that side's turn.
      idleTimer = setTimeout(() => {
        busy = false;
        opts.onBusy!(false);
      }, opts.idleMs ?? 250);
    });
  };
  // A fresh upstream connection per request. Node's global agent keeps
  // connections alive (Node >= 19) and reuses an idle one; llama-server closes
  // an idle connection on its own timer without saying when (no Keep-Alive
  // hint), so a request sent on a connection the server is closing at that
  // moment was reset and answered 502: 2-8% of a run's requests. A new
  // loopback connection costs well under a millisecond, and the client's own
  // connection to the proxy stays kept alive as it would to the server.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const received = performance.now();
    track(res);
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host, connection: 'close' }, agent }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (!String(up.headers['content-type'] ?? '').includes('text/event-stream')) {
        up.pipe(res);
        return;
      }
      if (opts.stretch === 'whole') relayScaled(up, res, factor, received);
      else relayStretched(up, res, factor, opts.minGapMs ?? 0);
    });
    out.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    // A client that goes away cancels the upstream request, as it would without the proxy.
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  const listening = await listenLoopback(server);
  return {
    url: listening.url,
    close: () => {
      clearTimeout(idleTimer);
      agent.destroy();
      return listening.close();
    },
  };
}

/**
 * Writes each SSE event at received + (arrival - received) * factor: the whole
 * response, first token included, takes factor times as long, and each event
 * is due at its own absolute time so a late timer never delays the ones after it.
 */
function relayScaled(up: http.IncomingMessage, res: http.ServerResponse, factor: number, received: number): void {
  relayAt(up, res, (now) => received + (now - received) * factor);
}

/** True for an event that carries generated text (a chat delta's content or a completion's text). */
function carriesText(event: string): boolean {
  for (const line of event.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      const choice = (JSON.parse(line.slice(5)) as { choices?: Array<{ delta?: { content?: unknown }; text?: unknown }> }).choices?.[0];
      const text = choice?.delta?.content ?? choice?.text;
      if (typeof text === 'string' && text !== '') return true;
    } catch {
      // [DONE] or not JSON: no text.
    }
  }
  return false;
}

/**
 * Writes each SSE event after the first token at prevOut + max(arrival - prevArrival, minGapMs) * factor:
 * the stream's gaps stretched, its order kept. Events up to the first token go out as they arrive.
 */
function relayStretched(up: http.IncomingMessage, res: http.ServerResponse, factor: number, minGapMs: number): void {
  let anchored = false;
  let prevArrival = 0;
  let prevOut = 0;
  relayAt(up, res, (now, event) => {
    const due = anchored ? prevOut + Math.max(now - prevArrival, minGapMs) * factor : now;
    if (!anchored && carriesText(event)) anchored = true;
    prevArrival = now;
    prevOut = Math.max(due, now);
    return prevOut;
  });
}

/** Relays an SSE stream event by event, each written at dueAt(its arrival, the event) or at once if that has passed, in order. */
function relayAt(up: http.IncomingMessage, res: http.ServerResponse, dueAt: (now: number, event: string) => number): void {
  let buf = '';
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
      const when = dueAt(now, event);
      pending++;
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
