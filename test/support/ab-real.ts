// The A/B that the real-engine check (test/e2e/ab-real.test.ts) and its
// rate study (bench/ab/real.ts) both run: one cell at concurrency 1, in pairs.
// One stream at a time because the slowdown comes from a proxy
// (test/support/throttle-proxy.ts) and the engine frees its slot when it has
// generated, not when the proxy has delivered. With 4 streams on 4 slots the
// slowed side's requests drifted out of step, the engine stopped prefilling
// them together, and a 15% stretch showed as TTFT +50-80% with TPOT p50 near
// +0-7% (10 runs). An open loop at 6 req/s kept TTFT but its TPOT p50 swung
// 0.85-1.37x between the two sides of one pair. At concurrency 1 the engine
// idles between requests, so a later request changes nothing but its own time.
export function abConfig(baseline: string, candidate: string, pairs = 6, opts: { neighbourLimit?: number; requests?: number; budget?: number | false } = {}): Record<string, unknown> {
  const budget = opts.budget === undefined ? {} : { budget: opts.budget === false ? false : { trials: opts.budget } };
  return {
    ab: { baseline: { url: baseline }, candidate: { url: candidate } },
    run: { requests: opts.requests ?? 32, warmup: 4, trials: pairs, max_duration_s: 60, ...budget },
    scenarios: [{ name: 'chat', input_tokens: 64, output_tokens: 32 }],
    loads: [{ concurrency: 1 }],
    ...(opts.neighbourLimit === undefined ? {} : { telemetry: { max_neighbour_cpu_share: opts.neighbourLimit } }),
  };
}
