// Open loop with gamma-distributed gaps: `burstiness` is the gamma shape k
// (vLLM's convention: 1 is Poisson, below 1 burstier, above more regular),
// the scale 1/(rate k) keeps the mean rate.
import { gamma } from '../util/rng.js';
import { normaliseRate, offsetsFrom, rateLabel, type NormalRate, type RawRateFields } from './rate.js';
import type { Shape, WrittenShape } from './shape.js';

export interface GammaLoad {
  readonly shape: 'gamma';
  readonly label: string;
  readonly rate: number;
  readonly burstiness: number;
  readonly maxConcurrency: number | null;
}

export const gammaShape: Shape<GammaLoad> & WrittenShape<GammaLoad, NormalRate, RawRateFields> = {
  name: 'gamma',
  loop: 'open',
  key: 'rate',
  is: (raw) => raw.rate !== undefined && raw.arrival === 'gamma',
  normalise: (raw) => normaliseRate(raw, 'gamma'),
  isNormal: (n): n is NormalRate => 'rate' in n && (n as NormalRate).arrival === 'gamma',
  label: rateLabel,
  plan: (n, label) => ({ shape: 'gamma', label, rate: n.rate, burstiness: n.burstiness, maxConcurrency: n.max_concurrency }),
  inFlight: (l) => l.maxConcurrency,
  withInFlight: (l, n) => ({ ...l, maxConcurrency: n }),
  arrivals: (l, rng) => offsetsFrom(() => gamma(rng, l.burstiness, 1 / (l.rate * l.burstiness))),
  resultLoad: (l) => ({ kind: 'rate', label: l.label, rate: l.rate, arrival: 'gamma', burstiness: l.burstiness, max_concurrency: l.maxConcurrency }),
};
