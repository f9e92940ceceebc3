// Open loop at a fixed rate with exponential gaps (a Poisson process), the
// default of `rate:` loads.
import { exponential } from '../util/rng.js';
import { normaliseRate, offsetsFrom, RATE_DEFAULTS, rateLabel, type NormalRate, type RawRateFields } from './rate.js';
import type { Shape, WrittenShape } from './shape.js';

export interface PoissonLoad {
  readonly shape: 'poisson';
  readonly label: string;
  readonly rate: number;
  /** Cap on requests in flight; null = unbounded. */
  readonly maxConcurrency: number | null;
}

export const poissonShape: Shape<PoissonLoad> & WrittenShape<PoissonLoad, NormalRate, RawRateFields> = {
  name: 'poisson',
  loop: 'open',
  key: 'rate',
  is: (raw) => raw.rate !== undefined && (raw.arrival ?? RATE_DEFAULTS.arrival) === 'poisson',
  normalise: (raw) => normaliseRate(raw, 'poisson'),
  isNormal: (n): n is NormalRate => 'rate' in n && (n as NormalRate).arrival === 'poisson',
  label: rateLabel,
  plan: (n, label) => ({ shape: 'poisson', label, rate: n.rate, maxConcurrency: n.max_concurrency }),
  inFlight: (l) => l.maxConcurrency,
  withInFlight: (l, n) => ({ ...l, maxConcurrency: n }),
  arrivals: (l, rng) => offsetsFrom(() => exponential(rng, l.rate)),
  resultLoad: (l) => ({ kind: 'rate', label: l.label, rate: l.rate, arrival: 'poisson', burstiness: 1, max_concurrency: l.maxConcurrency }),
};
