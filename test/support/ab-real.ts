// The A/B that the real-engine check (test/e2e/ab-real.test.ts) and its
// rate study (bench/ab/real.ts) both run: one closed-loop cell, in pairs.
export function abConfig(baseline: string, candidate: string, pairs = 6): Record<string, unknown> {
  return {
    ab: { baseline: { url: baseline }, candidate: { url: candidate } },
    run: { requests: 24, warmup: 4, trials: pairs, max_duration_s: 60 },
    scenarios: [{ name: 'chat', input_tokens: 64, output_tokens: 32 }],
    loads: [{ concurrency: 4 }],
  };
}
