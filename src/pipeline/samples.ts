// Too few samples, found when the config is read (issue 23, item 5): a gated
// percentile needs minSamplesFor(p) requests in a cell (p95: 60), pooled over
// its trials, or the gate can only call it inconclusive, in every cell, on
// every run. The planned count is run.requests x run.trials: warm-up requests
// are sent on top of run.requests and excluded from every metric, so they
// add nothing. Matrix cells only: capacity cells plan their own steps.
//
// A percentile the user gated (`gate: true`) is a config error, since only
// they can say whether to measure more or gate a lower percentile. A
// percentile gated by default is the tool's choice: run.requests is raised
// to what it needs, and the commands print a notice saying so and how to
// keep the old count (docs/config.md).
//
// It lives in the pipeline, not in src/config, because it needs the gate's
// policy and the metrics' sample rule, which config/ does not import; the
// commands hand it to loadPlan as its review (readPlan), which locates the
// problems in the file.
import { gatePlanOf } from '../config/derive.js';
import type { PlanReview } from '../config/load.js';
import type { NormalConfig } from '../config/normal.js';
import type { Segment } from '../config/vocabulary.js';
import { mergedOverride, percentileOf, rulesFor, scenarioOverrides } from '../gate/policy.js';
import { minSamplesFor } from '../stats/distribution.js';
import { parseSloText } from '../config/slo-text.js';
import { metricDef } from '../metric-catalogue.js';

/** A gated percentile that run.requests x run.trials cannot support. */
interface SampleShortfall {
  metric: string;
  /** The percentile, e.g. 95. */
  percentile: number;
  /** Samples it needs in a cell (minSamplesFor). */
  need: number;
  /** Samples a cell plans: run.requests x run.trials. */
  planned: number;
  /** The scenarios whose cells gate it. */
  scenarios: string[];
  /** Where the config gates it (`gate: true`), or null when it is gated by default. */
  at: Segment[] | null;
}

/** Percentiles a gate could fall back to, highest first. */
const PERCENTILES = [99, 95, 90, 50] as const;

/** The highest gateable percentile `planned` samples support, below `p`; null when none. */
export function supportedPercentile(planned: number, below: number): number | null {
  return PERCENTILES.find((q) => q < below && minSamplesFor(q) <= planned) ?? null;
}

/** Requests per trial that give `need` samples over `trials` trials. */
export function requestsFor(need: number, trials: number): number {
  return Math.ceil(need / trials);
}

/**
 * Every gated percentile of every matrix cell that the planned counts cannot
 * support, one entry per metric and place it is gated (the default, or each
 * `gate: true` that gates it), in catalogue order.
 */
function sampleShortfalls(config: NormalConfig): SampleShortfall[] {
  const planned = config.run.requests * config.run.trials;
  const gate = gatePlanOf(config.gate, config.telemetry);
  const found = new Map<string, SampleShortfall>();
  // A ramp sends what its schedule holds, whatever run.requests says (docs/workloads.md, "Ramps").
  const kinds = [...new Set(config.loads.filter((l) => !('ramp' in l)).map((l) => ('concurrency' in l ? 'concurrency' : 'rate') as 'concurrency' | 'rate'))];
  for (const scenario of config.scenarios) {
    // A trace replays its own rows, whatever run.requests says: its samples are the trace's to give.
    if (scenario.trace !== undefined) continue;
    for (const kind of kinds) {
      for (const rule of rulesFor(gate, scenario.name, kind)) {
        const stat = rule.def.dist?.stat;
        const p = stat === undefined ? null : percentileOf(stat);
        if (!rule.gated || p === null || minSamplesFor(p) <= planned) continue;
        const id = rule.def.id;
        let at: Segment[] | null = null;
        if (scenarioOverrides(gate, scenario.name, id, 'gate')) at = ['gate', 'scenarios', scenario.name, 'metrics', id, 'gate'];
        else if (mergedOverride(gate, null, id).gate === true) at = ['gate', 'metrics', id, 'gate'];
        const key = `${id}\0${at?.join('\0') ?? ''}`;
        const entry = found.get(key) ?? { metric: id, percentile: p, need: minSamplesFor(p), planned, scenarios: [], at };
        if (!entry.scenarios.includes(scenario.name)) entry.scenarios.push(scenario.name);
        found.set(key, entry);
      }
    }
  }
  return [...found.values()];
}

function counts(config: NormalConfig): string {
  const { requests, trials } = config.run;
  return `${requests} request${requests === 1 ? '' : 's'} x ${trials} trial${trials === 1 ? '' : 's'} = ${requests * trials} sample${requests * trials === 1 ? '' : 's'}`;
}

/** The config error for a percentile the user gated: the counts, and both fixes with their numbers. */
function shortfallReason(s: SampleShortfall, config: NormalConfig): string {
  const lower = supportedPercentile(s.planned, s.percentile);
  const dist = s.metric.slice(0, s.metric.indexOf('.'));
  const alternative = lower === null ? `ungate ${s.metric}` : `gate the p${lower} (${dist}.p${lower}) instead`;
  return `gates ${s.metric}, but each cell plans ${counts(config)}, fewer than the ${s.need} a p${s.percentile} needs: raise run.requests to ${requestsFor(s.need, config.run.trials)} or ${alternative}`;
}

interface RaisedRequests {
  /** The config with run.requests raised; the input itself when nothing was short. */
  config: NormalConfig;
  /** One line per raise, for the commands to print; [] when nothing was raised. */
  notices: string[];
}

/**
 * Raises run.requests until every percentile gated by default has the
 * samples it needs, and says so. The raised count is what the result stores
 * (and hashes): it is what was measured. Shortfalls the user gated are
 * errors, found first (reviewSamples).
 */
function raiseForDefaultGates(config: NormalConfig): RaisedRequests {
  const short = sampleShortfalls(config).filter((s) => s.at === null);
  if (short.length === 0) return { config, notices: [] };
  const worst = short.reduce((a, b) => (b.need > a.need ? b : a));
  const requests = requestsFor(worst.need, config.run.trials);
  const metrics = short.map((s) => s.metric).join(' and ');
  const ungate = short.map((s) => `gate.metrics.${s.metric}.gate: false`).join(' and ');
  const notice =
    `run.requests raised from ${config.run.requests} to ${requests}: ${metrics} ${short.length === 1 ? 'is' : 'are'} gated by default and a p${worst.percentile} needs ${worst.need} samples a cell, ` +
    `but each cell plans ${counts(config)}. Write run.requests: ${requests} (or more trials) to keep this without the notice, or ${ungate} to measure ${config.run.requests} (docs/config.md).`;
  return { config: { ...config, run: { ...config.run, requests } }, notices: [notice] };
}

/**
 * An SLO check (gate.slo) on a percentile that run.requests x run.trials
 * cannot support (issue 31, item 6): it is judged on the histogram's estimate,
 * which sits near the largest values, so it passes or fails on a handful of
 * requests. Not an error (an SLO bounds one run's figure, and a strict
 * estimate errs on the safe side), but said at start, with the counts that
 * would support it. Scenarios that replay a trace, and ramps, send their own
 * counts: an SLO that applies only to those is not checked here.
 */
function sloWarnings(config: NormalConfig): string[] {
  const planned = config.run.requests * config.run.trials;
  const counted = config.scenarios.filter((s) => s.trace === undefined).map((s) => s.name);
  if (counted.length === 0 || config.loads.every((l) => 'ramp' in l)) return [];
  const out: string[] = [];
  for (const slo of config.gate.slo) {
    if (slo.scenario !== null && !counted.includes(slo.scenario)) continue;
    const parsed = parseSloText(slo.check);
    const stat = parsed === null ? undefined : metricDef(parsed.metric)?.dist?.stat;
    const p = stat === undefined ? null : percentileOf(stat);
    const need = p === null ? 0 : minSamplesFor(p);
    if (p === null || need <= planned) continue;
    const lower = supportedPercentile(planned, p);
    const dist = parsed!.metric.slice(0, parsed!.metric.indexOf('.'));
    const instead = lower === null ? '' : `, or check the p${lower} instead (${dist}.p${lower} ${parsed!.op} ${parsed!.bound})`;
    out.push(
      `gate.slo '${slo.check}' judges a p${p} on ${counts(config)} a cell, fewer than the ${need} a p${p} needs: it is judged on a rough estimate near the largest values. ` +
        `Raise run.requests to ${requestsFor(need, config.run.trials)} (or run.trials) for it${instead} (docs/config.md, "Gating p99").`,
    );
  }
  return out;
}

/**
 * The review every command's config gets (readPlan): errors for the
 * percentiles the config gates itself, else the default-gated ones raised;
 * and a warning for each SLO on a percentile the counts cannot support.
 */
export const reviewSamples: PlanReview = (config) => {
  const problems = sampleShortfalls(config)
    .filter((s) => s.at !== null)
    .map((s) => ({ segs: s.at!, reason: shortfallReason(s, config) }));
  if (problems.length > 0) return { problems, config, notices: [] };
  const raised = raiseForDefaultGates(config);
  return { problems: [], ...raised, warnings: sloWarnings(raised.config) };
};
