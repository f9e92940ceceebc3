import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MAX_RESULT_BYTES,
  ResultFileError,
  parseResult
} from "./chunk-54LALYOF.js";
import {
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE
} from "./chunk-XS6I4BEK.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";

// src/history/git.ts
import { execFile, spawn } from "node:child_process";

// src/errors/history-error.ts
var HistoryError = class extends UserError {
  name = "HistoryError";
};

// src/history/git.ts
var BOT_NAME = "github-actions[bot]";
var BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com";
var TIMEOUT_MS = 3e5;
var spawned = 0;
var Git = class {
  constructor(repoDir, remote, token) {
    this.repoDir = repoDir;
    this.remote = remote;
    this.token = token;
    this.secrets = token ? [token, basicAuth(token)] : [];
    this.baseEnv = {
      ...process.env,
      GIT_TERMINAL_PROMPT: "0",
      // a missing credential must fail, not wait for a prompt nobody sees
      GCM_INTERACTIVE: "never",
      LC_ALL: "C",
      GIT_AUTHOR_NAME: BOT_NAME,
      GIT_AUTHOR_EMAIL: BOT_EMAIL,
      GIT_COMMITTER_NAME: BOT_NAME,
      GIT_COMMITTER_EMAIL: BOT_EMAIL
    };
  }
  repoDir;
  remote;
  token;
  secrets;
  baseEnv;
  version = null;
  auth = null;
  /** Runs git; rejects with a HistoryError naming `what` unless the exit code is in `ok`. */
  async run(what, args, opts = {}) {
    let env = this.baseEnv;
    let pre = [];
    if (opts.network && this.token) {
      const config = await (this.auth ??= this.authConfig());
      const [major, minor] = await this.gitVersion();
      if (major > 2 || major === 2 && minor >= 31) env = withConfigEnv(env, config);
      else pre = config.flatMap(([k, v]) => ["-c", `${k}=${v}`]);
    }
    const r = await exec([...pre, ...args], this.repoDir, env, opts.input);
    if (r.code === 0 || opts.ok?.includes(r.code)) return r;
    throw new HistoryError(`history: ${what} failed: ${this.describe(args, r)}`);
  }
  /**
   * A long-lived git process (`cat-file --batch`) its caller talks to over
   * stdin and stdout: plumbing that needs no network, so no auth.
   */
  spawn(args) {
    spawned++;
    return spawn("git", args, { cwd: this.repoDir, env: this.baseEnv, stdio: ["pipe", "pipe", "pipe"] });
  }
  /** A failed command for a message: redacted, with the end of its stderr. */
  describe(args, r) {
    const stderr = r.stderr.trim().split("\n").slice(-6).join(" | ");
    return this.redact(`git ${args.join(" ")} exited with code ${r.code}${stderr ? `: ${stderr}` : ""}`);
  }
  redact(text) {
    let out = text.replace(/(\/\/)[^/@\s]+@/g, "$1***@");
    for (const s of this.secrets) out = out.split(s).join("***");
    return out;
  }
  gitVersion() {
    return this.version ??= exec(["version"], this.repoDir, this.baseEnv).then((r) => {
      const m = /(\d+)\.(\d+)/.exec(r.stdout);
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    });
  }
  /**
   * actions/checkout persists its own header as http.<server>/.extraheader. Git
   * sends every matching header, and two Authorization headers are rejected, so
   * ours is keyed on the full remote URL (the most specific match wins) and an
   * empty value first clears whatever was inherited.
   */
  async authConfig() {
    const urls = /* @__PURE__ */ new Set();
    for (const args of [
      ["remote", "get-url", this.remote],
      ["remote", "get-url", "--push", this.remote]
    ]) {
      const r = await exec(args, this.repoDir, this.baseEnv);
      urls.add(r.code === 0 ? r.stdout.trim() : this.remote);
    }
    return [...urls].filter((url) => /^https?:\/\//i.test(url)).flatMap((url) => [
      [`http.${url}.extraheader`, ""],
      [`http.${url}.extraheader`, `AUTHORIZATION: basic ${basicAuth(this.token ?? "")}`]
    ]);
  }
};
function basicAuth(token) {
  return Buffer.from(`x-access-token:${token}`).toString("base64");
}
function withConfigEnv(env, config) {
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
function exec(args, cwd, env, input) {
  spawned++;
  return new Promise((resolve2, reject) => {
    const child = execFile("git", args, { cwd, env, timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" }, (err, stdout, stderr) => {
      if (err && typeof err.code !== "number") {
        const why = err.killed ? `no answer after ${TIMEOUT_MS / 1e3} s` : err.signal ? `killed by ${err.signal}` : String(err.code ?? "failed");
        reject(new HistoryError(`history: cannot run git ${args.find((a) => !a.startsWith("-") && !a.includes("=")) ?? ""} in ${cwd}: ${why}`));
        return;
      }
      resolve2({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
    if (input !== void 0) child.stdin?.end(input);
  });
}

// src/history/layout.ts
var INDEX_FILE = "index.json";
var RESULTS_DIR = "results";
var COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isCommitId(s) {
  return COMMIT.test(s);
}
function resultFile(commit) {
  return `${RESULTS_DIR}/${commit}.json`;
}
function commitOfResultName(name) {
  const m = /^([0-9a-f]+)\.json$/.exec(name);
  return m?.[1] !== void 0 && isCommitId(m[1]) ? m[1] : null;
}
function parseIndex(text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(raw)) return null;
  const out = [];
  for (const e of raw) {
    if (typeof e !== "object" || e === null) continue;
    const r = e;
    if (typeof r.commit !== "string" || !isCommitId(r.commit)) continue;
    const headline = {};
    if (typeof r.headline === "object" && r.headline !== null) {
      for (const [k, v] of Object.entries(r.headline)) {
        if (v === null || typeof v === "number" && Number.isFinite(v)) headline[k] = v;
      }
    }
    out.push({
      commit: r.commit,
      ref: typeof r.ref === "string" ? r.ref : null,
      stored_at: typeof r.stored_at === "string" ? r.stored_at : "",
      file: resultFile(r.commit),
      headline
    });
  }
  return out;
}
function addEntry(index, entry, retention) {
  const rest = index.filter((e) => e.commit !== entry.commit);
  const all = [entry, ...rest];
  return { index: all.slice(0, retention), pruned: all.slice(retention).map((e) => e.commit) };
}
function renderIndex(index) {
  if (index.length === 0) return "[]\n";
  return `[
${index.map((e) => `  ${JSON.stringify(e)}`).join(",\n")}
]
`;
}
function refOfResult(resultJson) {
  try {
    const ref = JSON.parse(resultJson).git?.ref;
    return typeof ref === "string" ? ref : null;
  } catch {
    return null;
  }
}

// src/history/store.ts
import { setTimeout as sleep } from "node:timers/promises";

// src/history/ancestry.ts
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
var DEEPEN_ROUNDS = 3;
async function firstParentAncestors(git, fetchFlags, base, maxWalk) {
  const shallow = (await git.run("checking for a shallow checkout", ["rev-parse", "--is-shallow-repository"])).stdout.trim() === "true";
  const deepen = async () => {
    const args = ["fetch", ...fetchFlags, ...shallow ? [`--deepen=${maxWalk}`] : [], git.remote, base];
    return (await git.run(`fetching the ancestry of ${base}`, args, { ok: [1, 128], network: true })).code === 0;
  };
  if (!await present(git, base) && !(await deepen() && await present(git, base))) return [];
  let list = [];
  for (let round = 0; ; round++) {
    const r = await git.run(`walking the ancestry of ${base}`, ["rev-list", "--first-parent", `--max-count=${maxWalk}`, base]);
    const next = r.stdout.split("\n").filter(Boolean);
    if (next.length >= maxWalk || !shallow || next.length <= list.length) return next;
    list = next;
    const last = list[list.length - 1];
    if (last === void 0 || !(await shallowBoundary(git)).has(last)) return list;
    if (round >= DEEPEN_ROUNDS || !await deepen()) return list;
  }
}
async function present(git, commit) {
  return (await git.run("looking up a commit", ["cat-file", "-e", `${commit}^{commit}`], { ok: [1, 128] })).code === 0;
}
async function shallowBoundary(git) {
  const path = (await git.run("locating the shallow file", ["rev-parse", "--git-path", "shallow"])).stdout.trim();
  try {
    return new Set((await readFile(resolve(git.repoDir, path), "utf8")).split("\n").filter(Boolean));
  } catch {
    return /* @__PURE__ */ new Set();
  }
}

// src/history/batch.ts
var IDLE_MS = 3e5;
var MAX_HEADER = 1024;
var BlobBatch = class {
  constructor(git, what) {
    this.git = git;
    this.what = what;
  }
  git;
  what;
  child = null;
  pending = [];
  failure = null;
  closed = false;
  stderr = "";
  timer = null;
  // The answer being parsed.
  state = "header";
  header = [];
  headerBytes = 0;
  body = null;
  filled = 0;
  remaining = 0;
  answer = null;
  /** The object `name` (an object id, or `<tree-ish>:<path>`) if it is a blob of at most `limit` bytes. */
  read(name, limit) {
    if (/[\n\r]/.test(name) || name === "") return Promise.reject(new HistoryError(`history: '${name}' cannot be asked of git cat-file`));
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new HistoryError(`history: ${this.what}: asked after the reading ended`));
    const child = this.start();
    return new Promise((resolve2, reject) => {
      this.pending.push({ name, limit, resolve: resolve2, reject });
      this.arm();
      child.stdin.write(`${name}
`);
    });
  }
  /** Ends the process: it exits once it has answered what was asked. */
  close() {
    this.closed = true;
    if (this.child === null) return;
    this.child.stdin.end();
    if (this.pending.length === 0) this.disarm();
  }
  start() {
    if (this.child !== null) return this.child;
    const child = this.git.spawn(["cat-file", "--batch"]);
    this.child = child;
    child.stdout.on("data", (chunk) => this.onData(chunk));
    child.stderr.on("data", (chunk) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-2e3);
    });
    child.stdin.on("error", () => {
    });
    child.on("error", (err) => this.fail(`cannot run git cat-file: ${err.message}`));
    child.on("close", (code, signal) => {
      this.disarm();
      if (this.pending.length > 0 || this.state !== "header") {
        const tail = this.git.redact(this.stderr.trim().split("\n").slice(-3).join(" | "));
        this.fail(`git cat-file --batch ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before it answered${tail ? `: ${tail}` : ""}`);
      }
    });
    return child;
  }
  arm() {
    this.disarm();
    this.timer = setTimeout(() => {
      this.fail(`no answer from git cat-file after ${IDLE_MS / 1e3} s`);
      this.child?.kill();
    }, IDLE_MS);
  }
  disarm() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
  fail(why) {
    if (this.failure === null) this.failure = new HistoryError(`history: ${this.what} failed: ${why}`);
    this.disarm();
    for (const p of this.pending.splice(0)) p.reject(this.failure);
    if (this.child !== null && this.child.exitCode === null) this.child.kill();
  }
  onData(chunk) {
    if (this.failure !== null) return;
    if (this.pending.length > 0) this.arm();
    let off = 0;
    while (off < chunk.length) {
      if (this.state === "header") {
        const nl = chunk.indexOf(10, off);
        const end = nl < 0 ? chunk.length : nl;
        this.header.push(chunk.subarray(off, end));
        this.headerBytes += end - off;
        if (this.headerBytes > MAX_HEADER) return this.fail("an answer git cat-file gave is not one it gives");
        if (nl < 0) return;
        off = nl + 1;
        const line = Buffer.concat(this.header).toString("utf8");
        this.header = [];
        this.headerBytes = 0;
        if (!this.onHeader(line)) return;
      } else if (this.state === "body") {
        const n = Math.min(this.remaining, chunk.length - off);
        if (this.body !== null) chunk.copy(this.body, this.filled, off, off + n);
        this.filled += n;
        this.remaining -= n;
        off += n;
        if (this.remaining === 0) this.state = "lf";
      } else {
        if (chunk[off] !== 10) return this.fail("an answer of git cat-file does not end where its size says");
        off++;
        this.state = "header";
        const answer = this.answer;
        this.answer = null;
        this.body = null;
        this.settle(answer);
      }
    }
  }
  /** False when the line is not an answer (the batch has then failed). */
  onHeader(line) {
    const asked = this.pending[0];
    if (asked === void 0) {
      this.fail(`git cat-file answered what was not asked: ${JSON.stringify(line.slice(0, 100))}`);
      return false;
    }
    if (line === `${asked.name} missing` || line === `${asked.name} ambiguous`) {
      this.settle({ kind: "missing" });
      return true;
    }
    const m = /^[0-9a-f]{40,64} (\S+) (\d+)$/.exec(line);
    if (m === null) {
      this.fail(`git cat-file answered ${JSON.stringify(line.slice(0, 100))} for ${asked.name}`);
      return false;
    }
    const type = m[1];
    const size = Number(m[2]);
    this.remaining = size;
    this.filled = 0;
    if (type !== "blob") this.answer = { kind: "not-blob", type };
    else if (size > asked.limit) this.answer = { kind: "too-large", size };
    else {
      this.body = Buffer.allocUnsafe(size);
      this.answer = { kind: "blob", data: this.body };
    }
    this.state = size === 0 ? "lf" : "body";
    return true;
  }
  settle(answer) {
    const p = this.pending.shift();
    if (this.pending.length === 0) this.disarm();
    p.resolve(answer);
  }
};
var AHEAD_COUNT = 64;
var AHEAD_BYTES = 16 * 1024 * 1024;
var MAX_RESTARTS = 3;
async function* readBlobs(git, what, wanted, limit) {
  let batch = new BlobBatch(git, what);
  let restarts = 0;
  let dead = null;
  let ahead = [];
  let bytes = 0;
  let next = 0;
  const ask = (item) => {
    const answer = item.size !== null && item.size > limit ? Promise.resolve({ kind: "too-large", size: item.size }) : batch.read(item.name, limit);
    answer.catch(() => {
    });
    return answer;
  };
  try {
    while (next < wanted.length || ahead.length > 0) {
      while (next < wanted.length && ahead.length < AHEAD_COUNT) {
        const item = wanted[next];
        const cost = item.size !== null && item.size > limit ? 0 : Math.min(item.size ?? limit, limit);
        if (ahead.length > 0 && bytes + cost > AHEAD_BYTES) break;
        ahead.push({ item, bytes: cost, answer: ask(item) });
        bytes += cost;
        next++;
      }
      const head = ahead.shift();
      bytes -= head.bytes;
      if (dead !== null) {
        yield [head.item, { kind: "failed", why: dead }];
        continue;
      }
      let answer;
      try {
        answer = await head.answer;
      } catch (err) {
        if (!(err instanceof HistoryError)) throw err;
        yield [head.item, { kind: "failed", why: err.message }];
        batch.close();
        if (++restarts > MAX_RESTARTS) dead = err.message;
        else {
          batch = new BlobBatch(git, what);
          ahead = ahead.map((a) => ({ ...a, answer: ask(a.item) }));
        }
        continue;
      }
      yield [head.item, answer];
    }
  } finally {
    batch.close();
  }
}

// src/history/branch.ts
var HistoryBranch = class {
  constructor(git, branch) {
    this.git = git;
    this.branch = branch;
    this.privateRef = `refs/llm-perf/${git.remote.replace(/[^A-Za-z0-9._-]/g, "_")}/${branch}`;
  }
  git;
  branch;
  /** Outside refs/heads and refs/remotes: no branch list, `git log --all` aside, shows it. */
  privateRef;
  /** Brings the branch's tip into the private ref; null when the remote has no such branch. */
  async fetchTip() {
    const ls = await this.git.run(`looking for branch '${this.branch}' on ${this.git.remote}`, ["ls-remote", "--exit-code", this.git.remote, `refs/heads/${this.branch}`], { ok: [2], network: true });
    const line = ls.stdout.split("\n").find((l) => l.endsWith(`	refs/heads/${this.branch}`));
    const tip = line?.split("	")[0] ?? null;
    if (ls.code === 2 || tip === null) {
      await this.git.run("dropping a stale private ref", ["update-ref", "-d", this.privateRef]);
      return null;
    }
    const have = await this.git.run("reading the private ref", ["rev-parse", "--verify", "-q", this.privateRef], { ok: [1] });
    if (have.stdout.trim() !== tip) {
      await this.git.run(`fetching branch '${this.branch}' from ${this.git.remote}`, ["fetch", ...await this.quietFetch(), this.git.remote, `+refs/heads/${this.branch}:${this.privateRef}`], {
        network: true
      });
    }
    return tip;
  }
  /** Flags every fetch gets: nothing beyond the named refs, and FETCH_HEAD left alone where git allows it. */
  async quietFetch() {
    const [major, minor] = await this.git.gitVersion();
    const noFetchHead = major > 2 || major === 2 && minor >= 29 ? ["--no-write-fetch-head"] : [];
    return ["--no-tags", "--no-recurse-submodules", "--quiet", "--refmap=", ...noFetchHead];
  }
  /** A file's text; null when there is no such file, or it is larger than `limit` bytes (its content is then never held). */
  async readBlob(tip, path, limit = MAX_RESULT_BYTES) {
    const batch = new BlobBatch(this.git, `reading ${path} from '${this.branch}'`);
    try {
      const a = await batch.read(`${tip}:${path}`, limit);
      return a.kind === "blob" ? a.data.toString("utf8") : null;
    } finally {
      batch.close();
    }
  }
  /** The commits that have a result file on the branch. */
  async storedCommits(tip) {
    return new Set((await this.resultFiles(tip)).keys());
  }
  /** The result files on the branch with their blobs and sizes, by commit: one `ls-tree`, no file read. */
  async resultFiles(tip) {
    const out = /* @__PURE__ */ new Map();
    for (const e of await this.lsTree(`${tip}:${RESULTS_DIR}`, true, true)) {
      const c = commitOfResultName(e.name);
      if (c) out.set(c, { commit: c, path: `${RESULTS_DIR}/${e.name}`, sha: e.sha, size: e.size ?? null });
    }
    return out;
  }
  /**
   * index.json reconciled with the files: entries without a file are dropped, and
   * files the index lost (a hand edit, a corrupt index) come back as oldest entries,
   * so retention still reaches them. `files`: resultFiles(tip), when the caller has it.
   */
  async index(tip, files) {
    const stored = files ?? await this.resultFiles(tip);
    const text = await this.readBlob(tip, INDEX_FILE).catch((err) => {
      if (err instanceof HistoryError) return null;
      throw err;
    });
    const parsed = (text === null ? null : parseIndex(text)) ?? [];
    const listed = parsed.filter((e) => stored.has(e.commit));
    const seen = new Set(listed.map((e) => e.commit));
    const strays = [...stored.keys()].filter((c) => !seen.has(c)).sort();
    return [...listed, ...strays.map((commit) => ({ commit, ref: null, stored_at: "", file: `${RESULTS_DIR}/${commit}.json`, headline: {} }))];
  }
  /** A new commit on top of `tip` (an orphan when null) with the given files written and removed. */
  async commit(tip, write, removeResults, message) {
    const root = tip ? await this.lsTree(tip) : [];
    const resultsTree = root.find((e) => e.name === RESULTS_DIR && e.type === "tree");
    const results = /* @__PURE__ */ new Map();
    if (resultsTree) for (const e of await this.lsTree(resultsTree.sha)) results.set(e.name, e);
    const top = new Map(root.filter((e) => e.name !== RESULTS_DIR).map((e) => [e.name, e]));
    for (const name of removeResults) results.delete(name);
    for (const [path, content] of write) {
      const sha = (await this.git.run(`storing ${path}`, ["hash-object", "-w", "--stdin"], { input: content })).stdout.trim();
      const entry = { mode: "100644", type: "blob", sha, name: path.slice(path.lastIndexOf("/") + 1) };
      if (path.startsWith(`${RESULTS_DIR}/`)) results.set(entry.name, entry);
      else if (path === INDEX_FILE) top.set(entry.name, entry);
      else throw new HistoryError(`history: refusing to write ${path} on the branch`);
    }
    if (results.size > 0) {
      const sha = await this.mktree([...results.values()]);
      top.set(RESULTS_DIR, { mode: "040000", type: "tree", sha, name: RESULTS_DIR });
    }
    const tree = await this.mktree([...top.values()]);
    const parent = tip ? ["-p", tip] : [];
    const r = await this.git.run("creating the history commit", ["commit-tree", "--no-gpg-sign", tree, ...parent, "-m", message]);
    return r.stdout.trim();
  }
  /** 'rejected' when someone else moved the branch first (retry on the new tip); throws on anything else. A lease allows a non-fast-forward from that tip only. */
  async push(sha, lease) {
    const url = await this.git.run("reading the push URL", ["remote", "get-url", "--push", this.git.remote], { ok: [2, 128] });
    const target = url.code === 0 ? url.stdout.trim() : this.git.remote;
    const force = lease === void 0 ? [] : [`--force-with-lease=refs/heads/${this.branch}:${lease}`];
    const args = ["push", "--porcelain", "--no-verify", "--no-follow-tags", "--recurse-submodules=no", ...force, target, `${sha}:refs/heads/${this.branch}`];
    const r = await this.git.run(`pushing to '${this.branch}'`, args, { ok: [1, 128], network: true });
    if (r.code === 0) {
      await this.git.run("moving the private ref", ["update-ref", this.privateRef, sha]);
      return "pushed";
    }
    const status = r.stdout.split("\n").find((l) => l.startsWith("!	"));
    const summary = status?.split("	")[2] ?? "";
    if (/^\[rejected\]/.test(summary) || /^\[remote rejected\].*(lock|incorrect old value|failed to update ref|stale)/i.test(summary)) return "rejected";
    throw new HistoryError(`history: pushing to '${this.branch}' failed${summary ? ` (${this.git.redact(summary)})` : ""}: ${this.git.describe(args, r)}`);
  }
  /** Entries of a tree; [] when `missingOk` and the tree does not exist. `long`: with each blob's size. */
  async lsTree(treeish, missingOk = false, long = false) {
    const r = await this.git.run("listing the history tree", ["ls-tree", "-z", ...long ? ["-l"] : [], treeish], { ok: missingOk ? [128] : [] });
    if (r.code !== 0) return [];
    return r.stdout.split("\0").filter(Boolean).map((line) => {
      const tab = line.indexOf("	");
      const [mode = "", type = "", sha = "", size] = line.slice(0, tab).split(/ +/);
      const entry = { mode, type, sha, name: line.slice(tab + 1) };
      return long ? { ...entry, size: size !== void 0 && /^\d+$/.test(size) ? Number(size) : null } : entry;
    });
  }
  async mktree(entries) {
    const input = entries.map((e) => `${e.mode} ${e.type} ${e.sha}	${e.name}\0`).join("");
    return (await this.git.run("writing a history tree", ["mktree", "-z"], { input })).stdout.trim();
  }
};

// src/history/store.ts
var MAX_PUSH_ATTEMPTS = 30;
var PUSH_WAIT_MAX_MS = 2e3;
function pushWaitMs(attempt) {
  return Math.round(Math.min(PUSH_WAIT_MAX_MS, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random()));
}
var DEFAULT_MAX_WALK = 200;
async function saveResult(opts, commit, resultJson, headline) {
  return saveResultWithHooks(opts, commit, resultJson, headline, {});
}
async function saveResultWithHooks(opts, commit, resultJson, headline, hooks) {
  const branch = await openBranch(opts);
  checkCommit(commit);
  if (!Number.isInteger(opts.retention) || opts.retention < 1) throw new HistoryError(`history: retention must be an integer >= 1, got ${opts.retention}`);
  try {
    JSON.parse(resultJson);
  } catch (err) {
    throw new HistoryError(`history: the result for ${commit} is not JSON`, { cause: err });
  }
  const maxAttempts = opts.maxPushAttempts ?? MAX_PUSH_ATTEMPTS;
  const entry = { commit, ref: refOfResult(resultJson), stored_at: (/* @__PURE__ */ new Date()).toISOString(), file: resultFile(commit), headline };
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const tip = await branch.fetchTip();
    const { index, pruned } = addEntry(tip ? await branch.index(tip) : [], entry, opts.retention);
    const write = /* @__PURE__ */ new Map([
      [resultFile(commit), resultJson],
      [INDEX_FILE, renderIndex(index)]
    ]);
    const message = `llm-perf-gate: result for ${commit.slice(0, 12)}${pruned.length ? `

Pruned ${pruned.length} older result(s) beyond the retention of ${opts.retention}.` : ""}
`;
    const sha = await branch.commit(tip, write, new Set(pruned.map((c) => `${c}.json`)), message);
    await hooks.beforePush?.(attempt);
    if (await branch.push(sha) === "pushed") return { attempts: attempt, pruned };
    if (attempt < maxAttempts) await sleep(pushWaitMs(attempt));
  }
  throw new HistoryError(`history: gave up pushing to '${branch.branch}' after ${maxAttempts} attempts: other jobs kept updating it first`);
}
async function* readStored(branch, stored, walk) {
  const wanted = [];
  for (const c of walk) {
    const f = stored.get(c);
    if (f !== void 0) wanted.push({ ...f, name: f.sha });
  }
  for await (const [f, a] of readBlobs(branch.git, `reading stored results from '${branch.branch}'`, wanted, MAX_RESULT_BYTES)) {
    if (a.kind === "blob") yield { commit: f.commit, json: a.data.toString("utf8") };
    else if (a.kind === "too-large") yield { commit: f.commit, json: { why: tooLarge(a.size) } };
    else if (a.kind === "failed") yield { commit: f.commit, json: { why: a.why } };
    else yield { commit: f.commit, json: { why: `${f.path} is listed on '${branch.branch}' but cannot be read` } };
  }
}
function tooLarge(size) {
  return `${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`;
}
async function findBaselines(opts, baseCommit, want, accept, maxWalk = DEFAULT_MAX_WALK) {
  if (!(Number.isInteger(want) && want >= 1)) throw new RangeError(`findBaselines: want must be a positive integer, got ${want}`);
  const branch = await openBranch(opts);
  checkCommit(baseCommit);
  const tip = await branch.fetchTip();
  if (tip === null) return { found: [], skipped: 0, unreadable: [] };
  const stored = await branch.resultFiles(tip);
  if (stored.size === 0) return { found: [], skipped: 0, unreadable: [] };
  const ancestry = await firstParentAncestors(branch.git, await branch.quietFetch(), baseCommit, maxWalk);
  const walk = ancestry.length > 0 ? ancestry : [baseCommit];
  const found = [];
  const unreadable = [];
  let skipped = 0;
  for await (const { commit, json } of readStored(branch, stored, walk)) {
    if (found.length >= want) break;
    if (typeof json !== "string") {
      unreadable.push({ commit, why: json.why });
      continue;
    }
    let value;
    try {
      value = accept(json, commit);
    } catch (err) {
      unreadable.push({ commit, why: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (value === null) skipped++;
    else found.push({ commit, exact: commit === baseCommit, value });
  }
  return { found, skipped, unreadable };
}
async function openBranch(opts) {
  const git = new Git(opts.repoDir, opts.remote || DEFAULT_REMOTE, opts.token ?? null);
  const name = opts.branch || DEFAULT_HISTORY_BRANCH;
  const ok = await git.run("checking the branch name", ["check-ref-format", `refs/heads/${name}`], { ok: [1] });
  if (ok.code !== 0 || name.startsWith("-")) throw new HistoryError(`history: '${name}' is not a valid branch name`);
  return new HistoryBranch(git, name);
}
function checkCommit(commit) {
  if (!isCommitId(commit)) throw new HistoryError(`history: expected a full commit id (40 or 64 lowercase hex digits), got '${commit}'`);
}

// src/history/reader.ts
import { readdir, readFile as readFile2, stat } from "node:fs/promises";
import { join } from "node:path";
var DEFAULT_ORDER_COMMITS = 1e3;
function tryParse(text, where, unreadable) {
  try {
    return parseResult(text, where);
  } catch (err) {
    if (!(err instanceof ResultFileError)) throw err;
    unreadable.push(err.message);
    return null;
  }
}
async function readBranchHistory(opts, order) {
  const branch = await openBranch(opts);
  const tip = await branch.fetchTip();
  if (tip === null) return { results: [], skipped: [], unreadable: [] };
  const [line, files] = await Promise.all([order.repoDir === null ? null : firstParentLine(order), branch.resultFiles(tip)]);
  const retained = retainedCommits(await branch.index(tip, files), opts.readLimit ?? null);
  const onLine = line === null ? null : new Set(line.map((c) => c.commit));
  const needed = onLine === null ? retained.slice(0, order.maxCommits) : retained.filter((c) => onLine.has(c));
  const unreadable = [];
  const loaded = [];
  const wanted = needed.map((c) => ({ ...files.get(c), name: files.get(c).sha }));
  for await (const [f, answer] of readBlobs(branch.git, `reading the results on '${branch.branch}'`, wanted, MAX_RESULT_BYTES)) {
    const where = `${branch.branch}:${f.path}`;
    if (answer.kind !== "blob") {
      if (answer.kind === "too-large") unreadable.push(tooLarge2(where, answer.size));
      else if (answer.kind === "failed") unreadable.push(`${where}: cannot be read: ${answer.why}`);
      else unreadable.push(`${where}: listed but cannot be read${answer.kind === "not-blob" ? ` (a ${answer.type}, not a file)` : ""}`);
      continue;
    }
    const doc = tryParse(answer.data.toString("utf8"), where, unreadable);
    if (doc !== null) loaded.push({ commit: f.commit, doc });
  }
  const placed = placeResults(loaded, line);
  const skipped = onLine === null ? retained.slice(order.maxCommits).sort() : retained.filter((c) => !onLine.has(c)).sort();
  return { results: placed.results, skipped, unreadable };
}
function tooLarge2(where, size) {
  return new ResultFileError(where, `${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`).message;
}
function retainedCommits(index, limit) {
  const seen = /* @__PURE__ */ new Set();
  for (const e of index) {
    if (limit !== null && seen.size >= limit) break;
    seen.add(e.commit);
  }
  return [...seen];
}
async function readText(file, unreadable) {
  try {
    const { size } = await stat(file);
    if (size > MAX_RESULT_BYTES) {
      unreadable.push(tooLarge2(file, size));
      return null;
    }
    return await readFile2(file, "utf8");
  } catch (err) {
    unreadable.push(new ResultFileError(file, `cannot read: ${err.message}`).message);
    return null;
  }
}
async function readFolderHistory(dir, order) {
  const files = [];
  for (const sub of [dir, join(dir, "results")]) {
    let names;
    try {
      names = await readdir(sub);
    } catch (err) {
      if (sub !== dir && err.code === "ENOENT") continue;
      throw new HistoryError(`history: cannot read the folder ${sub}: ${err.message}`, { cause: err });
    }
    for (const n of names.sort()) if (n.endsWith(".json") && n !== "index.json") files.push(join(sub, n));
  }
  const loaded = [];
  const unreadable = [];
  for (const file of files) {
    const text = await readText(file, unreadable);
    if (text === null) continue;
    const doc = tryParse(text, file, unreadable);
    if (doc === null) continue;
    const fromName = /([0-9a-f]{40}|[0-9a-f]{64})\.json$/.exec(file)?.[1] ?? null;
    const commit = doc.git?.commit ?? fromName;
    if (commit === null || !isCommitId(commit)) throw new HistoryError(`history: ${file} names no commit (no git.commit, and the file is not named <commit>.json)`);
    loaded.push({ commit, doc });
  }
  return { ...await orderResults(loaded, order), unreadable };
}
async function orderResults(loaded, order) {
  return placeResults(loaded, order.repoDir === null ? null : await firstParentLine(order));
}
function placeResults(loaded, line) {
  const byCommit = new Map(loaded.map((l) => [l.commit, l]));
  if (line === null) {
    const results2 = [...byCommit.values()].sort((a, b) => a.doc.started_at.localeCompare(b.doc.started_at)).map((l) => ({ commit: l.commit, doc: l.doc, date: l.doc.started_at, subject: null }));
    return { results: results2, skipped: [] };
  }
  const results = [];
  for (const c of line) {
    const l = byCommit.get(c.commit);
    if (l === void 0) continue;
    results.push({ commit: c.commit, doc: l.doc, date: c.date, subject: c.subject });
    byCommit.delete(c.commit);
  }
  return { results: results.reverse(), skipped: [...byCommit.keys()].sort() };
}
async function firstParentLine(order) {
  if (!Number.isInteger(order.maxCommits) || order.maxCommits < 1) throw new HistoryError(`history: maxCommits must be an integer >= 1, got ${order.maxCommits}`);
  if (order.ref.startsWith("-")) throw new HistoryError(`history: '${order.ref}' is not a ref`);
  const git = new Git(order.repoDir, "origin", null);
  const r = await git.run(`listing the commits of ${order.ref}`, ["log", "--first-parent", `--max-count=${order.maxCommits}`, "--format=%H%x1f%cI%x1f%s%x1e", order.ref, "--"], { ok: [128] });
  if (r.code !== 0) return null;
  return r.stdout.split("").map((rec) => rec.replace(/^\n/, "")).filter(Boolean).map((rec) => {
    const [commit = "", date = "", subject = ""] = rec.split("");
    const t = new Date(date);
    return { commit, date: Number.isNaN(t.getTime()) ? date : t.toISOString(), subject };
  });
}
function readHistory(source, order) {
  return source.kind === "folder" ? readFolderHistory(source.dir, order) : readBranchHistory(source.history, order);
}

export {
  HistoryError,
  INDEX_FILE,
  renderIndex,
  Git,
  MAX_PUSH_ATTEMPTS,
  pushWaitMs,
  saveResult,
  findBaselines,
  openBranch,
  DEFAULT_ORDER_COMMITS,
  readBranchHistory,
  readHistory
};
