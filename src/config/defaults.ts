// Defaults live here once; schema/config.schema.json repeats them as
// `default` annotations for editors, and a test keeps the two in step.

import { RATE_DEFAULTS } from '../shapes/index.js';

export const DEFAULT_CONFIG_FILE = 'llm-perf.yml';

export const DEFAULTS = {
  api: 'chat',
  fixedOutput: true,
  seed: 1,
  tokenizer: 'o200k_base',
  connectMs: 5000,
  requestS: 300,
  idleS: 60,
  lineBytes: 1_048_576,
  eventBytes: 1_048_576,
  responseBytes: 134_217_728,
  requests: 100,
  warmup: 4,
  maxDurationS: 120,
  trials: 3,
  workers: 1,
  /** The fewest pairs a default budget allows (run.budget.trials: twice run.trials, at least this). */
  budgetPairs: 16,
  budgetMinutes: 30,
  confidence: 0.9,
  alpha: 0.05,
  errorRateLimit: 0.05,
  tokenDriftLimit: 0.02,
  strictFingerprint: false,
  bootstrapIterations: 2000,
  sharedPrefixTokens: 0,
  arrival: RATE_DEFAULTS.arrival,
  burstiness: RATE_DEFAULTS.burstiness,
  readyTimeoutS: 600,
  telemetry: true,
  gpuIntervalMs: 500,
  scrapeIntervalMs: 1000,
  maxNeighbourCpuShare: 0.25,
  fingerprintDifferences: 'warn',
  abSchedule: 'concurrent',
} as const;

/** Used when no config file is given and none is in the working directory; the URL must come from --url. */
export const DEFAULT_CONFIG_YAML = `# Built-in llm-perf-gate config, used when no llm-perf.yml exists.
version: 1
scenarios:
  - name: chat
    input_tokens: 256
    output_tokens: 64
loads:
  - concurrency: 1
  - concurrency: 4
run:
  requests: 50
`;
