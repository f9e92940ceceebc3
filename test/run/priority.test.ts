// The measuring process asks for nice -10 once, and the result says what it
// got: raised, already there, refused by the OS (named), or not asked.
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NICE, raiseSchedulingPriority, resetPriorityForTests } from '../../src/run/priority.js';

afterEach(() => {
  vi.restoreAllMocks();
  resetPriorityForTests();
});

function fakeNice(start: number, refuse: string | null): { set: ReturnType<typeof vi.spyOn> } {
  let nice = start;
  vi.spyOn(os, 'getPriority').mockImplementation(() => nice);
  const set = vi.spyOn(os, 'setPriority').mockImplementation((_pid: number, value?: number) => {
    if (refuse !== null) throw Object.assign(new Error(`A system error occurred: uv_os_setpriority returned ${refuse}`), { code: 'ERR_SYSTEM_ERROR', info: { code: refuse } });
    nice = value!;
  });
  return { set };
}

describe('raiseSchedulingPriority', () => {
  it('asks for nice -10 once and reports it raised', () => {
    const { set } = fakeNice(0, null);
    expect(raiseSchedulingPriority({})).toEqual({ asked: DEFAULT_NICE, nice: -10, raised: true, note: null });
    raiseSchedulingPriority({});
    expect(set).toHaveBeenCalledTimes(1);
  });

  it('says so, with the refusal named, when the OS refuses (an ordinary user)', () => {
    fakeNice(0, 'EACCES');
    const got = raiseSchedulingPriority({});
    expect(got).toMatchObject({ asked: -10, nice: 0, raised: false });
    expect(got.note).toMatch(/refused nice -10 \(EACCES\).*root or CAP_SYS_NICE.*nice 0/);
  });

  it('leaves a process already at a better priority alone', () => {
    const { set } = fakeNice(-15, null);
    expect(raiseSchedulingPriority({})).toEqual({ asked: -10, nice: -15, raised: true, note: null });
    expect(set).not.toHaveBeenCalled();
  });

  it('LLM_PERF_GATE_NICE sets the value, or off; a bad value is named and not applied', () => {
    fakeNice(0, null);
    expect(raiseSchedulingPriority({ LLM_PERF_GATE_NICE: '-5' })).toEqual({ asked: -5, nice: -5, raised: true, note: null });
    resetPriorityForTests();
    expect(raiseSchedulingPriority({ LLM_PERF_GATE_NICE: 'off' })).toMatchObject({ asked: null, raised: false, note: 'not asked: LLM_PERF_GATE_NICE=off' });
    resetPriorityForTests();
    expect(raiseSchedulingPriority({ LLM_PERF_GATE_NICE: '-99' }).note).toMatch(/'-99' is not an integer in -20\.\.19 or 'off'/);
  });
});
