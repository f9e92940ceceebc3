// The client's self-check: when it marks a cell as saturated, and when not.
import { describe, expect, it } from 'vitest';
import type { LoadPlan } from '../../src/config/plan.js';
import { computeCellMetrics } from '../../src/metrics/cell.js';
import { assessClient } from '../../src/run/saturation.js';

const conc: LoadPlan = { shape: 'concurrency', label: 'c=4', concurrency: 4 };
const rate: LoadPlan = { shape: 'poisson', label: 'r=100/s', rate: 100, maxConcurrency: null };
const capped: LoadPlan = { ...rate, label: 'r=100/s,max=2', maxConcurrency: 2 } as LoadPlan;
const empty = computeCellMetrics([[]], { ttftMs: null, tpotMs: null, e2eMs: null }, 0);
const offered = (rps: number): typeof empty => ({ ...empty, offered_rps: rps });

describe('assessClient', () => {
  const cases: [string, LoadPlan, number, number | null, number | null, typeof empty, string[]][] = [
    ['healthy closed loop', conc, 5, null, null, empty, []],
    ['GC pauses are not saturation', conc, 9, null, null, empty, []],
    // A late loop is a timing error the gate carries (src/gate/pairs.ts), not a client that limited the load.
    ['a blocked event loop is recorded, not saturation', conc, 250, null, null, empty, []],
    ['late dispatch in rate mode', rate, 2, 30, 100, offered(99.5), ['dispatch lag p99 30.0 ms > 10 ms']],
    ['an open loop offering too little', rate, 2, 1, 100, offered(80), ['offered 80.00 req/s < 95% of the 100.00 req/s scheduled']],
    ['a cap holding requests back is the server, not the client', capped, 2, 1, 100, offered(50), []],
  ];
  for (const [name, load, loop, lag, planned, metrics, reasons] of cases) {
    it(name, () => {
      const h = assessClient(load, metrics, { p99Ms: loop, maxMs: loop }, lag, planned);
      expect(h.reasons).toEqual(reasons);
      expect(h.saturated).toBe(reasons.length > 0);
    });
  }
});
