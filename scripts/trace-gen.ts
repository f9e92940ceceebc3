// Writes a synthetic request trace in the Mooncake (JSONL) or Azure (CSV)
// format, with stated statistics, for the examples and the tests: no real
// trace can be downloaded where this project is built and tested.
//
//   node scripts/run-ts.mjs scripts/trace-gen.ts --format mooncake --out t.jsonl \
//     [--requests 200] [--rate 5] [--burstiness 1] [--input-mean 1500 --input-sd 1000 --input-max 8192]
//     [--output-mean 200 --output-sd 120 --output-max 1024] [--share 0.5 --groups 4 --prefix-blocks 2]
//     [--block-tokens 512] [--time datetime|s|ms] [--seed 1]
//
// The model: arrivals are a Poisson process at `rate` req/s (gamma gaps with
// shape `burstiness` when it is not 1); input and output lengths are
// lognormal with the given mean and standard deviation, rounded, redrawn
// outside 1..max. Prefix sharing (Mooncake only): with probability `share` a
// request belongs to one of `groups` shared prefixes (a system prompt, a
// document) and its first `prefix-blocks` hash ids are that group's; every
// other block gets a fresh id. It prints what it wrote: the realised rate,
// the lengths' mean and p50/p90, and the prefix-sharing ratio (the share of
// hash ids that an earlier request already had: the most a prefix cache
// could reuse).
import { writeFileSync } from 'node:fs';
import { createRng, exponential, gamma, type Rng } from '../src/util/rng.ts';

export interface TraceGenOptions {
  requests: number;
  /** Mean arrival rate, requests per second. */
  rate: number;
  /** Gamma shape of the gaps: 1 Poisson, < 1 burstier. */
  burstiness: number;
  input: { mean: number; sd: number; max: number };
  output: { mean: number; sd: number; max: number };
  /** Probability that a request opens with a shared prefix. */
  share: number;
  groups: number;
  prefixBlocks: number;
  blockTokens: number;
  seed: number;
}

export interface GenRequest {
  /** ms since the first request. */
  timestamp: number;
  input_length: number;
  output_length: number;
  hash_ids: number[];
}

export const GEN_DEFAULTS: TraceGenOptions = {
  requests: 200,
  rate: 5,
  burstiness: 1,
  input: { mean: 1500, sd: 1000, max: 8192 },
  output: { mean: 200, sd: 120, max: 1024 },
  share: 0.5,
  groups: 4,
  prefixBlocks: 2,
  blockTokens: 512,
  seed: 1,
};

function lognormal(rng: Rng, mean: number, sd: number, max: number): number {
  const s2 = Math.log(1 + (sd / mean) ** 2);
  const mu = Math.log(mean) - s2 / 2;
  for (;;) {
    const u = 1 - rng.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
    const x = Math.round(Math.exp(mu + Math.sqrt(s2) * z));
    if (x >= 1 && x <= max) return x;
  }
}

/** The trace's requests, a pure function of the options. */
export function generateTrace(o: TraceGenOptions): GenRequest[] {
  const rng = createRng(JSON.stringify(['trace-gen', o.seed]));
  let nextId = o.groups * o.prefixBlocks;
  let t = 0;
  const out: GenRequest[] = [];
  for (let i = 0; i < o.requests; i++) {
    if (i > 0) t += 1000 * (o.burstiness === 1 ? exponential(rng, o.rate) : gamma(rng, o.burstiness, 1 / (o.rate * o.burstiness)));
    const input = lognormal(rng, o.input.mean, o.input.sd, o.input.max);
    const output = lognormal(rng, o.output.mean, o.output.sd, o.output.max);
    const blocks = Math.ceil(input / o.blockTokens);
    const ids: number[] = [];
    if (o.groups > 0 && rng.next() < o.share) {
      const g = rng.int(o.groups);
      for (let b = 0; b < Math.min(o.prefixBlocks, blocks); b++) ids.push(g * o.prefixBlocks + b);
    }
    while (ids.length < blocks) ids.push(nextId++);
    out.push({ timestamp: Math.round(t), input_length: input, output_length: output, hash_ids: ids });
  }
  return out;
}

export function toMooncake(reqs: readonly GenRequest[]): string {
  return reqs.map((r) => `${JSON.stringify(r)}\n`).join('');
}

/** Azure-style CSV; `time` picks the TIMESTAMP column's form (a date-time from 2023-11-16 18:00:00 UTC, or numbers). */
export function toAzureCsv(reqs: readonly GenRequest[], time: 'datetime' | 's' | 'ms' = 'datetime'): string {
  const base = Date.UTC(2023, 10, 16, 18, 0, 0);
  const head = time === 'datetime' ? 'TIMESTAMP' : `timestamp_${time}`;
  const stamp = (ms: number): string => {
    if (time === 's') return String(ms / 1000);
    if (time === 'ms') return String(ms);
    // 2023-11-16 18:15:46.6805900: seven fractional digits, as the public traces have them.
    const iso = new Date(base + ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 23)}0000`;
  };
  return `${head},ContextTokens,GeneratedTokens\n${reqs.map((r) => `${stamp(r.timestamp)},${r.input_length},${r.output_length}\n`).join('')}`;
}

export interface TraceStats {
  requests: number;
  spanS: number;
  rate: number;
  input: { mean: number; p50: number; p90: number; max: number };
  output: { mean: number; p50: number; p90: number; max: number };
  /** Share of hash ids an earlier request already had. */
  prefixShare: number;
}

function summary(xs: readonly number[]): TraceStats['input'] {
  const s = [...xs].sort((a, b) => a - b);
  const rank = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { mean: Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 10) / 10, p50: rank(0.5), p90: rank(0.9), max: s[s.length - 1]! };
}

export function traceStats(reqs: readonly GenRequest[]): TraceStats {
  const seen = new Set<number>();
  let ids = 0;
  let again = 0;
  for (const r of reqs) {
    for (const id of r.hash_ids) {
      ids++;
      if (seen.has(id)) again++;
      seen.add(id);
    }
  }
  const spanS = reqs.length > 1 ? (reqs[reqs.length - 1]!.timestamp - reqs[0]!.timestamp) / 1000 : 0;
  return {
    requests: reqs.length,
    spanS,
    rate: spanS > 0 ? Math.round(((reqs.length - 1) / spanS) * 100) / 100 : 0,
    input: summary(reqs.map((r) => r.input_length)),
    output: summary(reqs.map((r) => r.output_length)),
    prefixShare: ids === 0 ? 0 : Math.round((again / ids) * 1000) / 1000,
  };
}

function parseArgs(argv: readonly string[]): { o: TraceGenOptions; format: 'mooncake' | 'azure'; out: string; time: 'datetime' | 's' | 'ms' } {
  const o: TraceGenOptions = structuredClone(GEN_DEFAULTS);
  let format: 'mooncake' | 'azure' | null = null;
  let out: string | null = null;
  let time: 'datetime' | 's' | 'ms' = 'datetime';
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]!;
    const v = argv[i + 1];
    if (v === undefined) throw new Error(`${key}: needs a value`);
    const num = (): number => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${key}: not a number >= 0: ${v}`);
      return n;
    };
    switch (key) {
      case '--format':
        if (v !== 'mooncake' && v !== 'azure') throw new Error('--format: mooncake or azure');
        format = v;
        break;
      case '--out':
        out = v;
        break;
      case '--time':
        if (v !== 'datetime' && v !== 's' && v !== 'ms') throw new Error('--time: datetime, s or ms');
        time = v;
        break;
      case '--requests':
        o.requests = num();
        break;
      case '--rate':
        o.rate = num();
        break;
      case '--burstiness':
        o.burstiness = num();
        break;
      case '--input-mean':
        o.input.mean = num();
        break;
      case '--input-sd':
        o.input.sd = num();
        break;
      case '--input-max':
        o.input.max = num();
        break;
      case '--output-mean':
        o.output.mean = num();
        break;
      case '--output-sd':
        o.output.sd = num();
        break;
      case '--output-max':
        o.output.max = num();
        break;
      case '--share':
        o.share = num();
        break;
      case '--groups':
        o.groups = num();
        break;
      case '--prefix-blocks':
        o.prefixBlocks = num();
        break;
      case '--block-tokens':
        o.blockTokens = num();
        break;
      case '--seed':
        o.seed = num();
        break;
      default:
        throw new Error(`unknown option ${key}`);
    }
  }
  if (format === null || out === null) throw new Error("usage: trace-gen --format mooncake|azure --out FILE [options]; see the file's head");
  return { o, format, out, time };
}

function main(): void {
  const { o, format, out, time } = parseArgs(process.argv.slice(2));
  const reqs = generateTrace(o);
  writeFileSync(out, format === 'mooncake' ? toMooncake(reqs) : toAzureCsv(reqs, time));
  const s = traceStats(reqs);
  const share = format === 'mooncake' ? `, prefix-sharing ratio ${s.prefixShare}` : ' (no hash ids in this format)';
  process.stdout.write(
    `${out}: ${s.requests} requests over ${s.spanS.toFixed(1)} s (${s.rate} req/s); input mean ${s.input.mean}, p50 ${s.input.p50}, p90 ${s.input.p90}, max ${s.input.max}; ` +
      `output mean ${s.output.mean}, p50 ${s.output.p50}, p90 ${s.output.p90}, max ${s.output.max}${share}\n`,
  );
}

if (process.argv[1]?.includes('trace-gen')) main();
