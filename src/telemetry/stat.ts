// mean / max / p95 over a bounded sample list: telemetry series are short
// (a sample every 0.5 s), so the exact nearest-rank p95 is cheap.
import type { Stat } from './types.js';

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Keeps at most `cap` samples; past that the count, mean and max stay exact and p95 covers the first `cap`. */
export class Series {
  private readonly values: number[] = [];
  private sum = 0;
  private n = 0;
  private peak = -Infinity;

  constructor(private readonly cap = 20_000) {}

  add(v: number | null): void {
    if (v === null || !Number.isFinite(v)) return;
    this.n += 1;
    this.sum += v;
    if (v > this.peak) this.peak = v;
    if (this.values.length < this.cap) this.values.push(v);
  }

  get count(): number {
    return this.n;
  }

  stat(): Stat | null {
    if (this.n === 0) return null;
    const sorted = [...this.values].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
    return { mean: r3(this.sum / this.n), max: r3(this.peak), p95: r3(p95), samples: this.n };
  }
}
