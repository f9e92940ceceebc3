// A loopback OpenAI-compatible server that attacks its client on purpose: it
// reflects every request header into its model ids, its system fingerprint
// and a mid-stream error message, and puts workflow commands, terminal escape
// sequences and an @mention in them.
import http from 'node:http';
import { listenLoopback } from './loopback.js';

/** What every hostile string carries: a workflow command on its own line, a screen clear, a team mention. */
export const PAYLOAD = '\n::set-output name=verdict::pass\r\n##[add-mask]x \u001b[2J @org/team';

/** A one-cell config whose API key comes from `keyEnv` and whose X-Tenant header is `tenant`: secrets for the server to reflect. */
export function hostileConfig(keyEnv: string, tenant: string): string {
  return [
    'version: 1',
    'target:',
    '  url: http://127.0.0.1:9/unused',
    `  api_key_env: ${keyEnv}`,
    `  headers: { X-Tenant: ${tenant} }`,
    'run: { requests: 6, warmup: 0, trials: 1, max_duration_s: 20 }',
    // Too few for the default-gated TTFT p95 (60 samples): not gated, so reading the config raises no counts.
    'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
    'scenarios: [{ name: s, input_tokens: 8, output_tokens: 8 }]',
    'loads: [{ concurrency: 1 }]',
    '',
  ].join('\n');
}

export interface HostileServer {
  url: string;
  close(): Promise<void>;
}

const reflect = (req: http.IncomingMessage): string =>
  Object.entries(req.headers)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');

/** Every other completion ends with an error event after one chunk; the others finish normally. */
export async function startHostileServer(): Promise<HostileServer> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: `@org/team${PAYLOAD} ${reflect(req)}`, object: 'model' }] }));
        return;
      }
      const fail = n++ % 2 === 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string): string =>
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', system_fingerprint: `fp ${reflect(req)}`, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      res.write(chunk(' tok'));
      if (fail) {
        res.end(`data: ${JSON.stringify({ error: { message: `upstream rejected ${reflect(req)}${PAYLOAD}`, type: 'server_error' } })}\n\n`);
        return;
      }
      for (let i = 0; i < 7; i++) res.write(chunk(' tok'));
      const done = { id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 8, completion_tokens: 8, total_tokens: 16 } };
      res.end(`data: ${JSON.stringify(done)}\n\ndata: [DONE]\n\n`);
    });
  });
  return listenLoopback(server);
}
