// The OpenAI-compatible HTTP face of the embedded engine, in the wire format
// vLLM uses: /health, /v1/models, /metrics (Prometheus), /v1/completions, /v1/chat/completions, with
// `stream: true` as SSE (a role-only first chunk for chat, one chunk per
// token, usage in a last `choices: []` chunk when stream_options.include_usage,
// then `data: [DONE]`), or one JSON body without it. Bad requests and prompts
// longer than the context get HTTP 400 with an OpenAI error body; an engine
// failure after the 200 is sent as an `{"error": ...}` event inside the stream.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RequestError, type Engine, type GenerationResult, type SamplingParams, type Token } from './engine.js';
import { renderMetrics } from './metrics.js';

interface EngineServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Kind = 'chat' | 'completions';

const MAX_BODY = 32 * 1024 * 1024;

function errorBody(status: number, message: string, type = 'invalid_request_error', param: string | null = null, code: string | number | null = null): string {
  return JSON.stringify({ error: { message, type, param, code: code ?? status } });
}

function sendJson(res: http.ServerResponse, status: number, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

let idCounter = 0;
function newId(kind: Kind): string {
  idCounter = (idCounter + 1) % 0x1000000;
  const rand = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  return `${kind === 'chat' ? 'chatcmpl' : 'cmpl'}-${rand}${idCounter.toString(16).padStart(6, '0')}`;
}

// ---- request parsing ------------------------------------------------------------

function optNumber(b: Record<string, unknown>, key: string, dflt: number, check: (v: number) => boolean, rule: string): number {
  const v = b[key];
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v) || !check(v)) throw new RequestError(`'${key}' must be ${rule}, got ${JSON.stringify(v)}`, key);
  return v;
}

function optInt(b: Record<string, unknown>, key: string, min: number): number | null {
  const v = b[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new RequestError(`'${key}' must be an integer >= ${min}, got ${JSON.stringify(v)}`, key);
  return v;
}

function messageText(content: unknown, i: number): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) {
    return content
      .map((part, j) => {
        const p = part as { type?: unknown; text?: unknown };
        if (p && p.type === 'text' && typeof p.text === 'string') return p.text;
        throw new RequestError(`messages[${i}].content[${j}]: only text parts are supported`, 'messages');
      })
      .join('');
  }
  throw new RequestError(`messages[${i}].content must be a string or an array of text parts`, 'messages');
}

interface Parsed {
  prompt: Token[];
  params: SamplingParams;
  stream: boolean;
  includeUsage: boolean;
  model: string;
  echoModel: string;
}

function parseRequest(engine: Engine, kind: Kind, b: Record<string, unknown>): Parsed {
  let prompt: Token[];
  if (kind === 'chat') {
    if (!Array.isArray(b.messages) || b.messages.length === 0) throw new RequestError("'messages' must be a non-empty array", 'messages');
    const messages = b.messages.map((m, i) => {
      const msg = m as { role?: unknown; content?: unknown };
      if (!msg || typeof msg.role !== 'string') throw new RequestError(`messages[${i}].role must be a string`, 'messages');
      return { role: msg.role, content: messageText(msg.content, i) };
    });
    prompt = engine.chatPrompt(messages);
  } else {
    const p = b.prompt;
    if (typeof p === 'string') prompt = engine.completionPrompt(p);
    else if (Array.isArray(p) && p.length === 1 && typeof p[0] === 'string') prompt = engine.completionPrompt(p[0]);
    else if (Array.isArray(p) && p.length > 0 && p.every((t) => Number.isInteger(t) && t >= 0)) prompt = engine.completionPrompt(p as Token[]);
    else throw new RequestError("'prompt' must be a string or an array of token ids (one prompt per request)", 'prompt');
  }
  const n = optInt(b, 'n', 1);
  if (n !== null && n !== 1) throw new RequestError("only 'n': 1 is supported", 'n');
  const maxRaw = optInt(b, 'max_tokens', 1) ?? optInt(b, 'max_completion_tokens', 1);
  const maxTokens = engine.resolveMaxTokens(prompt.length, maxRaw);
  const minTokens = Math.min(optInt(b, 'min_tokens', 0) ?? 0, maxTokens);
  if (b.ignore_eos !== undefined && typeof b.ignore_eos !== 'boolean') throw new RequestError("'ignore_eos' must be a boolean", 'ignore_eos');
  if (b.cache_prompt !== undefined && typeof b.cache_prompt !== 'boolean') throw new RequestError("'cache_prompt' must be a boolean", 'cache_prompt');
  if (b.stream !== undefined && b.stream !== null && typeof b.stream !== 'boolean') throw new RequestError("'stream' must be a boolean", 'stream');
  let stop: string[] = [];
  if (typeof b.stop === 'string') stop = [b.stop];
  else if (Array.isArray(b.stop) && b.stop.every((s) => typeof s === 'string')) stop = b.stop as string[];
  else if (b.stop !== undefined && b.stop !== null) throw new RequestError("'stop' must be a string or an array of strings", 'stop');
  stop = stop.filter((s) => s.length > 0);
  const seed = optInt(b, 'seed', 0);
  const opts = b.stream_options as { include_usage?: unknown } | undefined | null;
  return {
    prompt,
    params: {
      maxTokens,
      minTokens,
      ignoreEos: b.ignore_eos === true,
      temperature: optNumber(b, 'temperature', 1, (v) => v >= 0 && v <= 2, 'between 0 and 2'),
      topP: optNumber(b, 'top_p', 1, (v) => v > 0 && v <= 1, 'in (0, 1]'),
      topK: Math.max(
        0,
        optNumber(b, 'top_k', 40, (v) => Number.isInteger(v) && v >= -1, 'an integer >= -1'),
      ),
      minP: optNumber(b, 'min_p', 0, (v) => v >= 0 && v <= 1, 'in [0, 1]'),
      // Unseeded requests each get their own seed, as with any real server.
      seed: seed === null ? Math.floor(Math.random() * 0x100000000) : seed % 0x100000000,
      stop,
      cachePrompt: b.cache_prompt !== false,
    },
    stream: b.stream === true,
    includeUsage: opts !== null && typeof opts === 'object' && opts.include_usage === true,
    model: engine.info.modelId,
    echoModel: typeof b.model === 'string' && b.model.length > 0 ? b.model : engine.info.modelId,
  };
}

// ---- responses --------------------------------------------------------------------

function usageOf(r: GenerationResult): Record<string, unknown> {
  return {
    prompt_tokens: r.promptTokens,
    total_tokens: r.promptTokens + r.completionTokens,
    completion_tokens: r.completionTokens,
    prompt_tokens_details: { cached_tokens: r.cachedTokens },
  };
}

async function handleCompletion(engine: Engine, kind: Kind, raw: string, req: http.IncomingMessage, res: http.ServerResponse, active: Set<AbortController>): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    sendJson(res, 400, errorBody(400, 'request body is not valid JSON'));
    return;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    sendJson(res, 400, errorBody(400, 'request body must be a JSON object'));
    return;
  }
  let parsed: Parsed;
  try {
    parsed = parseRequest(engine, kind, body as Record<string, unknown>);
  } catch (err) {
    if (err instanceof RequestError) {
      sendJson(res, 400, errorBody(400, err.message, 'invalid_request_error', err.param, err.code));
      return;
    }
    throw err;
  }

  const ac = new AbortController();
  active.add(ac);
  const onGone = (): void => ac.abort();
  // The client closed its side (gave up): stop generating for it.
  res.on('close', onGone);
  req.socket.once('end', onGone);

  const id = newId(kind);
  const created = Math.floor(Date.now() / 1000);
  const object = kind === 'chat' ? 'chat.completion.chunk' : 'text_completion';
  const head = `{"id":"${id}","object":"${object}","created":${created},"model":${JSON.stringify(parsed.echoModel)},`;

  try {
    if (parsed.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const write = (json: string): void => {
        if (!res.destroyed) res.write(`data: ${json}\n\n`);
      };
      const choice = (text: string, finish: string | null): string =>
        kind === 'chat'
          ? `"choices":[{"index":0,"delta":${text === '' && finish !== null ? '{}' : `{"content":${JSON.stringify(text)}}`},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}`
          : `"choices":[{"index":0,"text":${JSON.stringify(text)},"logprobs":null,"finish_reason":${JSON.stringify(finish)},"stop_reason":null}]}`;
      // vLLM's first chat chunk names the role and carries no text.
      if (kind === 'chat') write(`${head}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}`);
      else res.flushHeaders();
      let result: GenerationResult;
      try {
        result = await engine.generate(parsed.prompt, parsed.params, (text) => write(`${head}${choice(text, null)}`), ac.signal);
      } catch (err) {
        write(JSON.stringify({ error: { message: `generation failed: ${(err as Error).message}`, type: 'server_error', param: null, code: 500 } }));
        res.end();
        return;
      }
      if (result.aborted) {
        res.end();
        return;
      }
      write(`${head}${choice(result.tail, result.finishReason ?? 'length')}`);
      if (parsed.includeUsage) write(`${head}"choices":[],"usage":${JSON.stringify(usageOf(result))}}`);
      if (!res.destroyed) res.end('data: [DONE]\n\n');
      return;
    }

    let text = '';
    let result: GenerationResult;
    try {
      result = await engine.generate(parsed.prompt, parsed.params, (t) => (text += t), ac.signal);
      text += result.tail;
    } catch (err) {
      sendJson(res, 500, errorBody(500, `generation failed: ${(err as Error).message}`, 'server_error'));
      return;
    }
    if (result.aborted) {
      res.destroy();
      return;
    }
    const finish = result.finishReason ?? 'length';
    const choice =
      kind === 'chat'
        ? { index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: finish }
        : { index: 0, text, logprobs: null, finish_reason: finish, stop_reason: null };
    sendJson(res, 200, JSON.stringify({ id, object: kind === 'chat' ? 'chat.completion' : 'text_completion', created, model: parsed.echoModel, choices: [choice], usage: usageOf(result) }));
  } finally {
    active.delete(ac);
    res.off('close', onGone);
    req.socket.off('end', onGone);
  }
}

export async function serveEngine(engine: Engine, opts: { host: string; port: number; serverHeader: string }): Promise<EngineServer> {
  const sockets = new Set<Socket>();
  const active = new Set<AbortController>();
  let closing = false;

  const server = http.createServer({ noDelay: true, requestTimeout: 0, keepAliveTimeout: 60_000 }, (req, res) => {
    res.setHeader('server', opts.serverHeader);
    const url = req.url ?? '/';
    const path = url.split('?')[0]!.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const kind: Kind | null = path === '/v1/chat/completions' ? 'chat' : path === '/v1/completions' ? 'completions' : null;

    if (kind === null) {
      req.resume();
      if (path === '/health' && method === 'GET') {
        sendJson(res, closing ? 503 : 200, closing ? '{"status":"shutting down"}' : '{"status":"ok"}');
      } else if (path === '/v1/models' && method === 'GET') {
        const info = engine.info;
        const data = [
          {
            id: info.modelId,
            object: 'model',
            created: Math.floor(Date.now() / 1000),
            owned_by: 'llm-perf-gate',
            max_model_len: info.ctx,
            meta: { engine: 'llama.cpp via node-llama-cpp', llama_cpp: info.llamaCpp, node_llama_cpp: info.nodeLlamaCpp, parallel: info.parallel, threads: info.threads, ctx_per_sequence: info.ctx },
          },
        ];
        sendJson(res, 200, JSON.stringify({ object: 'list', data }));
      } else if (path === '/stats' && method === 'GET') {
        sendJson(res, 200, JSON.stringify(engine.stats()));
      } else if (path === '/metrics' && method === 'GET') {
        const body = renderMetrics(engine.stats(), engine.info.modelId, engine.info);
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else if (path === '/health' || path === '/v1/models' || path === '/stats' || path === '/metrics') {
        sendJson(res, 405, errorBody(405, `method ${method} not allowed on ${path}`));
      } else {
        sendJson(res, 404, errorBody(404, `no route for ${method} ${path}`, 'not_found_error'));
      }
      return;
    }
    if (method !== 'POST') {
      req.resume();
      sendJson(res, 405, errorBody(405, `method ${method} not allowed on ${path}`));
      return;
    }
    if (closing) {
      req.resume();
      sendJson(res, 503, errorBody(503, 'server is shutting down', 'server_error'));
      return;
    }
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        sendJson(res, 413, errorBody(413, `request body larger than ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      parts.push(c);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      handleCompletion(engine, kind, Buffer.concat(parts).toString('utf8'), req, res, active).catch((err: unknown) => {
        // Never take the server down for one request.
        if (!res.headersSent) sendJson(res, 500, errorBody(500, `internal error: ${(err as Error).message}`, 'server_error'));
        else res.destroy();
      });
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    close(): Promise<void> {
      closed ??= (async () => {
        closing = true;
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const ac of active) ac.abort();
        // Give aborted streams a moment to end themselves, then cut what is left.
        await new Promise((r) => setTimeout(r, 50));
        for (const s of sockets) s.destroy();
        await done;
      })();
      return closed;
    },
  };
}
