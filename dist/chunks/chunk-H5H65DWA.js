import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/config/budget-text.ts
var EXAMPLE = "like '12 pairs', '20 min', '12 pairs, 20 min' or 'off'";
function parseBudgetText(text) {
  const t = text.trim().toLowerCase();
  if (t === "off" || t === "fixed" || t === "false" || t === "none") return false;
  const out = { trials: null, minutes: null };
  const parts = t.split(/\s*,\s*|\s+and\s+/).filter((p) => p !== "");
  if (parts.length === 0) throw new Error(`must be ${EXAMPLE}, got '${text}'`);
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?)\s*(pairs?|trials?|m|min|mins|minutes?)$/.exec(part);
    if (m === null) throw new Error(`must be ${EXAMPLE}, got '${text}' ('${part}' is neither a count of pairs nor minutes)`);
    const n = Number(m[1]);
    if (m[2].startsWith("pair") || m[2].startsWith("trial")) {
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
function planWithBudget(plan, o) {
  const first = plan.limits.trials;
  const budget = o === false ? { trials: first, minutes: null } : { trials: o.trials ?? Math.max(plan.limits.budget.trials, first), minutes: o.minutes ?? plan.limits.budget.minutes };
  if (budget.trials < first)
    throw new Error(`asks for ${budget.trials} pairs, fewer than run.trials (${first}), the pairs every run measures first: ask for at least ${first}, or 'off' for the fixed design`);
  return { ...plan, limits: { ...plan.limits, budget } };
}

export {
  parseBudgetText,
  planWithBudget
};
