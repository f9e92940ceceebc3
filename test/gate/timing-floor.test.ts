// Floors from the measured timing accuracy instead of fixed milliseconds (issue 10, item 5).
import { describe, expect, it } from 'vitest';
import { cellTimingFloorMs, timingFloorMs } from '../../src/gate/timing-floor.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

describe('timingFloorMs', () => {
  it.each([
    // one stamp's lateness bounds a single gap
    { key: 'ttft_ms', delay: 4, tokens: 64, want: 4 },
    { key: 'queued_ttft_ms', delay: 4, tokens: 64, want: 4 },
    { key: 'e2e_ms', delay: 2.5, tokens: 64, want: 2.5 },
    { key: 'itl_ms', delay: 3, tokens: 64, want: 3 },
    // TPOT: two stamps' error over N_out - 1 = 63 tokens
    { key: 'tpot_ms', delay: 4, tokens: 64, want: 8 / 63 },
    { key: 'tpot_ms', delay: 4, tokens: 1, want: null },
    { key: 'user_tps', delay: 4, tokens: 64, want: null },
  ] as const)('$key at $delay ms delay, $tokens tokens -> $want', ({ key, delay, tokens, want }) => {
    const got = timingFloorMs(key, delay, tokens);
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 12);
  });

  it('lets a +10% TPOT change count on a 7.5 ms server (the fixed 1 ms floor made the threshold +13.3%)', () => {
    const floor = timingFloorMs('tpot_ms', 9, 64)!;
    expect(Math.max(1.1, (7.5 + floor) / 7.5)).toBe(1.1);
  });

  it('rejects a negative delay', () => {
    expect(() => timingFloorMs('ttft_ms', -1, 2)).toThrow(/loopDelayMs must be finite and >= 0, got -1/);
  });
});

describe('cellTimingFloorMs', () => {
  it("takes the worse side's delay and the cells' output length", () => {
    const a = syntheticResult('a').cells[0]!;
    const b = syntheticResult('b').cells[0]!;
    b.client.event_loop_delay_p99_ms = 15;
    expect(cellTimingFloorMs('tpot_ms', a, b)).toBeCloseTo(30 / (REALISTIC.outputTokens - 1), 12);
    expect(cellTimingFloorMs('ttft_ms', a, b)).toBe(15);
  });
});
