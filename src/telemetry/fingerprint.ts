// The environment a result was measured in, taken once per run, and the
// differences between two of them. The gate turns the differences into a
// warning or `invalid` (figures from an H100 and an A10 do not compare); the
// history picks its baseline among results whose fingerprint matches.
// This extends ./machine.ts's machineInfo (CPU, memory) with the GPU, the
// engine, the model and the runner; machineInfo stays the source of those.
import { Agent, request } from 'undici';
import { detectEngine } from './engine-series.js';
import { machineInfo } from './machine.js';
import { gpuInventory } from './nvidia-smi.js';
import { parseExposition } from './prometheus.js';
import type { EngineName, EnvironmentFingerprint, FingerprintDifference } from './types.js';

interface FingerprintOptions {
  /** Server base URL; null when there is no server to ask. */
  baseUrl: string | null;
  /** Response headers of the server (the result's target.server_headers). */
  serverHeaders?: Record<string, string>;
  model: string | null;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  gpu?: boolean;
}

const MAX_BODY = 256 * 1024;

async function getText(url: string, dispatcher: Agent, timeoutMs: number): Promise<string | null> {
  const ac = new AbortController();
  const t = setTimeout(() => ac.abort(), timeoutMs);
  t.unref();
  try {
    const res = await request(url, { dispatcher, signal: ac.signal });
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      return null;
    }
    let body = '';
    for await (const c of res.body as AsyncIterable<Buffer>) {
      body += c.toString('utf8');
      if (body.length > MAX_BODY) {
        res.body.destroy();
        return null;
      }
    }
    return body;
  } catch {
    return null;
  } finally {
    clearTimeout(t);
  }
}

function jsonField(text: string | null, ...path: string[]): string | null {
  if (text === null) return null;
  try {
    let v: unknown = JSON.parse(text);
    for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
  } catch {
    return null;
  }
}

/**
 * The engine's name and version. Tried in order, each bounded: vLLM's /version,
 * TGI's /info, llama.cpp's /props (build_info), the build_info/version labels of
 * /metrics; the name also from the metrics prefix or the `server` header.
 */
export async function engineVersion(baseUrl: string, headers: Record<string, string>, timeoutMs = 2000): Promise<EnvironmentFingerprint['engine']> {
  const dispatcher = new Agent({ connections: 1, connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  try {
    const at = (p: string): string => new URL(p, baseUrl).toString();
    const [version, info, props, metrics] = await Promise.all([
      getText(at('/version'), dispatcher, timeoutMs),
      getText(at('/info'), dispatcher, timeoutMs),
      getText(at('/props'), dispatcher, timeoutMs),
      getText(at('/metrics'), dispatcher, timeoutMs),
    ]);
    let name: EngineName = 'unknown';
    let buildVersion: string | null = null;
    if (metrics !== null) {
      const samples = parseExposition(metrics).samples;
      name = detectEngine(samples)?.engine ?? 'unknown';
      const build = samples.find((s) => /build_info$/.test(s.name) && (s.labels.version || s.labels.build_info));
      buildVersion = build ? (build.labels.version ?? build.labels.build_info ?? null) : null;
    }
    const server = headers.server ?? headers.Server ?? null;
    if (name === 'unknown' && server && /llama\.cpp/i.test(server)) name = 'llama.cpp';
    const tgi = jsonField(info, 'version');
    if (tgi !== null && jsonField(info, 'model_id') !== null) return { name: 'tgi', version: tgi, source: '/info' };
    const v = jsonField(version, 'version');
    if (v !== null) return { name: name === 'unknown' ? 'vllm' : name, version: v, source: '/version' };
    const b = jsonField(props, 'build_info');
    if (b !== null) return { name: 'llama.cpp', version: b, source: '/props' };
    if (buildVersion !== null) return { name, version: buildVersion, source: '/metrics' };
    if (server) return { name, version: server, source: 'server header' };
    return name === 'unknown' ? null : { name, version: null, source: '/metrics' };
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

export async function collectFingerprint(o: FingerprintOptions): Promise<EnvironmentFingerprint> {
  const env = o.env ?? process.env;
  const m = machineInfo();
  const [gpu, engine] = await Promise.all([
    o.gpu === false ? Promise.resolve({ status: 'absent' as const, inventory: null }) : gpuInventory(o.timeoutMs ?? 5000),
    o.baseUrl === null ? Promise.resolve(null) : engineVersion(o.baseUrl, o.serverHeaders ?? {}, o.timeoutMs ?? 2000),
  ]);
  const inv = gpu.inventory;
  return {
    gpu_status: gpu.status,
    gpus: inv?.gpus.map((g) => ({ index: g.index, name: g.name, memory_total_mib: g.memoryTotal })) ?? [],
    driver_version: inv?.driver ?? null,
    cuda_version: inv?.cuda ?? null,
    gpu_topology: inv?.topology ?? null,
    cpu_model: m.cpu_model,
    cpus: m.cpus,
    memory_gb: m.memory_gb,
    engine,
    model: o.model,
    runner: env.GITHUB_ACTIONS === 'true' ? { name: env.RUNNER_NAME ?? null, os: env.RUNNER_OS ?? null, image_os: env.ImageOS ?? null, image_version: env.ImageVersion ?? null } : null,
  };
}

const show = (v: unknown): string => (v === null || v === undefined ? 'none' : String(v));

/** What differs between two fingerprints, most important first; empty when they match. */
export function compareFingerprints(a: EnvironmentFingerprint, b: EnvironmentFingerprint): FingerprintDifference[] {
  const out: FingerprintDifference[] = [];
  const diff = (field: string, x: unknown, y: unknown, severity: FingerprintDifference['severity']): void => {
    if (show(x) !== show(y)) out.push({ field, baseline: show(x), candidate: show(y), severity });
  };
  const gpuList = (f: EnvironmentFingerprint): string => (f.gpus.length === 0 ? f.gpu_status : f.gpus.map((g) => g.name).join(' + '));
  diff('gpu', gpuList(a), gpuList(b), 'major');
  diff('gpu count', a.gpus.length, b.gpus.length, 'major');
  diff('gpu memory (MiB)', a.gpus.map((g) => g.memory_total_mib).join(' + '), b.gpus.map((g) => g.memory_total_mib).join(' + '), 'major');
  diff('engine', a.engine?.name, b.engine?.name, 'major');
  diff('engine version', a.engine?.version, b.engine?.version, 'major');
  diff('model', a.model, b.model, 'major');
  diff('cpu', a.cpu_model, b.cpu_model, 'major');
  diff('cpus', a.cpus, b.cpus, 'major');
  diff('gpu topology', a.gpu_topology, b.gpu_topology, 'minor');
  diff('driver', a.driver_version, b.driver_version, 'minor');
  diff('cuda', a.cuda_version, b.cuda_version, 'minor');
  diff('memory (GB)', a.memory_gb, b.memory_gb, 'minor');
  diff('runner os', a.runner?.os, b.runner?.os, 'minor');
  diff('runner image', [a.runner?.image_os, a.runner?.image_version].filter(Boolean).join(' '), [b.runner?.image_os, b.runner?.image_version].filter(Boolean).join(' '), 'minor');
  return out;
}
