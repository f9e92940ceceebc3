// Bursts: `size` requests at once every `every_s` seconds, an open loop
// (docs/workloads.md, "Bursts"). The schedule is fixed, not drawn: request
// i is due at floor(i / size) x every_s, so every trial and every shard
// sees the same bursts, and what a burst costs the server (its queue, the
// last request's first token) shows in TTFT p95/p99 and queued TTFT.
import type { Shape, WrittenShape } from './shape.js';

export interface RawBurst {
  size: number;
  every_s: number;
  max_concurrency?: number;
}

export interface NormalBurst {
  readonly size: number;
  readonly every_s: number;
  /** Cap on requests in flight; null = unbounded. */
  readonly max_concurrency: number | null;
}

export interface RawBurstFields {
  burst?: RawBurst;
}

export interface NormalBurstLoad {
  readonly burst: NormalBurst;
}

export interface BurstLoad {
  readonly shape: 'burst';
  readonly label: string;
  /** Requests sent together. */
  readonly size: number;
  /** From one burst to the next, ms. */
  readonly everyMs: number;
  /** Cap on requests in flight; null = unbounded. */
  readonly maxConcurrency: number | null;
}

export const burstShape: Shape<BurstLoad> & WrittenShape<BurstLoad, NormalBurstLoad, RawBurstFields> = {
  name: 'burst',
  loop: 'open',
  key: 'burst',
  is: (raw) => raw.burst !== undefined,
  normalise: (raw) => ({ burst: { size: raw.burst!.size, every_s: raw.burst!.every_s, max_concurrency: raw.burst!.max_concurrency ?? null } }),
  isNormal: (n): n is NormalBurstLoad => 'burst' in n,
  label: (n) => `burst=${n.burst.size}/${n.burst.every_s}s${n.burst.max_concurrency === null ? '' : `,max=${n.burst.max_concurrency}`}`,
  plan: (n, label) => ({ shape: 'burst', label, size: n.burst.size, everyMs: n.burst.every_s * 1000, maxConcurrency: n.burst.max_concurrency }),
  inFlight: (l) => l.maxConcurrency,
  withInFlight: (l, n) => ({ ...l, maxConcurrency: n }),
  arrivals: (l) => {
    let i = 0;
    return () => Math.floor(i++ / l.size) * l.everyMs;
  },
  resultLoad: (l) => ({ kind: 'rate', label: l.label, rate: Math.round((l.size / (l.everyMs / 1000)) * 1e6) / 1e6, arrival: 'burst', burstiness: 1, max_concurrency: l.maxConcurrency }),
};
