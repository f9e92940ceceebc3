// Running git for the history store: plumbing only, in the user's checkout but
// never touching its working tree, index or HEAD. Auth goes in an extra HTTP
// header passed through the environment, never in a URL or on a command line.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { HistoryError } from '../errors/history-error.js';

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

const BOT_NAME = 'github-actions[bot]';
const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';
const TIMEOUT_MS = 300_000;

let spawned = 0;
/** Git processes this module has started so far: tests bound how many a read takes. */
export function gitProcessCount(): number {
  return spawned;
}

/** One git context: a repository, its remote, and the secrets to keep out of every message. */
export class Git {
  private readonly secrets: string[];
  private readonly baseEnv: NodeJS.ProcessEnv;
  private version: Promise<[number, number]> | null = null;
  private auth: Promise<[string, string][]> | null = null;

  constructor(
    readonly repoDir: string,
    readonly remote: string,
    private readonly token: string | null,
  ) {
    this.secrets = token ? [token, basicAuth(token)] : [];
    this.baseEnv = {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0', // a missing credential must fail, not wait for a prompt nobody sees
      GCM_INTERACTIVE: 'never',
      LC_ALL: 'C',
      GIT_AUTHOR_NAME: BOT_NAME,
      GIT_AUTHOR_EMAIL: BOT_EMAIL,
      GIT_COMMITTER_NAME: BOT_NAME,
      GIT_COMMITTER_EMAIL: BOT_EMAIL,
    };
  }

  /** Runs git; rejects with a HistoryError naming `what` unless the exit code is in `ok`. */
  async run(what: string, args: string[], opts: { input?: string; ok?: number[]; network?: boolean } = {}): Promise<GitResult> {
    let env = this.baseEnv;
    let pre: string[] = [];
    if (opts.network && this.token) {
      const config = await (this.auth ??= this.authConfig());
      const [major, minor] = await this.gitVersion();
      // GIT_CONFIG_COUNT (git >= 2.31) keeps the header out of `ps`; older git gets -c.
      if (major > 2 || (major === 2 && minor >= 31)) env = withConfigEnv(env, config);
      else pre = config.flatMap(([k, v]) => ['-c', `${k}=${v}`]);
    }
    const r = await exec([...pre, ...args], this.repoDir, env, opts.input);
    if (r.code === 0 || opts.ok?.includes(r.code)) return r;
    throw new HistoryError(`history: ${what} failed: ${this.describe(args, r)}`);
  }

  /**
   * A long-lived git process (`cat-file --batch`) its caller talks to over
   * stdin and stdout: plumbing that needs no network, so no auth.
   */
  spawn(args: string[]): ChildProcessWithoutNullStreams {
    spawned++;
    return spawn('git', args, { cwd: this.repoDir, env: this.baseEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  /** A failed command for a message: redacted, with the end of its stderr. */
  describe(args: string[], r: GitResult): string {
    const stderr = r.stderr.trim().split('\n').slice(-6).join(' | ');
    return this.redact(`git ${args.join(' ')} exited with code ${r.code}${stderr ? `: ${stderr}` : ''}`);
  }

  redact(text: string): string {
    let out = text.replace(/(\/\/)[^/@\s]+@/g, '$1***@');
    for (const s of this.secrets) out = out.split(s).join('***');
    return out;
  }

  gitVersion(): Promise<[number, number]> {
    return (this.version ??= exec(['version'], this.repoDir, this.baseEnv).then((r) => {
      const m = /(\d+)\.(\d+)/.exec(r.stdout);
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    }));
  }

  /**
   * actions/checkout persists its own header as http.<server>/.extraheader. Git
   * sends every matching header, and two Authorization headers are rejected, so
   * ours is keyed on the full remote URL (the most specific match wins) and an
   * empty value first clears whatever was inherited.
   */
  private async authConfig(): Promise<[string, string][]> {
    const urls = new Set<string>();
    for (const args of [
      ['remote', 'get-url', this.remote],
      ['remote', 'get-url', '--push', this.remote],
    ]) {
      const r = await exec(args, this.repoDir, this.baseEnv);
      urls.add(r.code === 0 ? r.stdout.trim() : this.remote);
    }
    return [...urls]
      .filter((url) => /^https?:\/\//i.test(url))
      .flatMap((url): [string, string][] => [
        [`http.${url}.extraheader`, ''],
        [`http.${url}.extraheader`, `AUTHORIZATION: basic ${basicAuth(this.token ?? '')}`],
      ]);
  }
}

function basicAuth(token: string): string {
  return Buffer.from(`x-access-token:${token}`).toString('base64');
}

function withConfigEnv(env: NodeJS.ProcessEnv, config: [string, string][]): NodeJS.ProcessEnv {
  const out = { ...env };
  let n = Number(env.GIT_CONFIG_COUNT ?? 0) || 0;
  for (const [k, v] of config) {
    out[`GIT_CONFIG_KEY_${n}`] = k;
    out[`GIT_CONFIG_VALUE_${n}`] = v;
    n++;
  }
  out.GIT_CONFIG_COUNT = String(n);
  return out;
}

function exec(args: string[], cwd: string, env: NodeJS.ProcessEnv, input?: string): Promise<GitResult> {
  spawned++;
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, { cwd, env, timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') {
        // Not an exit status: git missing, a timeout, a signal or an output overflow.
        // err.message repeats the command line, which may hold a -c header: not used.
        const why = err.killed ? `no answer after ${TIMEOUT_MS / 1000} s` : err.signal ? `killed by ${err.signal}` : String(err.code ?? 'failed');
        reject(new HistoryError(`history: cannot run git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} in ${cwd}: ${why}`));
        return;
      }
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}
