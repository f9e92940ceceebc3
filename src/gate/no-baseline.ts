// A verdict without a baseline: the first run of a project, or history that
// has nothing yet. Only the absolute SLO checks can fail it.
import type { GatePlan } from '../config/plan.js';
import type { ResultDoc } from '../result/types.js';
import { TOOL_VERSION } from '../version.js';
import { verdictSettings } from './significance.js';
import { checkSlos } from './slo.js';
import { VERDICT_SCHEMA, type VerdictDoc } from './verdict.js';

export function verdictWithoutBaseline(cand: ResultDoc, gate: GatePlan, why: string): VerdictDoc {
  const slo = checkSlos(cand.cells, gate.slo);
  const failed = slo.filter((s) => !s.ok);
  return {
    schema: VERDICT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: TOOL_VERSION },
    verdict: failed.length > 0 ? 'fail' : 'pass',
    summary: { regressed: 0, improved: 0, unchanged: 0, warn: 0, inconclusive: 0, invalid_cells: 0, slo_failed: failed.length },
    reasons: [`no baseline: ${why}`, ...failed.map((s) => `${s.cell}: SLO ${s.check} failed (value ${s.value ?? 'none'})`)],
    warnings: [],
    design: 'unpaired',
    settings: verdictSettings(gate),
    baseline: { commit: null, model: null, started_at: cand.started_at, status: 'missing', tool_version: TOOL_VERSION },
    candidate: { commit: cand.git?.commit ?? null, model: cand.target?.model ?? null, started_at: cand.started_at, status: cand.status, tool_version: cand.tool.version },
    cells: [],
    slo,
  };
}
