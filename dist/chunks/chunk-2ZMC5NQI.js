import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  NO_BASELINE_HEADLINE,
  noBaselineYet
} from "./chunk-KHMYBYXE.js";
import {
  cellId,
  measure,
  measureAb,
  startLaunch,
  stopLaunch,
  withServers
} from "./chunk-GK34A3LI.js";
import {
  TERMINAL_STYLE,
  figureWithUnit,
  isDecided,
  judgeRun,
  judgeStored,
  nextStep,
  undecided
} from "./chunk-YS323RDP.js";
import {
  TRACE_LOAD_LABEL
} from "./chunk-SCGBAURB.js";

// src/pipeline/design.ts
function designRun(c) {
  if (c.mode === "report") {
    if (!c.resultPath) throw new Error("report mode needs a result file");
    return { first: { kind: "read", path: c.resultPath }, baseline: baselineSource(c), fallback: "none", confirm: "off", store: { save: false, afterStore: false } };
  }
  const store = { save: c.save === "true" || c.save === "auto" && c.isDefaultBranchPush, afterStore: c.isDefaultBranchPush };
  if (c.baselineServer && c.pairs === "always") {
    return { first: { kind: "pairs" }, baseline: { kind: "pairs" }, fallback: "none", confirm: "off", store };
  }
  return {
    first: { kind: "candidate" },
    baseline: baselineSource(c),
    fallback: c.baselineServer ? "pairs" : "none",
    confirm: !c.confirm ? "off" : c.baselineServer ? "pairs" : "repeat",
    store
  };
}
function baselineSource(c) {
  if (c.baseline.kind === "none") return { kind: "none", why: c.baseline.why };
  if (c.baseline.kind === "file") return { kind: "file", path: c.baseline.path };
  if (c.baselineCommit === null) return { kind: "none", why: "no baseline commit for this event (only pull requests and pushes have one)" };
  return { kind: "stored", commit: c.baselineCommit, runs: c.historyRuns };
}
function describeDesign(d) {
  const first = d.first.kind === "read" ? `judge the result file \`${d.first.path}\`` : d.first.kind === "pairs" ? "measure the candidate and the baseline server in pairs" : "measure the candidate";
  const baseline = d.baseline.kind === "pairs" ? "paired against the baseline server" : d.baseline.kind === "file" ? `against the file \`${d.baseline.path}\`` : d.baseline.kind === "stored" ? `against ${d.baseline.runs === 1 ? "the newest stored result" : `up to ${d.baseline.runs} stored results`} of ${d.baseline.commit.slice(0, 7)} or its ancestors` : "without a baseline";
  const parts = [`run design: ${first}, ${baseline}`];
  if (d.fallback === "pairs") parts.push("pairs against the baseline server if no baseline is found");
  if (d.confirm !== "off") parts.push(`a failure confirmed by ${d.confirm === "pairs" ? "pairs against the baseline server" : "measuring the failing cells again"}`);
  if (d.store.save) parts.push("the result stored in the history");
  return parts.join("; ");
}

// src/pipeline/accept.ts
var COMMAND = /^\/llm-perf-gate[ \t]+(accept|unaccept)(?:[ \t]+(.*?))?[ \t]*$/;
function commandOf(body) {
  const first = body.replace(/^(?:[ \t]*\r?\n)+/, "").split("\n", 1)[0].replace(/\r$/, "");
  const m = COMMAND.exec(first);
  if (m === null) return null;
  if (m[1] === "unaccept") return { verb: "unaccept", reason: "" };
  const reason = (m[2] ?? "").trim();
  if (/^(?:<[^>]*>|\[[^\]]*\])$/.test(reason) || (reason.match(/[\p{L}\p{N}]/gu) ?? []).length < 3) {
    return { verb: "accept", reason: null, why: reason === "" ? "gives no reason" : `gives no reason ('${reason.slice(0, 40)}' is not one)` };
  }
  return { verb: "accept", reason };
}
function givesCommand(body) {
  return commandOf(body) !== null;
}
var MAX_REASON = 300;
function actorsToCheck(f) {
  const who = /* @__PURE__ */ new Set();
  for (const e of f.labelEvents) if (f.label !== null && e.label === f.label) who.add(e.actor);
  for (const c of f.comments) if (commandOf(c.body) !== null) who.add(c.author);
  return [...who];
}
function findAcceptance(f) {
  const acts = [];
  const ignored = [];
  for (const e of f.labelEvents) {
    if (f.label === null || e.label !== f.label) continue;
    if (!f.canWrite.has(e.actor)) {
      ignored.push(`label '${e.label}' ${e.action === "labeled" ? "added" : "removed"} by @${e.actor}, who has no write access`);
      continue;
    }
    acts.push({ at: e.at, accept: e.action === "labeled" ? { by: e.actor, at: e.at, reason: `label '${e.label}'`, via: "label" } : null });
  }
  for (const c of f.comments) {
    const cmd = commandOf(c.body);
    if (cmd === null) continue;
    if (!f.canWrite.has(c.author)) {
      ignored.push(`'/llm-perf-gate ${cmd.verb}' by @${c.author}, who has no write access`);
      continue;
    }
    if (cmd.reason === null) {
      ignored.push(`'/llm-perf-gate accept' by @${c.author} ${cmd.why}: write why after the command`);
      continue;
    }
    acts.push({ at: c.at, accept: cmd.verb === "accept" ? { by: c.author, at: c.at, reason: cmd.reason.slice(0, MAX_REASON), via: "comment" } : null });
  }
  acts.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
  let acceptance = acts.at(-1)?.accept ?? null;
  if (acceptance !== null && f.head !== void 0 && !(f.head.since !== null && Date.parse(acceptance.at) > Date.parse(f.head.since))) {
    const shown = f.head.since === null ? "before any report on it" : `before its report (shown since ${f.head.since})`;
    ignored.push(
      `the acceptance by @${acceptance.by} (${acceptance.via}, ${acceptance.at}) was given ${shown} for head commit ${f.head.sha.slice(0, 7)}: a new push needs a new acceptance (${acceptance.via === "label" ? "remove the label and add it again, or comment" : "comment"} '/llm-perf-gate accept <reason>' again)`
    );
    return { acceptance: null, ignored };
  }
  if (acceptance !== null && acceptance.via === "label") {
    const said = [...acts].reverse().find((a) => a.accept?.via === "comment");
    if (said?.accept) acceptance = { ...acceptance, reason: said.accept.reason };
  }
  return { acceptance, ignored };
}
function accepts(v) {
  return v.verdict === "fail" && v.summary.regressed > 0 && v.summary.slo_failed === 0;
}

// src/pipeline/publish.ts
function findings(v) {
  const out = [];
  for (const c of v.cells) {
    if (!c.valid) {
      out.push({ kind: "invalid", title: `${c.id} not comparable`, text: c.invalid_reasons.join("; ") });
      continue;
    }
    for (const m of c.metrics) {
      if (!m.gated || m.verdict !== "regressed" && m.verdict !== "warn") continue;
      const text = `${m.metric} ${figureWithUnit(m.baseline, m.unit, TERMINAL_STYLE)} -> ${figureWithUnit(m.candidate, m.unit, TERMINAL_STYLE)} (${m.change_pct}%, interval ${m.interval_pct?.join("% .. ") ?? "none"}%): ${m.reason}`;
      out.push({ kind: m.verdict, title: `${c.id} ${m.metric} ${m.verdict === "regressed" ? "regressed" : "may have regressed"}`, text });
    }
  }
  for (const s of v.slo) if (!s.ok) out.push({ kind: "slo", title: "SLO check failed", text: `${s.check} failed in ${s.cell}: value ${s.value ?? "none"}` });
  return out;
}
function annotate(host, v) {
  const accepted = v.accepted !== void 0 && accepts(v);
  for (const f of findings(v)) {
    if (f.kind === "slo" || f.kind === "regressed" && !accepted) host.log.error(f.text, `llm-perf-gate: ${f.title}`);
    else host.log.warn(f.text, `llm-perf-gate: ${f.kind === "regressed" ? `${f.title} (accepted)` : f.title}`);
  }
}
async function publish(host, v, report, names) {
  host.setOutput(names.verdict, v.verdict);
  host.setOutput(names.regressions, String(v.summary.regressed));
  await host.summary(report);
  annotate(host, v);
}
var DEFAULT_FAIL_ON = Object.freeze(["fail", "invalid"]);
function failOnText(failOn) {
  if (failOn.length === 0) return "never";
  return failOn.map((f) => f === "fail" ? "regression" : f).join(", ");
}
function outcome(v, failOn) {
  const accepted = v.accepted !== void 0 && accepts(v);
  const failing = failOn.includes(v.verdict) && !accepted;
  const counts = `${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.slo_failed} SLO failures`;
  if (noBaselineYet(v)) return { failing, line: `llm-perf-gate: ${NO_BASELINE_HEADLINE}` };
  const line = accepted ? `llm-perf-gate: fail, accepted by @${v.accepted.by} (${counts})` : `llm-perf-gate: ${v.verdict} (${counts})`;
  return { failing, line };
}
function invalidWhy(v) {
  const cell = v.cells.find((c) => !c.valid && c.invalid_reasons.length > 0);
  if (cell !== void 0) return `${cell.id}: ${cell.invalid_reasons[0]}`;
  return v.reasons[0] ?? "the two results are not comparable";
}
function inconclusiveWhy(v) {
  for (const c of v.cells) {
    if (!c.valid) continue;
    const m = c.metrics.find((x) => x.gated && x.verdict === "inconclusive");
    if (m !== void 0) return `${c.id} ${m.metric}: ${m.reason}`;
  }
  return v.reasons[0] ?? "a gated metric could not be decided";
}
function stepNote(v, failOn) {
  if (v.accepted !== void 0 && accepts(v)) {
    const a = v.accepted;
    return {
      headline: "regression accepted",
      detail: `Passed: the regression was accepted by @${a.by} on ${a.at.slice(0, 10)} (${a.via === "label" ? "pull-request label" : "comment command"}): ${a.reason}. The result stored after the merge carries the acceptance, and later pull requests are judged against the new level. It holds for this head commit only: a new push needs a new acceptance.`
    };
  }
  const failing = outcome(v, failOn).failing;
  const setting = `fail-on (${failOnText(failOn)})`;
  if (v.verdict === "invalid") {
    const why = invalidWhy(v);
    return failing ? {
      headline: "check failed: no valid comparison was made",
      detail: `The check failed because no valid comparison was made (${setting} includes invalid): ${why}. Fix what made the results not comparable (reasons below), or set fail-on to regression to let an invalid comparison pass with a warning.`
    } : {
      headline: "not a pass: no valid comparison was made",
      detail: `Not a pass: no valid comparison was made, and the check is green only because ${setting} leaves out invalid: ${why}. Fix what made the results not comparable (reasons below), or add invalid to fail-on to block merges on it.`
    };
  }
  if (v.verdict === "inconclusive") {
    const why = inconclusiveWhy(v);
    return failing ? {
      headline: "check failed: too little data to decide",
      detail: `The check failed because the data could not decide (${setting} includes inconclusive): ${why}. Measure more (raise run.requests or run.trials), or drop inconclusive from fail-on.`
    } : {
      headline: "not a pass: too little data to decide",
      detail: `Not a pass: the data could not decide, and the check is green only because ${setting} leaves out inconclusive: ${why}. Measure more (raise run.requests or run.trials), or add inconclusive to fail-on to block merges on it.`
    };
  }
  return null;
}

// src/pipeline/run.ts
import { resolve } from "node:path";

// src/pipeline/sequential-run.ts
function sequentialWatch(host, plan) {
  const first = plan.limits.trials;
  const budget = plan.limits.budget;
  if (budget.trials <= first) return null;
  const started = host.clock.now();
  let stopped = null;
  const run = {
    last: budget.trials,
    more(trials, docs) {
      const [base, cand] = docs;
      if (base === void 0 || cand === void 0) return false;
      const v = judgeRun(plan, base, cand, "");
      const step = nextStep(v, { trials, first, last: budget.trials }, budget, host.clock.now() - started);
      const open = undecided(v);
      if (step.more) {
        const names = open.slice(0, 3).map((u) => `${u.metric.metric}${plan.scenarios.length + plan.loads.length > 2 ? ` (${u.cell})` : ""}`);
        host.log.info(
          `after ${trials} pairs: ${open.length} gated metric${open.length === 1 ? "" : "s"} undecided (${names.join(", ")}${open.length > 3 ? ", ..." : ""}): measuring pair ${trials + 1} of at most ${budget.trials}`
        );
      } else {
        stopped = step.why;
        host.log.info(`after ${trials} pairs: ${stopText(step.why, v)}`);
      }
      return step.more;
    }
  };
  return { run, stopped: () => stopped, budget };
}
function stopText(why, v) {
  if (why === "decided") return v.verdict === "fail" ? "a regression is decided: stopping" : "every gated metric is decided: stopping";
  if (why === "budget-minutes") return "the next pair would not end inside run.budget.minutes: stopping undecided";
  return "the budget is spent: stopping undecided";
}
function requestsOf(doc) {
  return doc.cells.reduce((n, c) => n + c.metrics.counts.attempted, 0);
}
function verdictCost(judged, spent, watch, verdict) {
  const trials = Math.max(0, ...judged.cells.map((c) => c.trials.length));
  const serverMinutes = Math.round(spent.serverMs / 600) / 100;
  const env = judged.environment;
  const gpus = env !== void 0 && env.gpu_status === "ok" ? env.gpus.length : 0;
  const cost = {
    trials,
    requests: spent.requests,
    wall_s: Math.round(spent.wallMs) / 1e3,
    server_minutes: serverMinutes,
    gpu_minutes: gpus > 0 ? Math.round(gpus * serverMinutes * 100) / 100 : null
  };
  if (watch !== null) {
    const stopped = watch.stopped() ?? (judged.status === "interrupted" ? "interrupted" : isDecided(verdict) ? "decided" : "budget-trials");
    cost.budget = { trials: watch.budget.trials, minutes: watch.budget.minutes, stopped: stopped === "fixed" ? "budget-trials" : stopped };
  }
  return cost;
}

// src/pipeline/confirm-rule.ts
var NOISE_REASON = /other processes (used|held)|client stall|pairs were measured alike/;
function noisyCells(v) {
  return v.cells.filter((c) => !c.valid && c.invalid_reasons.length > 0 && c.invalid_reasons.every((r) => NOISE_REASON.test(r))).map((c) => c.id);
}
function regressedKeys(v) {
  return v.cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated && m.verdict === "regressed").map((m) => `${c.id} ${m.metric}`));
}
function confirmRoute(v, o) {
  if (!o.enabled || v.design === "paired") return { kind: "none" };
  const regressed = v.verdict === "fail" && outcome(v, o.failOn).failing ? v.cells.filter((c) => c.valid && c.metrics.some((m) => m.gated && m.verdict === "regressed")).map((c) => c.id) : [];
  const noisy = noisyCells(v);
  if (regressed.length === 0 && noisy.length === 0) return { kind: "none" };
  if (o.baselineServer) return { kind: "paired" };
  return { kind: "repeat", cells: [.../* @__PURE__ */ new Set([...regressed, ...noisy])] };
}
function settle(first, second) {
  const before = new Set(regressedKeys(first));
  const unjudged = new Set(first.cells.filter((c) => !c.valid).map((c) => c.id));
  const after = new Set(regressedKeys(second));
  const persisted = [...after].filter((k) => before.has(k));
  const cleared = [...before].filter((k) => !after.has(k));
  const verdict = structuredClone(second);
  let downgraded = 0;
  for (const c of verdict.cells) {
    for (const m of c.metrics) {
      if (!c.valid || !m.gated || m.verdict !== "regressed" || before.has(`${c.id} ${m.metric}`) || unjudged.has(c.id)) continue;
      downgrade(m, "regressed in the confirmation only, not in the first measurement");
      downgraded++;
    }
  }
  verdict.summary = { ...verdict.summary, regressed: verdict.summary.regressed - downgraded, warn: verdict.summary.warn + downgraded };
  if (verdict.verdict === "fail" && verdict.summary.regressed === 0 && verdict.summary.slo_failed === 0) verdict.verdict = "warn";
  const lines = [];
  if (persisted.length > 0) lines.push(`confirmed: regressed in both measurements: ${persisted.join(", ")}`);
  else if (before.size > 0)
    lines.push(`not confirmed: ${before.size === 1 ? "the regression" : "the regressions"} of the first measurement (${[...before].join(", ")}) did not persist when measured again`);
  const remeasured = [...unjudged].filter((id) => second.cells.some((c) => c.id === id));
  if (remeasured.length > 0) {
    const still = remeasured.filter((id) => !second.cells.find((c) => c.id === id).valid);
    lines.push(
      still.length === 0 ? `measured again after noise made them not comparable: ${remeasured.join(", ")} (judged on the second measurement)` : `still not comparable after measuring again in this job: ${still.join(", ")}`
    );
  }
  verdict.reasons = [...lines, ...verdict.reasons];
  return { verdict, persisted, cleared };
}
function downgrade(m, why) {
  m.verdict = "warn";
  m.reason = `${why}: ${m.reason}`;
}

// src/pipeline/confirm.ts
function planForCells(plan, cells) {
  const wanted = new Set(cells);
  const traced = (s) => s.trace != null && wanted.has(`${s.name}@${TRACE_LOAD_LABEL}`);
  const scenarios = plan.scenarios.filter((s) => traced(s) || s.trace == null && plan.loads.some((l) => wanted.has(cellId(s, l))));
  const loads = plan.loads.filter((l) => plan.scenarios.some((s) => s.trace == null && wanted.has(cellId(s, l))));
  return { ...plan, scenarios, loads };
}
async function confirmByRepeat(host, j) {
  host.log.info(
    `Measuring ${j.cells.join(", ")} again before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job.`
  );
  const again = await j.measure(planForCells(j.plan, j.cells), j.outPath);
  if (again.status !== "complete") throw new Error(`the confirmation run was ${again.status}: ${again.error ?? ""} (partial result in ${j.outPath})`);
  const candidate = { ...j.candidate, cells: j.candidate.cells.map((c) => again.cells.find((a) => a.id === c.id) ?? c) };
  const second = judgeRun(j.plan, j.baseline, candidate, "");
  const how = `the failing cell${j.cells.length === 1 ? "" : "s"} (${j.cells.join(", ")}) measured again in this job, against the same baseline`;
  return { ...settle(j.first, second), first: j.first, how, candidate };
}
function confirmedByPairs(first, paired, candidate, pairs) {
  return { ...settle(first, paired), first, how: `paired A/B against the baseline server in this job (${pairs} pair${pairs === 1 ? "" : "s"} per cell)`, candidate };
}

// src/pipeline/run.ts
function runPaths(cwd, out) {
  const beside = (suffix) => resolve(cwd, /\.json$/i.test(out) ? out.replace(/\.json$/i, `.${suffix}.json`) : `${out}.${suffix}.json`);
  return { candidate: resolve(cwd, out), baseline: beside("baseline"), confirm: beside("confirm") };
}
async function carryOut(host, design, o, ports) {
  const { plan, paths } = o;
  const needPlan = () => {
    if (plan === null) throw new Error(`the run design measures (${design.first.kind}) but no plan was read`);
    return plan;
  };
  const spent = { wallMs: 0, serverMs: 0, requests: 0 };
  let watch = null;
  let measured = false;
  const timed = async (servers, fn) => {
    const t0 = host.clock.now();
    const out = await fn();
    const ms = host.clock.now() - t0;
    spent.wallMs += ms;
    spent.serverMs += servers * ms;
    spent.requests += "cells" in out ? requestsOf(out) : requestsOf(out.baseline) + requestsOf(out.candidate);
    measured = true;
    return out;
  };
  const check = (doc2, what, path) => {
    if (o.requireComplete && doc2.status !== "complete") throw new Error(`${what} was ${doc2.status}: ${doc2.error ?? ""} (partial result in ${path})`);
    return doc2;
  };
  const measurePairs = async (p, candidatePath) => {
    const outPaths = { baseline: paths.baseline, candidate: candidatePath };
    o.onPairs?.(outPaths);
    const w = sequentialWatch(host, p);
    watch = w;
    const ab = await timed(ports.measure.servers?.(p) ?? 2, () => w === null ? ports.measure.pairs(p, outPaths) : ports.measure.pairs(p, outPaths, w.run));
    check(ab.baseline, "the baseline run", paths.baseline);
    check(ab.candidate, "the candidate run", candidatePath);
    return ab;
  };
  const pairs = async () => {
    const p = needPlan();
    const ab = await measurePairs(p, paths.candidate);
    return { doc: ab.candidate, baseline: { doc: ab.baseline, history: [], note: ports.measure.pairsNote(p), commit: null } };
  };
  const file = design.baseline.kind === "file" ? await ports.baselines.readResult(resolve(host.cwd, design.baseline.path)) : null;
  let doc;
  let baseline = null;
  if (design.first.kind === "read") doc = await ports.baselines.readResult(design.first.path);
  else if (design.first.kind === "pairs") ({ doc, baseline } = await pairs());
  else doc = check(await timed(1, () => ports.measure.candidate(needPlan(), paths.candidate)), "the run", paths.candidate);
  if (doc.status === "interrupted") return { kind: "interrupted", doc };
  baseline ??= await baselineOf(design, file, doc, ports.baselines);
  if (baseline.doc === null && design.fallback === "pairs") {
    host.log.info(`${baseline.note}; measuring the same-job A/B instead`);
    ({ doc, baseline } = await pairs());
    if (doc.status === "interrupted") return { kind: "interrupted", doc };
  }
  host.log.info(baseline.note);
  let verdict = plan !== null ? judgeRun(plan, baseline.doc, doc, baseline.note, baseline.history) : await judgeStored(host, {
    config: null,
    baseline: baseline.doc,
    history: baseline.history,
    candidate: doc,
    candidateLabel: design.first.kind === "read" ? design.first.path : paths.candidate,
    whyNoBaseline: baseline.note
  });
  const confirmation = plan !== null && baseline.doc !== null ? await confirm(
    host,
    design,
    { plan, baseline: baseline.doc, candidate: doc, first: verdict, confirmPath: paths.confirm, failOn: o.failOn },
    { ...ports.measure, candidate: (p, out) => timed(1, () => ports.measure.candidate(p, out)) },
    measurePairs
  ) : null;
  if (confirmation !== null) verdict = confirmation.verdict;
  if (measured) verdict = { ...verdict, cost: verdictCost(confirmation?.candidate ?? doc, spent, watch, verdict) };
  return { kind: "judged", doc, baseline, verdict, confirmation };
}
function baselineOf(design, file, candidate, ports) {
  const b = design.baseline;
  if (b.kind === "file") return { doc: file, history: [], note: `baseline: file \`${b.path}\``, commit: file?.git?.commit ?? null };
  if (b.kind === "stored") return ports.stored(b.commit, b.runs, candidate);
  return { doc: null, history: [], note: b.kind === "none" ? b.why : "baseline: none", commit: null };
}
async function confirm(host, design, j, measure2, measurePairs) {
  if (design.confirm === "off") return null;
  const route = confirmRoute(j.first, { enabled: true, failOn: j.failOn, baselineServer: design.confirm === "pairs" });
  if (route.kind === "none") return null;
  if (route.kind === "repeat") {
    const again = (plan, outPath) => measure2.candidate(plan, outPath);
    return confirmByRepeat(host, { plan: j.plan, baseline: j.baseline, candidate: j.candidate, first: j.first, cells: route.cells, outPath: j.confirmPath, measure: again });
  }
  host.log.info(
    "Measuring paired against the baseline server before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job."
  );
  const ab = await measurePairs(j.plan, j.confirmPath);
  return confirmedByPairs(j.first, judgeRun(j.plan, ab.baseline, ab.candidate, ""), ab.candidate, j.plan.limits.trials);
}

// src/pipeline/ab.ts
async function measureAbWithServers(host, plan, req) {
  const launches = ["baseline", "candidate"].flatMap((role) => req.launches[role] ? [req.launches[role]] : []);
  if (plan.ab?.schedule !== "alternate")
    return withServers(host, launches, (started) => measureAb(host, plan, req.outPaths, { sides: req.sides, startedServers: started, sequential: req.sequential }));
  const running = {};
  const blocks = {
    async before(role) {
      const launch = req.launches[role];
      if (launch) running[role] = await startLaunch(host, launch);
    },
    async after(role) {
      const launch = req.launches[role];
      const server = running[role];
      delete running[role];
      if (launch && server) await stopLaunch(host, launch, server);
    }
  };
  return measureAb(host, plan, req.outPaths, { sides: req.sides, blocks, sequential: req.sequential });
}

// src/pipeline/measure-port.ts
function launchOf(role, side, policy) {
  if (side.server === null) return void 0;
  const launch = {
    label: side.server.label,
    command: side.server.command,
    logPath: side.server.logPath,
    readyUrl: side.server.readyUrl,
    baseUrl: side.url,
    model: side.model,
    readyTimeoutMs: side.readyTimeoutMs,
    echoLog: policy.echoLog,
    stateKey: side.server.stateKey,
    passEnv: policy.passEnv,
    withholdEnv: policy.withholdEnv
  };
  policy.onLaunch?.(role, launch);
  return launch;
}
var abSide = (s) => ({ url: s.url, model: s.model, serverCommand: s.server?.command ?? null, readyTimeoutMs: s.readyTimeoutMs });
function pairsNote(plan, baseline) {
  const schedule = plan.ab?.schedule === "alternate" ? "one server at a time, ABBA blocks" : "both servers up at once";
  const pairs = plan.limits.trials;
  return `baseline: measured in this job: same-job A/B, paired design (${pairs} pair${pairs === 1 ? "" : "s"} per cell, ${schedule}; baseline ${baseline.server === null ? "endpoint" : "server"} at ${baseline.url})`;
}
function measurePort(host, sides, policy, opts = {}) {
  return {
    candidate(plan, outPath) {
      const launch = launchOf("candidate", sides.candidate, policy);
      return withServers(host, launch ? [launch] : [], (started) => measure(host, plan, outPath, { startedServers: started, table: opts.table }));
    },
    pairs(plan, outPaths, sequential) {
      const b = sides.baseline;
      if (b === null) throw new Error("the run design measures pairs, but there is no baseline side");
      return measureAbWithServers(host, plan, {
        sides: { baseline: abSide(b), candidate: abSide(sides.candidate) },
        launches: { baseline: launchOf("baseline", b, policy), candidate: launchOf("candidate", sides.candidate, policy) },
        outPaths,
        ...sequential === void 0 ? {} : { sequential }
      });
    },
    servers: (plan) => sides.baseline === null ? 1 : plan.ab?.schedule === "alternate" ? 1 : 2,
    pairsNote: (plan) => sides.baseline === null ? "" : pairsNote(plan, sides.baseline)
  };
}

export {
  designRun,
  describeDesign,
  givesCommand,
  actorsToCheck,
  findAcceptance,
  accepts,
  findings,
  publish,
  DEFAULT_FAIL_ON,
  outcome,
  stepNote,
  runPaths,
  carryOut,
  measurePort
};
