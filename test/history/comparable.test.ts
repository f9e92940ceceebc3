// Which stored runs may stand for a candidate's baseline: machine, model and environment fingerprint.
import { describe, expect, it } from 'vitest';
import { environmentMismatch } from '../../src/history/comparable.js';
import type { ResultDoc } from '../../src/result/types.js';
import type { EnvironmentFingerprint } from '../../src/telemetry/types.js';
import { syntheticResult } from '../support/synthetic.js';

const withEnv = (d: ResultDoc, env: Partial<EnvironmentFingerprint>): ResultDoc => {
  const base: EnvironmentFingerprint = {
    cpu_model: 'cpu',
    cpus: 2,
    memory_gb: 24,
    gpus: [],
    gpu_status: 'absent',
    gpu_topology: null,
    driver_version: null,
    cuda_version: null,
    engine: null,
    model: 'm',
    runner: null,
  } as unknown as EnvironmentFingerprint;
  return { ...structuredClone(d), environment: { ...base, ...env } } as ResultDoc;
};

describe('environmentMismatch', () => {
  const a = syntheticResult('env-a');
  it('accepts a run of the same machine and model', () => {
    expect(environmentMismatch(a, syntheticResult('env-b'))).toBeNull();
  });
  it('names a different machine or model', () => {
    const other = structuredClone(a);
    other.machine.cpus = 4;
    expect(environmentMismatch(other, a)).toBe('machine 4 x cpu -> 2 x cpu');
    const model = structuredClone(a);
    model.target!.model = 'n';
    expect(environmentMismatch(model, a)).toBe('model n -> m');
  });
  it('decides by the fingerprint when both carry one: major differences only', () => {
    expect(environmentMismatch(withEnv(a, { driver_version: '550' }), withEnv(a, { driver_version: '555' }))).toBeNull();
    expect(
      environmentMismatch(
        withEnv(a, { engine: { name: 'vllm', version: '0.6' } } as Partial<EnvironmentFingerprint>),
        withEnv(a, { engine: { name: 'vllm', version: '0.7' } } as Partial<EnvironmentFingerprint>),
      ),
    ).toMatch(/^engine version 0\.6 -> 0\.7/);
  });
});
