// A sequential budget written as people say it, for the action's `budget`
// input and the CLI's --budget: "12 pairs", "20 min", "12 pairs, 20 min",
// or "off" for the fixed design. It replaces run.budget of the config.
import type { Plan } from './plan.js';

/** What a budget text asks for: false is the fixed design; a null field keeps the config's. */
export type BudgetOverride = { trials: number | null; minutes: number | null } | false;

const EXAMPLE = "like '12 pairs', '20 min', '12 pairs, 20 min' or 'off'";

/** Parses a budget text; throws an Error whose message says what was wrong (the caller names the input or flag). */
export function parseBudgetText(text: string): BudgetOverride {
  const t = text.trim().toLowerCase();
  if (t === 'off' || t === 'fixed' || t === 'false' || t === 'none') return false;
  const out = { trials: null as number | null, minutes: null as number | null };
  const parts = t.split(/\s*,\s*|\s+and\s+/).filter((p) => p !== '');
  if (parts.length === 0) throw new Error(`must be ${EXAMPLE}, got '${text}'`);
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?)\s*(pairs?|trials?|m|min|mins|minutes?)$/.exec(part);
    if (m === null) throw new Error(`must be ${EXAMPLE}, got '${text}' ('${part}' is neither a count of pairs nor minutes)`);
    const n = Number(m[1]);
    if (m[2]!.startsWith('pair') || m[2]!.startsWith('trial')) {
      if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`pairs must be a whole number from 1 to 100, got '${part}'`);
      if (out.trials !== null) throw new Error(`gives pairs twice: '${text}'`);
      out.trials = n;
    } else {
      if (!(n > 0 && n <= 1440)) throw new Error(`minutes must be more than 0 and at most 1440, got '${part}'`);
      if (out.minutes !== null) throw new Error(`gives minutes twice: '${text}'`);
      out.minutes = n;
    }
  }
  return out;
}

/** The plan with its budget replaced; a budget of fewer pairs than run.trials is refused (every run measures those first). */
export function planWithBudget(plan: Plan, o: BudgetOverride): Plan {
  const first = plan.limits.trials;
  const budget = o === false ? { trials: first, minutes: null } : { trials: o.trials ?? Math.max(plan.limits.budget.trials, first), minutes: o.minutes ?? plan.limits.budget.minutes };
  if (budget.trials < first)
    throw new Error(`asks for ${budget.trials} pairs, fewer than run.trials (${first}), the pairs every run measures first: ask for at least ${first}, or 'off' for the fixed design`);
  return { ...plan, limits: { ...plan.limits, budget } };
}
