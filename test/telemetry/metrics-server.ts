// A small loopback server for telemetry tests: /metrics answers from a
// function of how many scrapes came before, so a test can play an engine
// through a cell (before, during, after); other paths from a table.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Answer = { status: number; body: string; type?: string } | 'hang';

export interface MetricsServer {
  url: string;
  scrapes: number;
  close(): Promise<void>;
}

export async function metricsServer(metrics: ((n: number) => Answer) | null, routes: Record<string, Answer> = {}): Promise<MetricsServer> {
  const sockets = new Set<Socket>();
  const state: MetricsServer = { url: '', scrapes: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    const path = (req.url ?? '/').split('?')[0]!;
    let answer: Answer | undefined = routes[path];
    if (path === '/metrics' && metrics !== null) answer = metrics(state.scrapes++);
    if (answer === 'hang') return; // never answers: the client's timeout must end it
    if (answer === undefined) answer = { status: 404, body: '{"detail":"Not Found"}', type: 'application/json' };
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/plain; version=0.0.4; charset=utf-8' });
    res.end(answer.body);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** For afterEach: closes the test's server (if any) and puts PATH back (tests put a fake nvidia-smi first on it). */
export function closeAndRestore(current: () => MetricsServer | null, path = process.env.PATH): () => Promise<void> {
  return async () => {
    process.env.PATH = path;
    await current()?.close();
  };
}
