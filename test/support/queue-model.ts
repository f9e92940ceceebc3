// A synthetic inference server as a queue, simulated in virtual time: c
// slots, exponential service times (M/M/c under Poisson arrivals), TTFT =
// wait for a slot + a fixed prefill. Gives per-request samples with real
// sampling noise, and an Erlang-C formula for the true capacity, so the
// capacity search and its comparison can be studied without a server.
import type { Probe, StepOutcome } from '../../src/capacity/types.js';
import { createRng, exponential, type Rng } from '../../src/util/rng.js';

export interface QueueServer {
  slots: number;
  /** Mean service time of one request, ms. */
  serviceMs: number;
  prefillMs: number;
  outputTokens: number;
}

/** Erlang C: probability an arrival waits, for offered load a = lambda/mu on c servers. */
export function erlangC(c: number, a: number): number {
  if (a >= c) return 1;
  let term = 1;
  let sum = 1;
  for (let k = 1; k < c; k++) {
    term *= a / k;
    sum += term;
  }
  const last = (term * a) / c / (1 - a / c);
  return last / (sum + last);
}

/** True q-quantile of TTFT (ms) at arrival rate `rps`: W > t with probability C e^{-(c mu - lambda) t}. */
export function ttftQuantile(s: QueueServer, rps: number, q: number): number {
  const mu = 1000 / s.serviceMs;
  if (rps >= s.slots * mu) return Infinity;
  const pWait = erlangC(s.slots, rps / mu);
  const w = pWait <= 1 - q ? 0 : Math.log(pWait / (1 - q)) / (s.slots * mu - rps);
  return s.prefillMs + w * 1000;
}

/** The highest rate at which the TTFT q-quantile stays within `boundMs` (bisection on the monotone formula). */
export function theoryCapacity(s: QueueServer, q: number, boundMs: number): number {
  let lo = 0;
  let hi = (s.slots * 1000) / s.serviceMs;
  for (let i = 0; i < 80; i++) {
    const m = (lo + hi) / 2;
    if (ttftQuantile(s, m, q) <= boundMs) lo = m;
    else hi = m;
  }
  return lo;
}

/** Requests simulated and dropped before the measured ones: the queue starts empty, a warm-up lets it reach its steady state. */
const WARMUP = 200;

function simulate(s: QueueServer, rng: Rng, n: number, arrival: (i: number, free: number) => number): StepOutcome {
  const free = new Float64Array(s.slots);
  for (let i = 0; i < WARMUP; i++) {
    let k = 0;
    for (let j = 1; j < s.slots; j++) if (free[j]! < free[k]!) k = j;
    free[k] = Math.max(arrival(i, free[k]!), free[k]!) + exponential(rng, 1 / s.serviceMs);
  }
  const ttft: number[] = [];
  const e2e: number[] = [];
  const tpot: number[] = [];
  let first = Infinity;
  let last = 0;
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let j = 1; j < s.slots; j++) if (free[j]! < free[k]!) k = j;
    const t = arrival(WARMUP + i, free[k]!);
    const start = Math.max(t, free[k]!);
    const service = exponential(rng, 1 / s.serviceMs);
    free[k] = start + service;
    first = Math.min(first, t);
    last = Math.max(last, start + service);
    ttft.push(start - t + s.prefillMs);
    e2e.push(start - t + s.prefillMs + service);
    tpot.push(service / Math.max(1, s.outputTokens - 1));
  }
  const windowS = (last - first) / 1000;
  return {
    samples: { ttft_ms: ttft, queued_ttft_ms: ttft, e2e_ms: e2e, tpot_ms: tpot },
    rates: { rps: n / windowS, output_tps: (n * s.outputTokens) / windowS, goodput_rps: null },
    attempted: n,
    failed: 0,
    windowS,
  };
}

/**
 * A probe for the search against the model, plus a virtual clock that each
 * step advances by its window, so time budgets act as with a real server.
 */
export function queueProbe(s: QueueServer, seed: string): { probe: Probe; now: () => number } {
  let clock = 0;
  let calls = 0;
  const probe: Probe = async (r) => {
    const rng = createRng(`${seed}|${calls++}`);
    let out: StepOutcome;
    if (r.load.kind === 'rate') {
      const rate = r.load.rate;
      let t = 0;
      out = simulate(s, rng, r.requests, () => (t += exponential(rng, rate / 1000)));
    } else {
      // Closed loop, used here for the saturation probe: with at least as
      // many users as slots every slot stays busy, the same throughput as a
      // backlog present from t = 0.
      if (r.load.concurrency < s.slots) throw new Error('queueProbe: closed loop below the slot count is not modelled');
      out = simulate(s, rng, r.requests, () => 0);
    }
    clock += out.windowS * 1000;
    return out;
  };
  return { probe, now: () => clock };
}
