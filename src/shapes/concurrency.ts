// Closed loop: `concurrency` requests in flight at all times.
import type { Shape, WrittenShape } from './shape.js';

export interface RawConcurrencyFields {
  concurrency?: number;
}

export interface NormalConcurrency {
  readonly concurrency: number;
}

export interface ConcurrencyLoad {
  readonly shape: 'concurrency';
  readonly label: string;
  readonly concurrency: number;
}

export const concurrencyShape: Shape<ConcurrencyLoad> & WrittenShape<ConcurrencyLoad, NormalConcurrency, RawConcurrencyFields> = {
  name: 'concurrency',
  loop: 'closed',
  key: 'concurrency',
  is: (raw) => raw.concurrency !== undefined,
  normalise: (raw) => ({ concurrency: raw.concurrency! }),
  isNormal: (n): n is NormalConcurrency => 'concurrency' in n,
  label: (n) => `c=${n.concurrency}`,
  plan: (n, label) => ({ shape: 'concurrency', label, concurrency: n.concurrency }),
  inFlight: (l) => l.concurrency,
  withInFlight: (l, n) => ({ ...l, concurrency: n ?? l.concurrency }),
  arrivals: null,
  resultLoad: (l) => ({ kind: 'concurrency', label: l.label, concurrency: l.concurrency }),
};
