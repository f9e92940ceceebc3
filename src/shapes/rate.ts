// The `rate:` form that the Poisson and gamma shapes are both written in
// (`arrival` tells them apart), and its label.

export interface RawRateFields {
  rate?: number;
  arrival?: 'poisson' | 'gamma';
  burstiness?: number;
  max_concurrency?: number;
}

export interface NormalRate {
  readonly rate: number;
  readonly arrival: 'poisson' | 'gamma';
  readonly burstiness: number;
  readonly max_concurrency: number | null;
}

/** The defaults of a `rate:` load (config/defaults.ts lists them with the rest; the schema states them). */
export const RATE_DEFAULTS = { arrival: 'poisson', burstiness: 1 } as const;

/** A `rate:` load with its defaults filled in, for the arrival it names. */
export function normaliseRate(raw: RawRateFields, arrival: 'poisson' | 'gamma'): NormalRate {
  return { rate: raw.rate!, arrival, burstiness: raw.burstiness ?? RATE_DEFAULTS.burstiness, max_concurrency: raw.max_concurrency ?? null };
}

/** `r=2/s`, `r=2/s,gamma=0.5`, `r=2/s,max=8`. */
export function rateLabel(n: NormalRate): string {
  let label = `r=${n.rate}/s`;
  if (n.arrival === 'gamma') label += `,gamma=${n.burstiness}`;
  if (n.max_concurrency !== null) label += `,max=${n.max_concurrency}`;
  return label;
}

/** Successive send offsets in ms from 0, each gap drawn in seconds by `gapS`: the arrivals of a `rate:` load. */
export function offsetsFrom(gapS: () => number): () => number {
  let t = 0;
  return () => {
    const out = t;
    t += gapS() * 1000;
    return out;
  };
}
