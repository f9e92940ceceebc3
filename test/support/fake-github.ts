// A real loopback server for the few GitHub REST endpoints the action uses:
// GET /user, list/create issue comments (with Link-header pagination),
// update a comment, create a commit comment, a pull request's label events,
// a user's repository permission, a commit's pull requests, and check runs. It records every request and has switches for what a fork
// pull request's read-only token gets (403) and for transient failures.
import http from 'node:http';
import { listenLoopback } from './loopback.js';

export interface FakeUser {
  login: string;
  type: 'User' | 'Bot';
}

export const ACTIONS_BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };

export interface FakeComment {
  id: number;
  body: string;
  user: FakeUser;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

type FailureKind = number | 'secondary' | 'quota' | 'reset';

export interface FakeGitHub {
  url: string;
  /** GET /repos/{o}/{r}/pulls/{n} answers, keyed `${o}/${r}#${n}`. */
  pulls: Map<string, { number: number; base: { sha: string; ref: string }; head: { sha: string; ref: string; repo: { full_name: string } } }>;
  requests: FakeRequest[];
  /**
   * Who the token belongs to: what GET /user answers and who new comments are by.
   * `userForbidden` makes GET /user answer 403, as it does for GITHUB_TOKEN.
   */
  actor: FakeUser;
  userForbidden: boolean;
  /** 403 "Resource not accessible by integration" on writes (a fork PR's token), or on every call. */
  forbid: 'none' | 'writes' | 'all';
  /** 404 on every /repos path: a repository the token cannot see. */
  hidden: boolean;
  /** Comments on `${owner}/${repo}#${number}`, oldest first. */
  comments(owner: string, repo: string, issue: number): FakeComment[];
  seed(owner: string, repo: string, issue: number, items: { body: string; user: FakeUser }[]): FakeComment[];
  /** Comments on commit `sha` of `${owner}/${repo}`, oldest first. */
  commitComments(owner: string, repo: string, sha: string): FakeComment[];
  /** The retry-after (seconds) a secondary rate limit answers with; '0' by default, null for none. */
  retryAfter: string | null;
  /**
   * The next `count` requests (with this method, when given) fail with this
   * status: 502 by default; 'secondary' is a 403 secondary rate limit (with
   * `retryAfter`), 'quota' a 403 with the hourly quota spent until an hour
   * from now, 'reset' a dropped connection.
   */
  failNext(count: number, kind?: FailureKind, method?: string): void;
  /** Label events of `${owner}/${repo}#${number}`, oldest first (GET .../issues/{n}/events). */
  labelEvents: Map<string, Array<{ event: 'labeled' | 'unlabeled'; label: { name: string }; actor: { login: string }; created_at: string }>>;
  /** Repository permission by login (GET .../collaborators/{login}/permission); absent: read. */
  permissions: Map<string, 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'>;
  /** A status the permission lookup of a login answers with instead (502, 403, ...), every time it is asked. */
  permissionFailures: Map<string, number>;
  /** The pull requests a commit belongs to (GET .../commits/{sha}/pulls), keyed `${owner}/${repo}@${sha}`. */
  commitPulls: Map<string, Array<{ number: number; merged_at: string | null }>>;
  /** Check runs created (POST .../check-runs), with their owner and repo. */
  checkRuns: Array<{ owner: string; repo: string; body: Record<string, unknown> }>;
  /** 403 on POST .../check-runs: a token without checks: write. */
  checksForbidden: boolean;
  close(): Promise<void>;
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const issues = new Map<string, FakeComment[]>();
  const onCommits = new Map<string, FakeComment[]>();
  let nextId = 1000;
  const failures: { kind: FailureKind; method: string | undefined }[] = [];
  const list = (o: string, r: string, n: number): FakeComment[] => {
    const key = `${o}/${r}#${n}`;
    let l = issues.get(key);
    if (!l) issues.set(key, (l = []));
    return l;
  };
  const byId = (id: number): FakeComment | undefined => {
    for (const l of issues.values()) {
      const c = l.find((x) => x.id === id);
      if (c) return c;
    }
    return undefined;
  };
  const now = (): string => new Date().toISOString();
  const make = (o: string, r: string, n: number, body: string, user: FakeUser): FakeComment => {
    const id = nextId++;
    const c = { id, body, user, html_url: `https://github.example/${o}/${r}/pull/${n}#issuecomment-${id}`, created_at: now(), updated_at: now() };
    list(o, r, n).push(c);
    return c;
  };

  const state: Omit<FakeGitHub, 'url' | 'close'> = {
    pulls: new Map(),
    requests: [],
    actor: ACTIONS_BOT,
    userForbidden: true,
    forbid: 'none',
    hidden: false,
    retryAfter: '0',
    comments: list,
    commitComments: (o, r, sha) => onCommits.get(`${o}/${r}@${sha}`) ?? [],
    seed: (o, r, n, items) => items.map((i) => make(o, r, n, i.body, i.user)),
    failNext: (count, kind = 502, method) => {
      for (let i = 0; i < count; i++) failures.push({ kind, method });
    },
    labelEvents: new Map(),
    permissions: new Map(),
    permissionFailures: new Map(),
    commitPulls: new Map(),
    checkRuns: [],
    checksForbidden: false,
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', base);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const method = req.method ?? 'GET';
      state.requests.push({ method, path: u.pathname, query: u.searchParams, authorization: req.headers.authorization, body });
      const send = (status: number, data: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(data));
      };

      const at = failures.findIndex((f) => f.method === undefined || f.method === method);
      const failure = at < 0 ? undefined : failures.splice(at, 1)[0]?.kind;
      if (failure === 'secondary') {
        send(403, { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }, state.retryAfter === null ? {} : { 'retry-after': state.retryAfter });
        return;
      }
      if (failure === 'quota') {
        const reset = String(Math.ceil(Date.now() / 1000) + 3600);
        send(403, { message: 'API rate limit exceeded for installation ID 1.' }, { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset });
        return;
      }
      if (failure === 'reset') {
        req.socket.destroy();
        return;
      }
      if (failure !== undefined) {
        res.writeHead(failure, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
        return;
      }
      const forbidden = { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' };
      if (state.hidden && u.pathname.startsWith('/repos/')) return send(404, { message: 'Not Found' });
      if (state.forbid === 'all' || (state.forbid === 'writes' && method !== 'GET')) return send(403, forbidden);

      if (method === 'GET' && u.pathname === '/user') {
        return state.userForbidden ? send(403, forbidden) : send(200, { login: state.actor.login, type: state.actor.type, id: 1 });
      }
      let m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(u.pathname);
      if (m) {
        const [o = '', r = '', n = '0'] = m.slice(1);
        const l = list(o, r, Number(n));
        if (method === 'GET') {
          const perPage = Math.min(100, Number(u.searchParams.get('per_page') ?? 30));
          const page = Number(u.searchParams.get('page') ?? 1);
          const last = Math.max(1, Math.ceil(l.length / perPage));
          const link = (p: number, rel: string): string => `<${base}${u.pathname}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
          const links = [page < last ? link(page + 1, 'next') : null, page < last ? link(last, 'last') : null, page > 1 ? link(1, 'first') : null].filter(Boolean);
          return send(200, l.slice((page - 1) * perPage, page * perPage), links.length ? { link: links.join(', ') } : {});
        }
        if (method === 'POST') {
          const text = (body as { body?: unknown } | null)?.body;
          if (typeof text !== 'string') return send(422, { message: 'Validation Failed' });
          if (text.length > 65536) return send(422, { message: 'Validation Failed', errors: [{ message: 'body is too long (maximum is 65536 characters)' }] });
          return send(201, make(o, r, Number(n), text, state.actor));
        }
      }
      m = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([0-9a-f]{40,64})\/comments$/.exec(u.pathname);
      if (m && method === 'POST') {
        const text = (body as { body?: unknown } | null)?.body;
        if (typeof text !== 'string' || text.length > 65536) return send(422, { message: 'Validation Failed' });
        const key = `${m[1]}/${m[2]}@${m[3]}`;
        const id = nextId++;
        const c = { id, body: text, user: state.actor, html_url: `https://github.example/${m[1]}/${m[2]}/commit/${m[3]}#commitcomment-${id}`, created_at: now(), updated_at: now() };
        onCommits.set(key, [...(onCommits.get(key) ?? []), c]);
        return send(201, c);
      }
      m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/events$/.exec(u.pathname);
      if (m && method === 'GET') return send(200, state.labelEvents.get(`${m[1]}/${m[2]}#${m[3]}`) ?? []);
      m = /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)\/permission$/.exec(u.pathname);
      const failed = m ? state.permissionFailures.get(decodeURIComponent(m[3]!)) : undefined;
      if (m && method === 'GET' && failed !== undefined) return send(failed, { message: `failed with ${failed}` });
      if (m && method === 'GET') return send(200, { permission: state.permissions.get(decodeURIComponent(m[3]!)) ?? 'read', user: { login: decodeURIComponent(m[3]!) } });
      m = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([0-9a-f]{40,64})\/pulls$/.exec(u.pathname);
      if (m && method === 'GET') return send(200, state.commitPulls.get(`${m[1]}/${m[2]}@${m[3]}`) ?? []);
      m = /^\/repos\/([^/]+)\/([^/]+)\/check-runs$/.exec(u.pathname);
      if (m && method === 'POST') {
        if (state.checksForbidden) return send(403, forbidden);
        // GitHub counts a check run's output in bytes, and refuses the whole check run past a bound.
        const output = (body as { output?: Record<string, unknown> } | null)?.output ?? {};
        for (const [field, most] of [
          ['summary', 65_535],
          ['text', 65_535],
          ['title', 255],
        ] as const) {
          const v = output[field];
          if (typeof v === 'string' && Buffer.byteLength(v) > most) return send(422, { message: `Invalid request.\n\nOnly ${most} characters are allowed; ${Buffer.byteLength(v)} were supplied.` });
        }
        state.checkRuns.push({ owner: m[1]!, repo: m[2]!, body: body as Record<string, unknown> });
        return send(201, { id: state.checkRuns.length, html_url: `https://github.example/${m[1]}/${m[2]}/runs/${state.checkRuns.length}` });
      }
      m = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(u.pathname);
      if (m && method === 'GET') {
        const pr = state.pulls.get(`${m[1]}/${m[2]}#${m[3]}`);
        return pr ? send(200, pr) : send(404, { message: 'Not Found' });
      }
      m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(u.pathname);
      if (m && method === 'PATCH') {
        const c = byId(Number(m[3]));
        if (!c) return send(404, { message: 'Not Found' });
        if (c.user.login !== state.actor.login) return send(403, { message: 'You cannot edit this comment' });
        const text = (body as { body?: unknown } | null)?.body;
        if (typeof text !== 'string' || text.length > 65536) return send(422, { message: 'Validation Failed' });
        c.body = text;
        c.updated_at = now();
        return send(200, c);
      }
      send(404, { message: 'Not Found' });
    });
  });
  const { url: base, close } = await listenLoopback(server);
  return Object.assign(state, { url: base, close });
}
