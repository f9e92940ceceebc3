// The gate rules a result stores in its normalised config: what `compare`
// judges with when no --config is given. The stored gate section is checked
// as a config file's would be (a result may come from another machine), but
// nothing is invented around it: the scenario names and load labels it may
// refer to are the stored ones.
import { gatePlanOf, loadLabel } from './derive.js';
import { ConfigError } from '../errors/config-error.js';
import { makeProblem, type ConfigProblem } from '../config-problem.js';
import { formatPath, gateIssues, schemaIssues, validateGateSection, valueAt } from './issues.js';
import type { Issue } from './vocabulary.js';
import { normaliseGate, type NormalConfig } from './normal.js';
import type { GatePlan } from './plan.js';

/** Drops null-valued keys at every depth: the stored config writes "unset" as null, the file format omits it. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

/** The stored gate section's problems, as a config file's would be found, each with `file` set to `label`. */
function storedProblems(config: NormalConfig, label: string | null): ConfigProblem[] {
  // Results written before the gate section existed are judged by the defaults.
  const gate = config.gate ?? normaliseGate(undefined);
  const section = { gate: withoutNulls(gate) };
  const issues: Issue[] = validateGateSection(section) ? [] : schemaIssues(section, validateGateSection.errors ?? []);
  const scenarioNames = new Set(config.scenarios.map((s) => s.name));
  issues.push(...gateIssues(section.gate, scenarioNames, config.loads.map(loadLabel)));
  // Only the telemetry field the gate reads; a stored value it does not know would silently read as 'warn'.
  const fd: unknown = (config.telemetry as { fingerprint_differences?: unknown } | undefined)?.fingerprint_differences;
  if (fd !== undefined && fd !== 'warn' && fd !== 'invalid') {
    issues.push({ segs: ['telemetry', 'fingerprint_differences'], reason: "must be 'warn' or 'invalid'", echo: true });
  }
  return issues.map((i) =>
    makeProblem({ file: label, path: formatPath(i.segs), reason: i.reason, value: valueAt({ ...section, telemetry: config.telemetry }, i.segs), echo: i.echo, allowed: i.allowed ?? null }),
  );
}

/**
 * What the result reader refuses a stored config for (issue 19, item 6): the
 * gate rules `compare` and report mode would judge by, checked by the config
 * checker when the file is read, so a crafted gate section is a refusal
 * naming its field and never reaches the gate. The schema has checked the
 * shape (scenarios, loads, gate) and the depth before this runs.
 */
export function storedConfigProblems(config: NormalConfig): string[] {
  return storedProblems(config, null).map((p) => p.text);
}

/** `label` names the result in messages, e.g. `cand.json (stored config)`. */
export function gatePlanFromStored(config: NormalConfig, label: string): GatePlan {
  const problems = storedProblems(config, label);
  if (problems.length > 0) throw new ConfigError(problems);
  return gatePlanOf(config.gate ?? normaliseGate(undefined), config.telemetry);
}
