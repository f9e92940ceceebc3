// The figures of this project, vLLM's `bench serve`, AIPerf and guidellm
// computed on the same per-request timings: the peers' formulas (as
// docs/metrics.md, "Beside vLLM, AIPerf and guidellm", states them) are
// applied here to the stamps a chat stream gives, and this project's own
// figures come from computeCellMetrics. Each documented difference is
// checked as an identity, so a change on either side shows here.
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../src/load/record.js';
import { computeCellMetrics } from '../../src/metrics/cell.js';
import { createRng } from '../../src/util/rng.js';

/** One request's stamps, ms: as sent, the role-only first chunk (chat), each output chunk (one token each), the finish chunk, the usage chunk, end of stream. */
interface Stamps {
  tSched: number;
  tSend: number;
  tRole: number;
  outputs: number[];
  tFinish: number;
  tUsage: number;
  tDone: number;
}

// 400 requests: TTFT 100-500 ms after a role-only chunk at 0.5-2 ms, 8-64 tokens 5-40 ms apart, a finish chunk 0.3-3 ms after the last token
// and the usage chunk 0.05 ms after it;
// every tenth sent 0-300 ms after its scheduled time (an open loop behind a cap).
function recorded(): Stamps[] {
  const rng = createRng('peer-definitions');
  const out: Stamps[] = [];
  let t = 0;
  for (let i = 0; i < 400; i++) {
    t += 20 + rng.next() * 80;
    const tSched = t;
    const tSend = i % 10 === 0 ? tSched + rng.next() * 300 : tSched + rng.next() * 0.2;
    const tRole = tSend + 0.5 + rng.next() * 1.5;
    const n = 8 + rng.int(57);
    const outputs: number[] = [];
    let c = tSend + 100 + rng.next() * 400;
    for (let k = 0; k < n; k++) {
      outputs.push(c);
      c += 5 + rng.next() * 35;
    }
    const tFinish = outputs[n - 1]! + 0.3 + rng.next() * 2.7;
    out.push({ tSched, tSend, tRole, outputs, tFinish, tUsage: tFinish + 0.05, tDone: tFinish + 0.15 });
  }
  return out;
}

/** What this project records of a request (src/client/stream-call.ts): output events only, t_done at the end of the stream. */
function record(s: Stamps, index: number): RequestRecord {
  const n = s.outputs.length;
  return {
    index,
    warmup: false,
    tSched: s.tSched,
    maxTokens: n,
    tSend: s.tSend,
    tFirst: s.outputs[0]!,
    tLast: s.outputs[n - 1]!,
    tDone: s.tDone,
    gaps: s.outputs.slice(1).map((x, k) => x - s.outputs[k]!),
    outputEvents: n,
    nIn: 100,
    nOut: n,
    tokenSource: 'server',
    status: 200,
    failure: null,
    message: null,
    finishReason: 'length',
    systemFingerprint: null,
    cancelled: false,
  };
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
/** numpy.percentile's default (linear interpolation between closest ranks). */
function numpyPercentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * (p / 100);
  const lo = Math.floor(h);
  return s[lo]! + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]!) - s[lo]!);
}
/** Nearest rank: the smallest value with at least p% of the values at or below it. */
function nearestRank(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
}

// vLLM bench serve (vllm/benchmarks/lib/endpoint_request_func.py, serve.py): TTFT at the first chunk with "choices" (for chat the
// role-only one; for completions the first text); every later chunk with "choices" appends its gap to ITL (the finish chunk's
// included, and for chat the role chunk's gap to the first token); latency runs to the last chunk read (the usage chunk);
// TPOT = (latency - TTFT) / (N - 1); goodput judges TTFT, TPOT and E2E as sent.
const gapsOf = (chunks: readonly number[]): number[] => chunks.slice(1).map((x, k) => x - chunks[k]!);
const vllm = {
  ttftChat: (s: Stamps): number => s.tRole - s.tSend,
  ttftText: (s: Stamps): number => s.outputs[0]! - s.tSend,
  latency: (s: Stamps): number => s.tUsage - s.tSend,
  tpot: (s: Stamps, ttft: number): number => (vllm.latency(s) - ttft) / (s.outputs.length - 1),
  itlChat: (s: Stamps): number[] => gapsOf([s.tRole, ...s.outputs, s.tFinish]),
  itlText: (s: Stamps): number[] => gapsOf([...s.outputs, s.tFinish]),
};
// AIPerf: TTFT at the first non-empty content; request_latency to the last response; ITL = (request_latency - TTFT) / (OSL - 1);
// output_token_throughput_per_user = 1000 / ITL.
const aiperf = {
  itl: (s: Stamps): number => (s.tFinish - s.tSend - (s.outputs[0]! - s.tSend)) / (s.outputs.length - 1),
  userTps: (s: Stamps): number => 1000 / aiperf.itl(s),
};
// guidellm (request_stats.py): TPOT = (last token - request start) / output tokens, the first token's time included;
// ITL = (last token - first token) / (output tokens - 1).
const guidellm = {
  tpot: (s: Stamps): number => (s.outputs[s.outputs.length - 1]! - s.tSend) / s.outputs.length,
  itl: (s: Stamps): number => (s.outputs[s.outputs.length - 1]! - s.outputs[0]!) / (s.outputs.length - 1),
};

describe("this project's figures beside vLLM's, AIPerf's and guidellm's, on the same timings", () => {
  const stamps = recorded();
  const records = stamps.map(record);
  const ours = computeCellMetrics([records], { ttftMs: 400, tpotMs: null, e2eMs: null }, 0);
  const oursTtft = stamps.map((s) => s.outputs[0]! - s.tSend);
  const oursTpot = stamps.map((s) => (s.outputs[s.outputs.length - 1]! - s.outputs[0]!) / (s.outputs.length - 1));

  it('TTFT: the same instant as vLLM on completions and AIPerf; vLLM chat stamps the role-only chunk, before any token', () => {
    expect(ours.ttft_ms!.mean).toBeCloseTo(mean(oursTtft), 2);
    expect(mean(stamps.map(vllm.ttftText))).toBeCloseTo(mean(oursTtft), 9);
    const chat = mean(stamps.map(vllm.ttftChat));
    expect(chat).toBeLessThan(2);
    // The wait for the first token moves into vLLM chat's TPOT instead.
    expect(mean(stamps.map((s) => vllm.tpot(s, vllm.ttftChat(s))))).toBeCloseTo(mean(stamps.map((s) => (s.tUsage - s.tRole) / (s.outputs.length - 1))), 9);
    expect(mean(stamps.map((s) => vllm.tpot(s, vllm.ttftChat(s))))).toBeGreaterThan(ours.tpot_ms!.mean * 1.3);
  });

  it("TPOT: vLLM's (TTFT at the first token) is ours plus the finish and usage chunks' gap over N - 1; guidellm's includes the TTFT", () => {
    expect(ours.tpot_ms!.mean).toBeCloseTo(mean(oursTpot), 2);
    const v = mean(stamps.map((s) => vllm.tpot(s, vllm.ttftText(s))));
    const finishShare = mean(stamps.map((s) => (s.tUsage - s.outputs[s.outputs.length - 1]!) / (s.outputs.length - 1)));
    expect(v - mean(oursTpot)).toBeCloseTo(finishShare, 9);
    // A few hundredths of a ms on these timings.
    expect(finishShare).toBeGreaterThan(0.01);
    expect(finishShare).toBeLessThan(0.2);
    stamps.forEach((s, i) => expect(guidellm.tpot(s)).toBeCloseTo((oursTtft[i]! + (s.outputs.length - 1) * oursTpot[i]!) / s.outputs.length, 9));
    stamps.forEach((s, i) => expect(guidellm.itl(s)).toBeCloseTo(oursTpot[i]!, 9));
  });

  it("ITL: vLLM's pools the finish chunk's gap too (completions), and for chat the role chunk's gap to the first token; ours only gaps between output events", () => {
    expect(ours.itl_ms!.n).toBe(stamps.reduce((a, s) => a + s.outputs.length - 1, 0));
    const oursGaps = stamps.flatMap((s) => gapsOf(s.outputs));
    const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
    const finish = stamps.map((s) => s.tFinish - s.outputs[s.outputs.length - 1]!);
    const text = stamps.flatMap(vllm.itlText);
    expect(text.length).toBe(ours.itl_ms!.n + stamps.length);
    expect(mean(text)).toBeCloseTo((sum(oursGaps) + sum(finish)) / text.length, 9);
    const chat = stamps.flatMap(vllm.itlChat);
    expect(chat.length).toBe(ours.itl_ms!.n + 2 * stamps.length);
    // The role chunk's gap is nearly the whole TTFT: it lifts vLLM chat's ITL tail far above ours.
    expect(mean(chat)).toBeCloseTo((sum(oursGaps) + sum(finish) + sum(stamps.map((s) => s.outputs[0]! - s.tRole))) / chat.length, 9);
    expect(numpyPercentile(chat, 99)).toBeGreaterThan(ours.itl_ms!.max);
  });

  it('per-user tok/s: N / (t_done - t_first) here, (N - 1) / (t_last response - t_first) in AIPerf', () => {
    const oursUser = stamps.map((s) => s.outputs.length / ((s.tDone - s.outputs[0]!) / 1000));
    expect(ours.user_tps!.mean).toBeCloseTo(mean(oursUser), 1);
    stamps.forEach((s) => expect(aiperf.userTps(s)).toBeCloseTo(((s.outputs.length - 1) * 1000) / (s.tFinish - s.outputs[0]!), 6));
    // Ours counts the first token in a span that starts at it: higher than AIPerf's on every request.
    stamps.forEach((s, i) => expect(oursUser[i]!).toBeGreaterThan(aiperf.userTps(s)));
  });

  it("percentiles: nearest rank here (from the histogram, within 0.1%), linear interpolation in vLLM's np.percentile", () => {
    for (const p of [50, 90, 99] as const) {
      const here = ours.ttft_ms![`p${p}`]!;
      expect(Math.abs(here - nearestRank(oursTtft, p)) / nearestRank(oursTtft, p)).toBeLessThan(0.001);
      const np = numpyPercentile(oursTtft, p);
      const s = [...oursTtft].sort((a, b) => a - b);
      // numpy's value lies between the two ranks around it; nearest rank is one of them.
      const lo = s[Math.floor((s.length - 1) * (p / 100))]!;
      const hi = s[Math.ceil((s.length - 1) * (p / 100))]!;
      expect(np).toBeGreaterThanOrEqual(lo);
      expect(np).toBeLessThanOrEqual(hi);
      expect([lo, hi]).toContain(nearestRank(oursTtft, p));
    }
  });

  it("goodput: a TTFT bound judged on queued TTFT here, on TTFT as sent in vLLM's: requests sent late can pass there and fail here", () => {
    const good = (ttft: (s: Stamps) => number): number => stamps.filter((s) => ttft(s) <= 400).length;
    const window = (Math.max(...stamps.map((s) => s.tDone)) - Math.min(...stamps.map((s) => s.tSend))) / 1000;
    const queued = good((s) => s.outputs[0]! - s.tSched);
    const sent = good(vllm.ttftText);
    expect(ours.goodput_rps).toBeCloseTo(queued / window, 4);
    expect(sent).toBeGreaterThan(queued);
  });
});
