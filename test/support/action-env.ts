// Runs the built action (dist/index.js, dist/post.js) as the runner does: a
// fresh node process with INPUT_* variables, an event payload file, and the
// files the runner reads back (outputs, state, job summary).
import { execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  state: Record<string, string>;
  summary: string;
}

/** Parses the runner's `name<<delimiter` file format (GITHUB_OUTPUT, GITHUB_STATE). */
export function parseRunnerFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const [, name, delim] = m;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delim; i++) value.push(lines[i]!);
    out[name!] = value.join('\n');
  }
  return out;
}

export async function runAction(
  entry: 'index' | 'post',
  opts: {
    workspace: string;
    event: string;
    payload: object;
    sha: string;
    ref: string;
    inputs: Record<string, string>;
    apiUrl: string;
    state?: string;
    env?: Record<string, string>;
    /** The bundles' folder (default ./dist): a copy elsewhere proves they need no node_modules. */
    dist?: string;
    /** Send this signal to the step once its log contains `after`, as the runner does when a job is cancelled. */
    interrupt?: { after: string; signal: NodeJS.Signals; delayMs: number };
  },
): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-runner-'));
  const files = { event: join(dir, 'event.json'), output: join(dir, 'output'), state: join(dir, 'state'), summary: join(dir, 'summary.md') };
  await writeFile(files.event, JSON.stringify(opts.payload));
  await Promise.all([writeFile(files.output, ''), writeFile(files.state, ''), writeFile(files.summary, '')]);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: opts.workspace,
    GITHUB_EVENT_NAME: opts.event,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_SHA: opts.sha,
    GITHUB_REF: opts.ref,
    GITHUB_REPOSITORY: 'acme/serving',
    GITHUB_API_URL: opts.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    // The fake GitHub API has no secondary rate limits: no gaps between writes, retry waits in hundredths (src/github/client.ts).
    LLM_PERF_GATE_GITHUB_WRITE_GAP_MS: '0',
    LLM_PERF_GATE_GITHUB_SECOND_MS: '10',
    // The runner hands the main step's saved state to the post step as STATE_* variables.
    ...Object.fromEntries(Object.entries(parseRunnerFile(opts.state ?? '')).map(([k, v]) => [`STATE_${k}`, v])),
  };
  Object.assign(env, opts.env);
  for (const [k, v] of Object.entries(opts.inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [join(opts.dist ?? join(process.cwd(), 'dist'), `${entry}.js`)], { cwd: opts.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let interrupt = opts.interrupt;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (interrupt !== undefined && out.includes(interrupt.after)) {
        const { signal, delayMs } = interrupt;
        setTimeout(() => child.kill(signal), delayMs);
        interrupt = undefined;
      }
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (c) => resolve({ code: c, stdout: out }));
  });
  const [output, state, summary] = await Promise.all([readFile(files.output, 'utf8'), readFile(files.state, 'utf8'), readFile(files.summary, 'utf8')]);
  return { code, stdout, outputs: parseRunnerFile(output), state: parseRunnerFile(state), summary };
}

/**
 * A workflow's checkout: a bare remote on disk and a clone of it on branch
 * main, holding the end-to-end tests' config as llm-perf.yml (not committed).
 */
export async function actionCheckout(): Promise<{ root: string; remote: string; work: string }> {
  const root = await mkdtemp(join(tmpdir(), 'llm-perf-gate-test-'));
  const remote = join(root, 'remote.git');
  const work = join(root, 'work');
  const git = (cwd: string, ...args: string[]): void => void execFileSync('git', args, { cwd, stdio: 'ignore' });
  git(root, 'init', '-q', '--bare', '-b', 'main', remote);
  git(root, 'clone', '-q', remote, work);
  git(work, 'checkout', '-q', '-b', 'main');
  await copyFile('test/fixtures/action.yml', join(work, 'llm-perf.yml'));
  return { root, remote, work };
}
