// Validation of a raw config: the schema, the rules across fields, the
// names the gate section uses, the URLs and the API key variable. Every
// problem is collected and reported at once with file:line:col, because a
// config is usually fixed in one sitting and one-error-per-run is painful.
import { capacityIndicesOf, capacityIssues } from './capacity-check.js';
import { costIssues } from './cost.js';
import { DEFAULT_CONFIG_FILE } from './defaults.js';
import { loadLabel } from './derive.js';
import { ConfigError } from '../errors/config-error.js';
import { makeProblem, type ConfigProblem } from '../config-problem.js';
import { crossFieldIssues, formatPath, gateIssues, has, schemaIssues, validateSchema, valueAt } from './issues.js';
import { isRecord } from '../util/record.js';
import type { Issue } from './vocabulary.js';
import { normaliseLoad } from '../shapes/index.js';
import type { RawConfig, RawLoad } from './raw.js';
import { endpointNotice, normaliseUrl } from './url.js';
import type { Locate } from './yaml.js';

interface CheckContext {
  /** Config file as the user named it (for messages), or null. */
  file: string | null;
  /** --url, overriding target.url. */
  url?: string | null;
  /** --model, overriding target.model. */
  model?: string | null;
  /** Checks that target.api_key_env names a set variable; null: not checked. */
  env: NodeJS.ProcessEnv | null;
  /** False when only the gate rules are wanted: the config need not name a target. */
  needUrl: boolean;
}

interface CheckedConfig {
  raw: RawConfig;
  /** target.url (or --url, or ab.candidate.url) normalised; null only when needUrl was false and none was given. */
  url: string | null;
  /** What was read otherwise than written (a URL given as an endpoint's), for the command to print. */
  notices: string[];
}

/** Throws ConfigError listing every problem of `raw`. */
export function checkConfig(raw: unknown, ctx: CheckContext, locate: Locate): CheckedConfig {
  const env = ctx.env;
  if (raw === null || raw === undefined) {
    throw ConfigError.of({ file: ctx.file, path: '', reason: 'the config is empty (expected a mapping with scenarios and loads)' });
  }
  const problems: ConfigProblem[] = [];
  const fileProblem = (issue: Issue): ConfigProblem => {
    const pos = locate(issue.segs, issue.atKey);
    const value = valueAt(raw, issue.segs);
    return makeProblem({
      file: ctx.file,
      line: pos?.line ?? null,
      column: pos?.column ?? null,
      path: formatPath(issue.segs),
      reason: issue.reason,
      value,
      echo: issue.echo,
      allowed: issue.allowed ?? null,
    });
  };

  const valid = validateSchema(raw);
  const schemaFound = valid ? [] : schemaIssues(raw, validateSchema.errors ?? []);
  const invalidLoads = new Set<number>();
  for (const issue of schemaFound) {
    if (issue.segs[0] === 'loads' && typeof issue.segs[1] === 'number') invalidLoads.add(issue.segs[1]);
  }
  const seen = new Set<string>();
  const loadLabels = isRecord(raw) && Array.isArray(raw.loads) ? raw.loads.filter((l, i) => isRecord(l) && !invalidLoads.has(i)).map((l) => loadLabel(normaliseLoad(l as RawLoad))) : [];
  // A trace scenario's one cell has the load label `trace` (gate.slo[].load may name it).
  if (isRecord(raw) && Array.isArray(raw.scenarios) && raw.scenarios.some((s) => isRecord(s) && has(s, 'trace'))) loadLabels.push('trace');
  const scenarioNames = new Set(isRecord(raw) && Array.isArray(raw.scenarios) ? raw.scenarios.filter(isRecord).map((s) => String(s.name)) : []);
  const gateFound = isRecord(raw) ? gateIssues(raw.gate, scenarioNames, loadLabels) : [];
  const capacityFound = capacityIssues(raw, scenarioNames, capacityIndicesOf(schemaFound));
  for (const issue of [...schemaFound, ...crossFieldIssues(raw, invalidLoads), ...gateFound, ...capacityFound, ...costIssues(raw)]) {
    const key = `${formatPath(issue.segs)}\0${issue.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(fileProblem(issue));
  }

  const rawTarget: unknown = isRecord(raw) ? raw.target : undefined;
  const fileUrl = isRecord(rawTarget) && typeof rawTarget.url === 'string' ? rawTarget.url : undefined;
  let url: string | null = null;
  const notices: string[] = [];
  const noteEndpoint = (where: string, given: string, r: { url: string; endpoint?: string }): void => {
    const n = endpointNotice(where, given, r);
    if (n !== null) notices.push(n);
  };
  if (ctx.url !== undefined && ctx.url !== null) {
    const r = normaliseUrl(ctx.url);
    if ('url' in r) {
      url = r.url;
      noteEndpoint('--url', ctx.url, r);
    } else problems.push(makeProblem({ file: null, path: '--url', reason: r.reason, value: r.shown }));
  } else if (fileUrl !== undefined) {
    const r = normaliseUrl(fileUrl);
    if ('url' in r) {
      url = r.url;
      noteEndpoint('target.url', fileUrl, r);
    } else {
      const pos = locate(['target', 'url']);
      problems.push(makeProblem({ file: ctx.file, line: pos?.line, column: pos?.column, path: 'target.url', reason: r.reason, value: r.shown }));
    }
  } else if (isRecord(raw) && isRecord(raw.ab) && isRecord(raw.ab.candidate) && typeof raw.ab.candidate.url === 'string') {
    // An A/B config needs no target.url: each side names its own.
    const r = normaliseUrl(raw.ab.candidate.url);
    if ('url' in r) url = r.url;
  } else if (ctx.needUrl && isRecord(raw) && !(isRecord(rawTarget) && has(rawTarget, 'url'))) {
    if (ctx.file === null) {
      problems.push(
        makeProblem({
          file: null,
          path: 'target.url',
          reason: 'no target URL',
          text: `no target URL: pass --url or write target.url in ${DEFAULT_CONFIG_FILE}`,
        }),
      );
    } else {
      problems.push(fileProblem({ segs: ['target', 'url'], reason: 'is required (or pass --url)', echo: false }));
    }
  }

  if (isRecord(raw) && isRecord(raw.ab)) {
    for (const side of ['baseline', 'candidate'] as const) {
      const s = raw.ab[side];
      if (!isRecord(s) || typeof s.url !== 'string') continue;
      const r = normaliseUrl(s.url);
      if ('url' in r) noteEndpoint(`ab.${side}.url`, s.url, r);
      else {
        const pos = locate(['ab', side, 'url']);
        problems.push(makeProblem({ file: ctx.file, line: pos?.line, column: pos?.column, path: `ab.${side}.url`, reason: r.reason, value: r.shown }));
      }
    }
  }

  if (ctx.model !== undefined && ctx.model !== null && ctx.model === '') {
    problems.push(makeProblem({ file: null, path: '--model', reason: 'must not be empty', value: '' }));
  }

  const keyEnv = isRecord(rawTarget) && typeof rawTarget.api_key_env === 'string' ? rawTarget.api_key_env : undefined;
  if (env !== null && keyEnv !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv) && !env[keyEnv]) {
    problems.push(fileProblem({ segs: ['target', 'api_key_env'], reason: 'names an environment variable that is not set or empty', echo: true }));
  }

  if (problems.length > 0) throw new ConfigError(sortProblems(problems));
  return { raw: raw as RawConfig, url, notices };
}

function sortProblems(problems: ConfigProblem[]): ConfigProblem[] {
  // Unlocated problems (command-line flags, missing sections) first, then in file order.
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.line ?? 0) - (b.p.line ?? 0) || (a.p.column ?? 0) - (b.p.column ?? 0) || a.i - b.i)
    .map(({ p }) => p);
}
