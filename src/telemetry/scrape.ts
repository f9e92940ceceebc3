// Scrapes the server's /metrics before, during and after a cell. Off the load
// loop's path: one scrape in flight at a time, each bounded by a short timeout
// and a body size cap, on unref'd timers; a scrape that fails is counted and
// the cell goes on. Knows nothing of the load model or of the client.
import { Agent, request } from 'undici';
import { detectEngine, MAPPED_NAMES, readEngine, type EngineReading, type EngineSeries } from './engine-series.js';
import { parseExposition, type Sample } from './prometheus.js';
import { Series } from './stat.js';
import type { EngineTelemetry, TokenCheck } from './types.js';

interface ScrapeOptions {
  /** Base URL of the server (http://host:port); /metrics is appended. */
  baseUrl: string;
  /** Between scrapes while the cell runs, ms (default 1000). */
  intervalMs?: number;
  /** Per scrape, connect to last byte, ms (default 2000). */
  timeoutMs?: number;
  /** Largest body read, bytes (default 4 MiB); a larger one fails that scrape. */
  maxBytes?: number;
  /** Unknown series kept raw (default 64). */
  maxRaw?: number;
}

export interface ClientTokens {
  /** Prompt and completion tokens of every request the client sent while telemetry ran (warm-up included). */
  prompt: number;
  completion: number;
}

const MAX_ERRORS = 3;

/** Histogram buckets: many lines each, never mapped nor kept raw. */
const isBucket = (name: string): boolean => name.endsWith('_bucket');

/** One GET of /metrics: the parsed samples, or an Error saying what failed. */
async function scrapeOnce(url: string, dispatcher: Agent, timeoutMs: number, maxBytes: number): Promise<Sample[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  timer.unref();
  try {
    const res = await request(url, { method: 'GET', dispatcher, signal: ac.signal, headers: { accept: 'text/plain' } });
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new Error(`HTTP ${res.statusCode}`);
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new Error(`body larger than ${maxBytes} bytes`);
      }
      parts.push(chunk);
    }
    const parsed = parseExposition(Buffer.concat(parts).toString('utf8'), isBucket);
    if (parsed.samples.length === 0) throw new Error(parsed.badLines > 0 ? `not Prometheus text (line ${parsed.firstBad!.line}: ${parsed.firstBad!.text})` : 'no samples');
    return parsed.samples;
  } finally {
    clearTimeout(timer);
  }
}

const delta = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : Math.max(0, b - a));

/** Server counters against the client's; a gap over 2% (and over 8 tokens) is a mismatch. */
function checkTokens(e: EngineSeries, d: { prompt: number | null; cached: number | null; generation: number | null }, client: ClientTokens): TokenCheck | null {
  if (d.prompt === null && d.generation === null) return null;
  const mismatches: string[] = [];
  const off = (server: number, mine: number): boolean => Math.abs(server - mine) > Math.max(8, 0.02 * mine);
  let serverPrompt = d.prompt;
  if (d.prompt !== null) {
    if (e.promptCounts === 'uncached' && d.cached !== null) serverPrompt = d.prompt + d.cached;
    if (e.promptCounts === 'uncached' && d.cached === null) {
      // Only the evaluated tokens are counted: a cache hit explains fewer, nothing explains more.
      if (d.prompt > client.prompt + Math.max(8, 0.02 * client.prompt)) mismatches.push(`server evaluated ${d.prompt} prompt tokens, the client sent ${client.prompt}`);
    } else if (off(serverPrompt!, client.prompt)) {
      mismatches.push(`server counted ${serverPrompt} prompt tokens, the client ${client.prompt}`);
    }
  }
  if (d.generation !== null && off(d.generation, client.completion)) {
    mismatches.push(`server counted ${d.generation} generated tokens, the client ${client.completion}`);
  }
  return { client_prompt: client.prompt, client_completion: client.completion, server_prompt: serverPrompt, server_generation: d.generation, mismatches };
}

export interface EngineScraper {
  /** Final scrape, then the summary; null when no scrape ever succeeded (no /metrics). */
  stop(client: ClientTokens | null): Promise<EngineTelemetry | null>;
}

/** Scrapes once now (awaited, bounded), then every intervalMs until stop(). */
export async function startScraper(o: ScrapeOptions): Promise<EngineScraper> {
  const url = new URL('/metrics', o.baseUrl).toString();
  const intervalMs = o.intervalMs ?? 1000;
  const timeoutMs = o.timeoutMs ?? 2000;
  const maxBytes = o.maxBytes ?? 4 * 1024 * 1024;
  const maxRaw = o.maxRaw ?? 64;
  // Its own connection: a scrape never waits behind the load's sockets.
  const dispatcher = new Agent({ connections: 1, connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const gauges = { running: new Series(), waiting: new Series(), kv: new Series() };
  let engine: EngineSeries | null = null;
  let firstReading: EngineReading | null = null;
  let lastReading: EngineReading | null = null;
  let lastSamples: Sample[] = [];
  let ok = 0;
  let failed = 0;
  const errors: string[] = [];
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  const once = (label: string): Promise<void> => {
    inFlight ??= scrapeOnce(url, dispatcher, timeoutMs, maxBytes)
      .then((samples) => {
        engine ??= detectEngine(samples);
        ok += 1;
        lastSamples = samples;
        if (engine === null) return;
        const r = readEngine(engine, samples);
        firstReading ??= r;
        lastReading = r;
        gauges.running.add(r.running);
        gauges.waiting.add(r.waiting);
        gauges.kv.add(r.kvUsage);
      })
      .catch((err: unknown) => {
        failed += 1;
        if (errors.length < MAX_ERRORS) errors.push(`${label} GET ${url}: ${(err as Error).message}`);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  await once('before');
  let timer: NodeJS.Timeout | null = null;
  const tick = (): void => {
    if (stopped) return;
    void once('during').then(() => {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  // A server that answered nothing before the cell has no /metrics: do not keep knocking.
  if (ok > 0) {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }

  return {
    async stop(client) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (inFlight) await inFlight;
      if (ok > 0) await once('after');
      await dispatcher.close().catch(() => undefined);
      if (ok === 0) return null;
      const first = firstReading as EngineReading | null;
      const last = lastReading as EngineReading | null;
      const d = (k: keyof EngineReading): number | null => (first && last ? delta(first[k], last[k]) : null);
      const hits = d('prefixHits');
      const queries = d('prefixQueries');
      const cached = d('cachedPromptTokens');
      const prompt = d('promptTokens');
      const found = engine as EngineSeries | null;
      let hitRate: number | null = null;
      if (hits !== null && queries !== null && queries > 0) hitRate = hits / queries;
      else if (found?.promptCounts === 'uncached' && cached !== null && prompt !== null && prompt + cached > 0) hitRate = cached / (prompt + cached);
      else if (last?.hitRate !== null && last?.hitRate !== undefined) hitRate = last.hitRate;
      const raw: Record<string, number> = {};
      let rawDropped = 0;
      const seen = new Set<string>();
      for (const s of lastSamples) {
        // Buckets and quantiles are many series each; their _sum and _count say enough here.
        if (MAPPED_NAMES.has(s.name) || s.name.endsWith('_bucket') || 'quantile' in s.labels || Number.isNaN(s.value)) continue;
        if (!seen.has(s.name)) {
          seen.add(s.name);
          if (Object.keys(raw).length >= maxRaw) {
            rawDropped += 1;
            continue;
          }
          raw[s.name] = 0;
        }
        if (s.name in raw) raw[s.name]! += s.value;
      }
      return {
        engine: found?.engine ?? 'unknown',
        scrapes: ok,
        failed_scrapes: failed,
        errors,
        running: gauges.running.stat(),
        waiting: gauges.waiting.stat(),
        kv_cache_usage: gauges.kv.stat(),
        prefix_cache_hit_rate: hitRate === null ? null : Math.round(hitRate * 1e4) / 1e4,
        preemptions: d('preemptions'),
        prompt_tokens: prompt,
        cached_prompt_tokens: cached,
        generation_tokens: d('generationTokens'),
        token_check: found && client ? checkTokens(found, { prompt, cached, generation: d('generationTokens') }, client) : null,
        raw,
        raw_dropped: rawDropped,
      };
    },
  };
}
