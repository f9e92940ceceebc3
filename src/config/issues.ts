// Schema and cross-field validation of a raw config, as located issues with
// readable reasons (ajv's own messages name JSON pointers, not fields).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { METRIC_IDS } from '../metric-ids.js';
import * as generated from './schema-validators.js';
import { loadLabel } from './derive.js';
import { conversationIssues } from './conversation.js';
import { lengthFloor, lengthIssues } from './lengths.js';
import { LOAD_SHAPE_KEYS, normaliseLoad } from '../shapes/index.js';
import { rampIssues } from './ramp.js';
import { DEFAULTS } from './defaults.js';
import type { RawLoad } from './raw.js';
import { parseSloText, SLO_RE } from './slo-text.js';
import type { Issue, Segment } from './vocabulary.js';
import { isRecord } from '../util/record.js';

// The schema's validators as generated code (scripts/gen-validators.ts): every
// error with its schema and data (verbose), all of them (allErrors).
export const validateSchema = generated.validateSchema as unknown as ValidateFunction;
/** The gate section alone, as `{ gate }` (config/gate-section-schema.ts): for the gate rules a result stores. */
export const validateGateSection = generated.validateGateSection as unknown as ValidateFunction;

const LOAD_ONE_OF = '#/properties/loads/items/oneOf';
const BURSTINESS_RULE = '#/properties/loads/items/dependencies/burstiness';
/** run.warmup is a count or `auto`: one message for both forms, not one per form. */
const WARMUP_ONE_OF = '#/properties/run/properties/warmup/oneOf';

export function formatPath(segs: readonly Segment[]): string {
  let out = '';
  for (const seg of segs) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export function valueAt(raw: unknown, segs: readonly Segment[]): unknown {
  let v = raw;
  for (const seg of segs) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg as string];
  }
  return v;
}

/** JSON pointer -> segments, with array indices as numbers (to print `[1]`, not `.1`). */
function pointerToSegments(raw: unknown, pointer: string): Segment[] {
  if (pointer === '') return [];
  const segs: Segment[] = [];
  let v = raw;
  for (const part of pointer.slice(1).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    const seg: Segment = Array.isArray(v) && /^\d+$/.test(key) ? Number(key) : key;
    segs.push(seg);
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return segs;
}

function typePhrase(type: unknown): string {
  const one = (t: unknown): string => {
    switch (t) {
      case 'integer':
        return 'an integer';
      case 'number':
        return 'a number';
      case 'string':
        return 'a string';
      case 'boolean':
        return 'true or false';
      case 'object':
        return 'a mapping';
      case 'array':
        return 'a list';
      default:
        return String(t);
    }
  };
  return Array.isArray(type) ? type.map(one).join(' or ') : one(type);
}

/** `a number > 0 and <= 86400`: the type and both ends of its allowed range, whichever was missed. */
function describeType(parent: Record<string, unknown>): string {
  const ends: string[] = [];
  if (typeof parent.minimum === 'number') ends.push(`>= ${parent.minimum}`);
  else if (typeof parent.exclusiveMinimum === 'number') ends.push(`> ${parent.exclusiveMinimum}`);
  if (typeof parent.maximum === 'number') ends.push(`<= ${parent.maximum}`);
  else if (typeof parent.exclusiveMaximum === 'number') ends.push(`< ${parent.exclusiveMaximum}`);
  // A length (a number or a distribution): the number's range reads on its own; a wrong type adds the mapping (schemaIssues).
  const type = isLength(parent) ? 'integer' : parent.type;
  return ends.length === 0 ? typePhrase(type) : `${typePhrase(type)} ${ends.join(' and ')}`;
}

/** The schema's `length` definition: an integer or a mapping with `dist` (src/config/lengths.ts). */
function isLength(parent: Record<string, unknown>): boolean {
  const props = parent.properties;
  return Array.isArray(parent.type) && parent.type.includes('object') && isRecord(props) && has(props, 'dist');
}

export function schemaIssues(raw: unknown, errors: readonly ErrorObject[]): Issue[] {
  const issues: Issue[] = [];
  const pointers = (e: ErrorObject): Segment[] => pointerToSegments(raw, e.instancePath);
  const loadOneOfFailed = new Set(errors.filter((e) => e.schemaPath === LOAD_ONE_OF).map((e) => e.instancePath));

  for (const e of errors) {
    const segs = pointers(e);
    const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
    const params = e.params as Record<string, unknown>;

    if (e.schemaPath === LOAD_ONE_OF) {
      issues.push({ segs, reason: `give exactly one of ${LOAD_SHAPE_KEYS.slice(0, -1).join(', ')} or ${LOAD_SHAPE_KEYS.at(-1)!}`, echo: false });
      continue;
    }
    if (e.schemaPath.startsWith(`${LOAD_ONE_OF}/`)) continue;
    if (e.schemaPath === WARMUP_ONE_OF) {
      issues.push({ segs, reason: 'must be an integer >= 0 and <= 10000, or auto', echo: true });
      continue;
    }
    if (e.schemaPath.startsWith(`${WARMUP_ONE_OF}/`)) continue;
    if (e.schemaPath.startsWith(BURSTINESS_RULE)) {
      const load = segs.slice(0, 2);
      issues.push({ segs: [...load, 'burstiness'], reason: 'only allowed with arrival: gamma', echo: true });
      continue;
    }
    if (e.keyword === 'dependencies') {
      // `{arrival: gamma}` alone already says "give exactly one of ..."; this would only repeat it.
      if (loadOneOfFailed.has(e.instancePath)) continue;
      issues.push({ segs: [...segs, String(params.property)], reason: `only allowed with ${String(params.deps)}`, echo: true });
      continue;
    }
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      const specific = errors.some((o) => o !== e && o.schemaPath.startsWith(`${e.schemaPath}/`));
      if (!specific) issues.push({ segs, reason: 'does not match any allowed form', echo: true });
      continue;
    }
    if (e.keyword === 'propertyNames') continue;
    if (e.propertyName !== undefined) {
      issues.push({
        segs: [...segs, e.propertyName],
        reason: `invalid name: must match ${String(params.pattern ?? '')}`,
        echo: false,
        allowed: typeof params.pattern === 'string' ? params.pattern : null,
        atKey: true,
      });
      continue;
    }

    switch (e.keyword) {
      case 'type':
        issues.push({ segs, reason: `must be ${describeType(parent)}${isLength(parent) ? ', or a distribution (a mapping with dist)' : ''}`, echo: true });
        break;
      case 'minimum':
      case 'exclusiveMinimum':
      case 'maximum':
      case 'exclusiveMaximum':
        issues.push({ segs, reason: `must be ${describeType(parent)}`, echo: true, allowed: describeType(parent) });
        break;
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map(String).join('|');
        issues.push({ segs, reason: `must be one of ${allowed}`, echo: true, allowed });
        break;
      }
      case 'const': {
        const allowed = String(params.allowedValue);
        issues.push({ segs, reason: `must be ${allowed}`, echo: true, allowed });
        break;
      }
      case 'additionalProperties': {
        const props = parent.properties;
        const keys = props !== null && typeof props === 'object' ? Object.keys(props) : [];
        const allowed = keys.join(', ');
        issues.push({
          segs: [...segs, String(params.additionalProperty)],
          reason: `unknown field (allowed: ${allowed})`,
          echo: false,
          allowed,
          atKey: true,
        });
        break;
      }
      case 'required':
        issues.push({ segs: [...segs, String(params.missingProperty)], reason: 'is required', echo: false });
        break;
      case 'minItems': {
        const n = Number(params.limit);
        issues.push({ segs, reason: `must have at least ${n} item${n === 1 ? '' : 's'}`, echo: true });
        break;
      }
      case 'minLength':
        issues.push({
          segs,
          reason: Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`,
          echo: true,
        });
        break;
      case 'pattern': {
        const pattern = String(params.pattern);
        issues.push({ segs, reason: `must match ${pattern}`, echo: true, allowed: pattern });
        break;
      }
      default:
        issues.push({ segs, reason: e.message ?? `fails ${e.keyword}`, echo: true });
    }
  }
  return issues;
}

export function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Rules JSON Schema states badly: they need sibling values or the whole list. */
export function crossFieldIssues(raw: unknown, invalidLoads: ReadonlySet<number>): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(raw)) return issues;

  if (isRecord(raw.run) && isRecord(raw.run.budget) && typeof raw.run.budget.trials === 'number') {
    const trials = typeof raw.run.trials === 'number' ? raw.run.trials : DEFAULTS.trials;
    if (raw.run.budget.trials < trials) {
      issues.push({
        segs: ['run', 'budget', 'trials'],
        reason: `must be at least run.trials (${trials}), the pairs every run measures first (or set run.budget: false for the fixed design)`,
        echo: true,
      });
    }
  }

  if (Array.isArray(raw.scenarios)) {
    const names = new Map<string, number>();
    raw.scenarios.forEach((sc: unknown, i) => {
      if (!isRecord(sc)) return;
      const at = ['scenarios', i];
      if (has(sc, 'trace')) {
        for (const key of ['input_tokens', 'output_tokens', 'shared_prefix_tokens', 'dataset']) {
          if (has(sc, key)) issues.push({ segs: [...at, key], reason: 'not allowed with trace (the trace gives each request its lengths)', echo: true, atKey: true });
        }
      } else if (has(sc, 'dataset')) {
        for (const key of ['input_tokens', 'shared_prefix_tokens']) {
          if (has(sc, key)) issues.push({ segs: [...at, key], reason: 'not allowed with dataset (prompts come from the file)', echo: true, atKey: true });
        }
      } else {
        if (!has(sc, 'input_tokens')) issues.push({ segs: [...at, 'input_tokens'], reason: 'is required unless dataset or trace is given', echo: false });
        const floor = lengthFloor(sc.input_tokens);
        const shared = sc.shared_prefix_tokens;
        if (floor !== null && Number.isInteger(shared) && (shared as number) >= floor) {
          const what = typeof sc.input_tokens === 'number' ? `input_tokens (${floor})` : `the shortest input_tokens can be (${floor})`;
          issues.push({ segs: [...at, 'shared_prefix_tokens'], reason: `must be < ${what}`, echo: true });
        }
      }
      if (!has(sc, 'trace') && !has(sc, 'output_tokens')) issues.push({ segs: [...at, 'output_tokens'], reason: 'is required unless trace is given', echo: false });
      for (const key of ['input_tokens', 'output_tokens']) issues.push(...lengthIssues(sc[key], [...at, key]));
      issues.push(...conversationIssues(sc, at, isRecord(raw.target) ? raw.target.api : undefined));
      if (typeof sc.name === 'string') {
        const first = names.get(sc.name);
        if (first === undefined) names.set(sc.name, i);
        else issues.push({ segs: [...at, 'name'], reason: `duplicate scenario name (already used by scenarios[${first}])`, echo: true });
      }
    });
    const synthetic = raw.scenarios.length === 0 || raw.scenarios.some((sc) => !isRecord(sc) || !has(sc, 'trace'));
    if (synthetic && !has(raw, 'loads')) issues.push({ segs: ['loads'], reason: 'is required unless every scenario is a trace', echo: false });
    const traces = new Set(raw.scenarios.filter((sc) => isRecord(sc) && has(sc, 'trace')).map((sc) => String((sc as Record<string, unknown>).name)));
    const conversations = new Set(raw.scenarios.filter((sc) => isRecord(sc) && has(sc, 'conversation')).map((sc) => String((sc as Record<string, unknown>).name)));
    if (Array.isArray(raw.capacity)) {
      raw.capacity.forEach((c: unknown, i) => {
        if (isRecord(c) && typeof c.scenario === 'string' && traces.has(c.scenario)) {
          issues.push({ segs: ['capacity', i, 'scenario'], reason: "is a trace replay: its times are the trace's, so no search can vary its load", echo: true });
        }
        if (isRecord(c) && typeof c.scenario === 'string' && conversations.has(c.scenario)) {
          issues.push({ segs: ['capacity', i, 'scenario'], reason: 'is a multi-turn conversation: a capacity search sends independent requests', echo: true });
        }
      });
    }
    // A ramp moves a request rate over the cell; a conversation's sessions start at a concurrency or a steady rate (src/load/sessions.ts).
    if (conversations.size > 0 && Array.isArray(raw.loads)) {
      raw.loads.forEach((ld: unknown, j) => {
        if (isRecord(ld) && has(ld, 'ramp')) {
          issues.push({
            segs: ['loads', j, 'ramp'],
            reason: `cannot drive a multi-turn conversation (scenario ${[...conversations].join(', ')}): give its sessions a concurrency or a rate`,
            echo: false,
            atKey: true,
          });
        }
      });
    }
  }

  if (Array.isArray(raw.loads)) {
    const labels = new Map<string, number>();
    raw.loads.forEach((ld: unknown, i) => {
      // A load the schema rejected has no trustworthy label; its own error is enough.
      if (!isRecord(ld) || invalidLoads.has(i)) return;
      if (has(ld, 'ramp')) issues.push(...rampIssues(ld.ramp, ['loads', i, 'ramp'], raw.run));
      const label = loadLabel(normaliseLoad(ld as RawLoad));
      const first = labels.get(label);
      if (first === undefined) labels.set(label, i);
      else issues.push({ segs: ['loads', i], reason: `duplicate load ${label} (same as loads[${first}])`, echo: false });
    });
  }
  return issues;
}

/** Names in the gate section must name real metrics, scenarios and loads. */
export function gateIssues(gate: unknown, scenarioNames: ReadonlySet<string>, loadLabels: readonly string[]): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(gate)) return issues;
  const known = new Set(METRIC_IDS);
  const allowedMetrics = `metric ids such as ${['output_tps', 'rps', 'error_rate', 'ttft_ms.p95', 'tpot_ms.p50'].join(', ')} (docs/gate.md lists all)`;
  const checkMetrics = (metrics: unknown, at: Segment[]): void => {
    if (!isRecord(metrics)) return;
    for (const id of Object.keys(metrics)) {
      if (!known.has(id)) issues.push({ segs: [...at, id], reason: `unknown metric (allowed: ${allowedMetrics})`, echo: false, atKey: true });
    }
  };
  checkMetrics(gate.metrics, ['gate', 'metrics']);
  if (isRecord(gate.scenarios)) {
    for (const [name, sc] of Object.entries(gate.scenarios)) {
      if (!scenarioNames.has(name)) {
        issues.push({ segs: ['gate', 'scenarios', name], reason: `no such scenario (allowed: ${[...scenarioNames].join(', ')})`, echo: false, atKey: true });
      }
      if (isRecord(sc)) checkMetrics(sc.metrics, ['gate', 'scenarios', name, 'metrics']);
    }
  }
  if (Array.isArray(gate.slo)) {
    gate.slo.forEach((item: unknown, i) => {
      const text = typeof item === 'string' ? item : isRecord(item) && typeof item.check === 'string' ? item.check : null;
      const at: Segment[] = typeof item === 'string' ? ['gate', 'slo', i] : ['gate', 'slo', i, 'check'];
      const parsed = text === null ? null : parseSloText(text);
      if (text !== null && parsed === null && SLO_RE.test(text)) {
        issues.push({ segs: at, reason: 'bound must be a finite number', echo: true });
      }
      if (parsed !== null && !known.has(parsed.metric)) {
        issues.push({ segs: at, reason: `unknown metric '${parsed.metric}' (allowed: ${allowedMetrics})`, echo: true });
      }
      if (isRecord(item) && typeof item.scenario === 'string' && !scenarioNames.has(item.scenario)) {
        issues.push({ segs: ['gate', 'slo', i, 'scenario'], reason: `no such scenario (allowed: ${[...scenarioNames].join(', ')})`, echo: true });
      }
      if (isRecord(item) && typeof item.load === 'string' && !loadLabels.includes(item.load)) {
        issues.push({ segs: ['gate', 'slo', i, 'load'], reason: `no such load (allowed: ${loadLabels.join(', ')})`, echo: true });
      }
    });
  }
  return issues;
}
