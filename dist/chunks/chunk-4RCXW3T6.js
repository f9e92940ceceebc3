import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  distValue,
  incompleteBeta,
  percentileOf,
  quantileSorted,
  tQuantile
} from "./chunk-FOCLXUDN.js";
import {
  MAX_FIGURE,
  NO_SLO_REASON,
  checkCapacitySlo,
  describeCost,
  hourlyUsd,
  isFigure,
  resultProblem,
  textBeyondBounds
} from "./chunk-54LALYOF.js";
import {
  minSamplesFor
} from "./chunk-SCGBAURB.js";
import {
  OutputWriteError
} from "./chunk-BHKQ45ST.js";
import {
  escapeControls,
  forTerminal,
  scrubDeep
} from "./chunk-BF4Y2SSP.js";

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table2, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table2.length) {
    const row2 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table2[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table2[rowIndex].length;
    }
    while (++columnIndex2 < table2[rowIndex].length) {
      const cell = serialize(table2[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row2.push(cell);
    }
    cellMatrix[rowIndex] = row2;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row[columnIndex] = cell;
  }
  cellMatrix.splice(1, 0, row);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row2 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell = row2[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/escape.ts
var MD_SPECIAL = /[\\`*[\]|<>&"]/g;
var MENTION = /(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])/g;
var AUTOLINK = [
  [/:(?=\/\/)/g, ":\u200B"],
  [/(www)(?=\.)/gi, "$1\u200B"],
  [/@(?=[A-Za-z0-9_-]+\.[A-Za-z0-9])/g, "@\u200B"],
  // Issue and pull-request references (`#123`, `GH-123`, `owner/repo#123`):
  // each links, and each puts a "mentioned this" event on that issue's
  // timeline, so a model named `#1 #2 #3 ...` would spam a repository's
  // issues from the bot's comment.
  [/(?<!&)#(?=\d)/g, "#\u200B"],
  // not the entities escapeMd writes (&#60;)
  [/\b(GH)-(?=\d)/gi, "$1\u200B-"]
];
var MAX_MD_VALUE_CHARS = 500;
function escapeMd(text) {
  let out = escapeControls(text, MAX_MD_VALUE_CHARS, " ").replace(MD_SPECIAL, (ch) => `&#${ch.charCodeAt(0)};`).replace(MENTION, "@\u200B");
  for (const [re, to] of AUTOLINK) out = out.replace(re, to);
  return out;
}
function codeSpan(text) {
  const body = escapeControls(text, MAX_MD_VALUE_CHARS, " ").replace(/`/g, "'").replace(/\|/g, "\\|");
  return body.trim() === "" ? "\u2013" : `\`${body}\``;
}

// src/report/ramp.ts
var f = (x, d = 1) => x === null || x === void 0 || !Number.isFinite(x) ? "\u2013" : x.toFixed(d);
var q = (dist, k) => dist === null ? "\u2013" : dist[k] === null ? `(n=${dist.n})` : f(dist[k]);
var VERDICT = { pass: "pass", fail: "**fail**", undecided: "undecided" };
function saturationText(r, md) {
  const s = r.saturation;
  if (s === null) return null;
  const reason = md ? escapeMd(s.reason) : s.reason;
  const head = s.status === "found" ? "Saturation" : s.status === "undecided" ? "Saturation (not shown at the confidence level)" : "No saturation";
  return `${md ? `**${head}**` : head}: ${reason}.`;
}
function table(r) {
  const judged = r.saturation !== null;
  const head = ["step", "window s", "rate req/s", "achieved req/s", "ok/sent", "err%", "TTFT p50", "TTFT p95", "TTFT p99", "queued TTFT p95", "TPOT p50", ...judged ? ["verdict"] : []];
  const rows = r.per_step.map((s) => [
    String(s.index + 1),
    `${f(s.start_s, 1)}\u2013${f(s.end_s, 1)}`,
    f(s.rate, 2),
    f(s.rps, 2),
    `${s.completed}/${s.attempted}`,
    f(s.error_rate * 100),
    q(s.ttft_ms, "p50"),
    q(s.ttft_ms, "p95"),
    q(s.ttft_ms, "p99"),
    q(s.queued_ttft_ms, "p95"),
    q(s.tpot_ms, "p50"),
    ...judged ? [s.verdict === void 0 ? "\u2013" : VERDICT[s.verdict]] : []
  ]);
  return markdownTable([head, ...rows], { align: ["r", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"] });
}
function rampSection(candidate, baseline) {
  const out = [];
  for (const c of candidate.cells) {
    if (c.ramp === void 0) continue;
    const r = c.ramp;
    const lines = [
      `**${escapeMd(c.id)}**: ${f(r.from, 2)} \u2192 ${f(r.to, 2)} req/s over ${f(r.duration_s, 0)} s, ${r.shape === "steps" ? `${r.steps} steps` : `linear, ${r.steps} windows`}${r.trials > 1 ? `, ${r.trials} trials pooled` : ""}`,
      table(r)
    ];
    const sat = saturationText(r, true);
    if (sat !== null) lines.push(sat);
    const base = baseline?.cells.find((b) => b.id === c.id)?.ramp;
    const baseSat = base === void 0 ? null : saturationText(base, true);
    if (baseSat !== null) lines.push(`Baseline: ${baseSat}`);
    out.push(lines.join("\n\n"));
  }
  if (out.length === 0) return null;
  return `### By step (ramps)

${out.join("\n\n")}

<sub>Latencies in ms; (n=K): too few samples for that percentile. A request belongs to the step its scheduled arrival fell in; achieved req/s counts the completions inside the step's window.</sub>`;
}
function rampLines(doc) {
  return doc.cells.flatMap((c) => {
    if (c.ramp === void 0) return [];
    const r = c.ramp;
    const steps = r.per_step.map((s) => `${f(s.rate, 1)}\u2192${f(s.rps, 1)} req/s ${q(s.queued_ttft_ms, "p95")}`).join(" \xB7 ");
    const sat = saturationText(r, false);
    return [`${c.id} by step (rate\u2192achieved, queued TTFT p95 ms): ${steps}`, ...sat === null ? [] : [`${c.id}: ${sat}`]];
  });
}

// src/capacity/types.ts
var loadValue = (p) => p.kind === "rate" ? p.rate : p.concurrency;

// src/stats/intervals.ts
function binomCdf(k, n, p) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  return incompleteBeta(n - k, k + 1, 1 - p, p);
}
function firstTrue(lo, hi, pred) {
  let a = lo;
  let b = hi + 1;
  while (a < b) {
    const m = Math.floor((a + b) / 2);
    if (pred(m)) b = m;
    else a = m + 1;
  }
  return a;
}
function quantileRanks(n, q2, level) {
  const tail = (1 - level) / 2;
  const l = firstTrue(0, n, (k) => binomCdf(k, n, q2) > tail);
  const u = firstTrue(0, n, (k) => binomCdf(k, n, q2) >= 1 - tail) + 1;
  return { l, u: Math.min(u, n + 1) };
}
function effectiveSize(ordered, threshold) {
  const n = ordered.length;
  if (n < 8) return n;
  const ind = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += ind[i] = ordered[i] <= threshold ? 1 : 0;
  mean /= n;
  let c0 = 0;
  for (let i = 0; i < n; i++) c0 += (ind[i] - mean) ** 2;
  if (c0 === 0) return n;
  let tau = 1;
  for (let k = 1; k < n / 4; k++) {
    let ck = 0;
    for (let i = 0; i + k < n; i++) ck += (ind[i] - mean) * (ind[i + k] - mean);
    const rho = ck / c0;
    if (rho <= 0) break;
    tau += 2 * rho;
  }
  return Math.max(1, Math.min(n, n / tau));
}
function quantileInterval(ordered, q2, level) {
  const n = ordered.length;
  if (n === 0) return { lo: -Infinity, hi: Infinity };
  const sorted = Float64Array.from(ordered).sort();
  const nEff = Math.floor(effectiveSize(ordered, quantileSorted(sorted, q2)));
  const { l, u } = quantileRanks(nEff, q2, level);
  const ln = l >= 1 ? Math.max(1, Math.floor(l / nEff * n)) : 0;
  const un = u <= nEff ? Math.min(n, Math.ceil(u / nEff * n)) : n + 1;
  return { lo: ln >= 1 ? sorted[ln - 1] : -Infinity, hi: un <= n ? sorted[un - 1] : Infinity };
}
function minSamplesForQuantile(q2, level) {
  const tail = (1 - level) / 2;
  if (q2 <= 0) return 1;
  return Math.ceil(Math.log(tail) / Math.log(q2) - 1e-9);
}
function proportionInterval(k, n, level) {
  if (n === 0) return { lo: 0, hi: 1 };
  const tail = (1 - level) / 2;
  const solve = (target, kk) => {
    let a = 0;
    let b = 1;
    for (let i = 0; i < 60; i++) {
      const m = (a + b) / 2;
      if (binomCdf(kk, n, m) > target) a = m;
      else b = m;
    }
    return (a + b) / 2;
  };
  const lo = k === 0 ? 0 : solve(1 - tail, k - 1);
  const hi = k === n ? 1 : solve(tail, k);
  return { lo, hi };
}
function meanInterval(values, level) {
  const n = values.length;
  if (n < 2) return { lo: -Infinity, hi: Infinity };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * Math.sqrt(sq / (n - 1) / n);
  return { lo: mean - half, hi: mean + half };
}

// src/capacity/slo.ts
var upper = (op) => op === "<=" || op === "<";
function parseCapacitySlos(texts) {
  if (texts.length === 0) throw new RangeError(`capacity SLO '': ${NO_SLO_REASON}`);
  return texts.map((text) => {
    const { slo, reason } = checkCapacitySlo(text);
    if (slo === void 0) throw new RangeError(`capacity SLO '${text}': ${reason}`);
    return slo;
  });
}
function minRequestsFor(slo, level) {
  const d = slo.def.dist;
  if (d !== null) return d.stat === "mean" ? 30 : minSamplesForQuantile(Number(d.stat.slice(1)) / 100, level);
  if (slo.def.id === "error_rate" && slo.bound > 0) {
    return Math.ceil(Math.log((1 - level) / 2) / Math.log(1 - slo.bound) - 1e-9);
  }
  return 30;
}
function interval(slo, step, level) {
  const d = slo.def.dist;
  if (d !== null) {
    const raw = step.samples[d.key];
    if (raw === void 0 || raw.length === 0) return { value: null, ci: null };
    if (d.stat === "mean") {
      const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
      return { value: mean, ci: meanInterval(raw, level) };
    }
    const q2 = Number(d.stat.slice(1)) / 100;
    return { value: quantileSorted(Float64Array.from(raw).sort(), q2), ci: quantileInterval(raw, q2, level) };
  }
  if (slo.def.id === "error_rate") {
    if (step.attempted === 0) return { value: null, ci: null };
    return { value: step.failed / step.attempted, ci: proportionInterval(step.failed, step.attempted, level) };
  }
  const v = step.rates[slo.def.id];
  return v === null || v === void 0 ? { value: null, ci: null } : { value: v, ci: { lo: v, hi: v } };
}
var holds = (v, op, b) => op === "<=" ? v <= b : op === "<" ? v < b : op === ">=" ? v >= b : v > b;
function judgeSlo(slo, step, level) {
  const { value, ci } = interval(slo, step, level);
  if (value === null || ci === null) return { slo: slo.text, value: null, lo: null, hi: null, verdict: "undecided" };
  let verdict;
  if (slo.def.id === "error_rate" && slo.bound === 0) verdict = step.failed === 0 ? "pass" : "fail";
  else {
    const [good, bad] = upper(slo.op) ? [ci.hi, ci.lo] : [ci.lo, ci.hi];
    verdict = holds(good, slo.op, slo.bound) ? "pass" : !holds(bad, slo.op, slo.bound) ? "fail" : "undecided";
  }
  return { slo: slo.text, value, lo: ci.lo, hi: ci.hi, verdict };
}
function combine(js) {
  if (js.some((j) => j.verdict === "fail")) return "fail";
  return js.some((j) => j.verdict === "undecided") ? "undecided" : "pass";
}

// src/report/capacity.ts
var num = (x) => {
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
var NAMES = {
  ttft_ms: "TTFT",
  queued_ttft_ms: "queued TTFT",
  tpot_ms: "TPOT",
  itl_ms: "ITL",
  e2e_ms: "E2E latency",
  queued_e2e_ms: "queued E2E latency",
  user_tps: "per-user tok/s"
};
function sloWords(text) {
  const { slo: s } = checkCapacitySlo(text);
  if (s === void 0) return escapeMd(text);
  const d = s.def.dist;
  if (d === null) return `${s.def.id} ${s.op} ${s.bound}`;
  const bound = s.def.unit === "ms" && s.bound >= 1e3 ? `${num(s.bound / 1e3)} s` : `${s.bound} ${s.def.unit}`;
  return `${d.stat} ${NAMES[d.key] ?? d.key} ${s.op} ${bound}`;
}
var loadText = (x) => Number.isInteger(x) ? String(x) : num(x);
var range = (e) => `${num(e.lo)}-${e.hi === null ? "?" : num(e.hi)}`;
function capacityLine(r, baseline = null) {
  const within = `within ${r.slos.map(sloWords).join(" and ")}`;
  const base = baseline === null ? "" : `; baseline ${num(baseline.capacity_rps.value)}${baseline.capacity_rps.hi === null ? "+" : ""}`;
  const conc = r.mode === "concurrency" && r.status !== "below-range" ? ` at ${range(r.capacity)} concurrent requests` : "";
  switch (r.status) {
    case "below-range":
      return `sustains no load ${within}: even the lowest load of the range misses it${base}`;
    case "above-range":
      return `sustains at least ${num(r.capacity_rps.value)} req/s ${within} (the top of the searched range still passed)${base}`;
    default: {
      const s = `sustains ${num(r.capacity_rps.value)} req/s (${range(r.capacity_rps)})${conc} ${within}${base}`;
      return r.status === "budget" ? `${s} (search budget ran out: the interval is the bracket it reached)` : s;
    }
  }
}
var mermaidText = (s) => s.replace(/<=/g, "\u2264").replace(/>=/g, "\u2265").replace(/</g, " below ").replace(/>/g, " above ").replace(/[^A-Za-z0-9 _.,:%=()/+≤≥-]/g, "").replace(/ {2,}/g, " ").trim().slice(0, 80);
function capacityChart(r) {
  const slo = r.slos[0];
  if (slo === void 0) return null;
  const pts = r.points.filter((p) => p.role !== "saturation").sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const values = pts.map((p) => p.slos.find((j) => j.slo === slo)?.value ?? null);
  if (pts.length < 2 || values.some((v) => v === null || !Number.isFinite(v))) return null;
  const [parsed] = parseCapacitySlos([slo]);
  const bound = parsed.bound;
  const unit = r.mode === "rate" ? "req/s" : "concurrency";
  const yMax = Math.max(bound, ...values) * 1.1;
  return [
    "```mermaid",
    "xychart-beta",
    `  title "${mermaidText(`${slo} vs load`)}"`,
    `  x-axis "${unit}" [${pts.map((p) => `"${loadText(loadValue(p.load))}"`).join(", ")}]`,
    `  y-axis "${mermaidText(parsed.def.id)}" 0 --> ${num(yMax)}`,
    `  bar [${values.map((v) => num(v)).join(", ")}]`,
    `  line [${pts.map(() => num(bound)).join(", ")}]`,
    "```"
  ].join("\n");
}
function pointRow(p, slo) {
  const j = p.slos.find((x) => x.slo === slo);
  const stat2 = j === void 0 || j.value === null ? "\u2013" : `${num(j.value)} (${j.lo === null || !Number.isFinite(j.lo) ? "\u2013" : num(j.lo)}-${j.hi === null || !Number.isFinite(j.hi) ? "\u221E" : num(j.hi)})`;
  const load = p.role === "saturation" ? `c=${loadValue(p.load)} (saturation probe)` : loadText(loadValue(p.load));
  return [load, String(p.requests), p.verdict, stat2, num(p.rps), num(p.output_tps), p.goodput_rps === null ? "\u2013" : num(p.goodput_rps)];
}
function capacitySection(name, r, baseline = null, comparisons = []) {
  const out = [`### Capacity: ${escapeMd(name)}`, "", `**${capacityLine(r, baseline)}**`, ""];
  if (r.atCapacity !== null) {
    out.push(
      `At the highest passing load: ${num(r.atCapacity.rps)} req/s, ${num(r.atCapacity.output_tps)} output tok/s${r.atCapacity.goodput_rps === null ? "" : `, goodput ${num(r.atCapacity.goodput_rps)} req/s`}; output tok/s at capacity ${num(r.capacity_output_tps.value)} (${range(r.capacity_output_tps)}).`,
      ""
    );
  }
  out.push(`Search: ${escapeMd(r.reason)}; ${r.steps} runs at ${r.points.length} loads in ${num(r.elapsedMs / 1e3)} s, each judged on ${Math.round(r.level * 100)}% intervals.`, "");
  for (const c of comparisons) out.push(`- ${c.metric}: **${c.verdict}** \u2014 ${escapeMd(c.reason)}`);
  if (comparisons.length > 0) out.push("");
  const chart = capacityChart(r);
  if (chart !== null) out.push(chart, "");
  const slo = r.slos[0];
  out.push(
    markdownTable([
      [r.mode === "rate" ? "load (req/s)" : "load (concurrency)", "requests", "step", `${escapeMd(slo ?? "")} (interval)`, "req/s", "output tok/s", "goodput req/s"],
      ...r.points.map((p) => pointRow(p, slo))
    ])
  );
  return out.join("\n");
}

// src/report/capacity-cell.ts
function searchOf(cell) {
  return cell.search === null ? null : { ...cell.search, points: cell.points };
}
function sweepLine(cell) {
  const knee = cell.sweep?.knee ?? null;
  const unit = cell.mode === "rate" ? " req/s" : " concurrent requests";
  const within = `within ${cell.slo.map(sloWords).join(" and ")}`;
  const passing = cell.points.filter((p) => p.verdict === "pass").map((p) => loadValue(p.load));
  const held = passing.length > 0 ? `meets it up to ${Math.max(...passing)}${unit}` : "meets it at no measured load";
  return `sweep of ${cell.points.length} loads ${within}: ${held}; ${knee === null ? "no knee" : `knee at ${knee.load}${unit}`}`;
}
function capacityTerminalLine(cell, baseline = null) {
  const search = searchOf(cell);
  const text = cell.sweep !== null ? sweepLine(cell) : search !== null ? capacityLine(search, baseline === null ? null : searchOf(baseline)) : `${cell.status}: ${cell.points.length} loads probed, no summary`;
  return forTerminal(`${cell.id}${cell.status === "complete" ? "" : ` [${cell.status}]`}: ${text}`);
}
function capacityTerminalLines(cells) {
  return (cells ?? []).map((c) => `capacity ${capacityTerminalLine(c)}`).join("\n");
}
function capacityCellSection(cell, baseline, comparisons) {
  const search = searchOf(cell);
  if (search !== null) return capacitySection(cell.id, search, baseline === null ? null : searchOf(baseline), comparisons);
  const headline = cell.sweep !== null ? sweepLine(cell) : `${cell.status}: the search left no summary`;
  const out = [`### ${cell.sweep !== null ? "Sweep" : "Capacity"}: ${escapeMd(cell.id)}`, "", `**${headline}**`, ""];
  const chart = capacityChart({ slos: cell.slo, points: cell.points, mode: cell.mode });
  if (chart !== null) out.push(chart, "");
  const slo = cell.slo[0];
  out.push(
    markdownTable([
      [cell.mode === "rate" ? "load (req/s)" : "load (concurrency)", "requests", "step", `${escapeMd(slo ?? "")} (interval)`, "req/s", "output tok/s", "goodput req/s"],
      ...cell.points.map((p, i) => {
        const row = pointRow(p, slo);
        if (cell.sweep?.knee?.index === i) row[0] = `${row[0]} (knee)`;
        return row;
      })
    ])
  );
  return out.join("\n");
}
var pct = (x) => x === null ? "open" : `${((x - 1) * 100).toFixed(1)}%`;
var est = (e) => `${e.value}${e.hi === null ? "+" : ""}`;
function capacityVerdictRows(cells) {
  const rows = [];
  const lines = [];
  for (const c of cells ?? []) {
    for (const m of c.metrics) {
      rows.push([forTerminal(c.id) + (c.valid ? "" : " [invalid]"), m.metric, est(m.baseline), est(m.candidate), pct(m.ratio), `${pct(m.ratioLo)} .. ${pct(m.ratioHi)}`, m.outcome]);
    }
    lines.push(`capacity ${capacityTerminalLine(c.candidate, c.baseline)}`);
  }
  return { rows, lines };
}

// src/report/rough.ts
var KEYS = ["p50", "p90", "p95", "p99"];
var PercentileCells = class {
  constructor(fmt2, none) {
    this.fmt = fmt2;
    this.none = none;
  }
  fmt;
  none;
  rough = /* @__PURE__ */ new Set();
  /** The percentile, or "~value (n=K)" when it rests on fewer samples than the gate needs; "(n=K)" when even that cannot be read. */
  cell(d, key) {
    if (d === null || d === void 0) return this.none;
    const v = d[key];
    if (v !== null) return this.fmt(v);
    const est2 = distValue(d, key);
    if (est2 === null || !Number.isFinite(est2)) return `(n=${d.n})`;
    this.rough.add(key);
    return `~${this.fmt(est2)} (n=${d.n})`;
  }
  /** The footnote for the rough figures shown, or null when none was. */
  note() {
    if (this.rough.size === 0) return null;
    const needs = KEYS.filter((k) => this.rough.has(k)).map((k) => `${minSamplesFor(percentileOf(k))} for a ${k}`).join(", ");
    return `~X (n=K): a rough figure, from K samples where the gate needs ${needs} (run.requests x run.trials a cell)`;
  }
};

// src/report/turns.ts
var f2 = (x, d = 1) => x === null || x === void 0 || !Number.isFinite(x) ? "\u2013" : x.toFixed(d);
function hitRate(c) {
  const r = c.telemetry?.engine?.prefix_cache_hit_rate;
  return r === null || r === void 0 ? null : `${(r * 100).toFixed(1)}%`;
}
function turnsSection(candidate, baseline) {
  const out = [];
  const pc = new PercentileCells((x) => f2(x), "\u2013");
  const p = pc.cell.bind(pc);
  for (const c of candidate.cells) {
    if (c.turns === void 0 || c.turns.length === 0) continue;
    const base = baseline?.cells.find((b) => b.id === c.id)?.turns;
    const head = ["turn", "ok/sent", "input tokens (mean)", "TTFT p50", "TTFT p95", ...base ? ["baseline TTFT p50"] : []];
    const rows = c.turns.map((t) => [
      String(t.turn),
      `${t.completed}/${t.attempted}`,
      f2(t.input_tokens_mean, 0),
      p(t.ttft_ms, "p50"),
      p(t.ttft_ms, "p95"),
      ...base ? [p(base.find((b) => b.turn === t.turn)?.ttft_ms ?? null, "p50")] : []
    ]);
    const rate = hitRate(c);
    const note = rate === null ? "" : `

Prefix-cache hit rate (the engine's /metrics, over the cell): **${rate}**.`;
    out.push(`**${escapeMd(c.id)}** (${c.turns.length} turns a session)

${markdownTable([head, ...rows], { align: ["r", "r", "r", "r", "r", "r"] })}${note}`);
  }
  if (out.length === 0) return null;
  const rough = pc.note();
  return `### By turn

${out.join("\n\n")}

<sub>Latencies in ms${rough === null ? "" : `; ${rough}`}. Input tokens: the server's count of the whole history.</sub>`;
}
function turnsLines(doc) {
  const pc = new PercentileCells((x) => f2(x), "-");
  return doc.cells.flatMap((c) => {
    if (c.turns === void 0 || c.turns.length === 0) return [];
    const ttft = c.turns.map((t) => `${t.turn}: ${pc.cell(t.ttft_ms, "p50")}`).join(", ");
    const input = c.turns.map((t) => f2(t.input_tokens_mean, 0)).join(", ");
    const rate = hitRate(c);
    return [`${c.id} by turn: TTFT p50 ${ttft} ms \xB7 input tokens ${input}${rate === null ? "" : ` \xB7 prefix-cache hit rate ${rate}`}`];
  });
}

// src/metrics/efficiency.ts
var MAX_FIGURE2 = 1e12;
function sig6(x) {
  return Number.isFinite(x) && Math.abs(x) <= MAX_FIGURE2 ? Number(x.toPrecision(6)) : null;
}
function costPerMtok(hourlyUsd2, tokensPerS) {
  if (!(tokensPerS > 0) || !Number.isFinite(hourlyUsd2)) return null;
  return sig6(hourlyUsd2 * 1e6 / (tokensPerS * 3600));
}
function energyPerToken(joules, outputTokens) {
  if (joules === null || !Number.isFinite(joules) || !(outputTokens > 0)) return null;
  return sig6(joules / outputTokens);
}
function efficiencyOf(rates, hourlyUsd2, energy) {
  return {
    ...hourlyUsd2 === null ? {} : { cost_per_mtok_output_usd: costPerMtok(hourlyUsd2, rates.output_tps), cost_per_mtok_total_usd: costPerMtok(hourlyUsd2, rates.total_tps) },
    ...energy === null ? {} : { energy_per_output_token_j: energyPerToken(energy.joules, energy.outputTokens) }
  };
}

// src/report/efficiency.ts
var sig = (x) => x === null || x === void 0 ? "\u2013" : Number(x.toPrecision(4)).toString();
function hasFigures(c) {
  const m = c.metrics;
  return m.cost_per_mtok_output_usd !== void 0 || m.cost_per_mtok_total_usd !== void 0 || m.energy_per_output_token_j !== void 0;
}
function capacityCosts(doc) {
  const cost = doc.config.cost;
  if (cost === void 0) return [];
  const hourly = hourlyUsd(cost);
  return (doc.capacity ?? []).flatMap((c) => {
    const e = c.search?.capacity_output_tps;
    if (e === void 0 || c.search?.status === "below-range") return [];
    return [{ id: c.id, tps: e.value, usd: costPerMtok(hourly, e.value), lo: e.hi === null ? null : costPerMtok(hourly, e.hi), hi: costPerMtok(hourly, e.lo) }];
  });
}
function capacityLines(doc) {
  return capacityCosts(doc).map((c) => `${c.id}: at capacity (${sig(c.tps)} output tok/s) $${sig(c.usd)} per million output tokens (${c.lo === null ? "at most" : `$${sig(c.lo)}-`}$${sig(c.hi)})`);
}
function efficiencySection(doc, baseline = null) {
  const cells = doc.cells.filter(hasFigures);
  const capacity = capacityLines(doc);
  if (cells.length === 0 && capacity.length === 0) return null;
  const out = ["### Cost and energy", ""];
  const price = doc.config.cost === void 0 ? "no price set (cost:)" : `price ${describeCost(doc.config.cost)}`;
  const basePrice = baseline?.config.cost;
  out.push(
    `${price}${baseline === null ? "" : basePrice === void 0 ? "; the baseline has no price" : `; baseline ${describeCost(basePrice)}`}. Cost at the measured throughput; energy from the GPUs' sampled power over the measured window (trapezoid rule).`,
    ""
  );
  if (cells.length > 0) {
    const byId = new Map((baseline?.cells ?? []).map((c) => [c.id, c]));
    const head = ["cell", "USD / M output tok", "USD / M total tok", "J / output tok"];
    const rows = cells.map((c) => {
      const b = byId.get(c.id)?.metrics;
      const pair = (x, y) => b === void 0 ? sig(x) : `${sig(x)} (baseline ${sig(y)})`;
      return [
        escapeMd(c.id),
        pair(c.metrics.cost_per_mtok_output_usd, b?.cost_per_mtok_output_usd),
        pair(c.metrics.cost_per_mtok_total_usd, b?.cost_per_mtok_total_usd),
        pair(c.metrics.energy_per_output_token_j, b?.energy_per_output_token_j)
      ];
    });
    out.push(markdownTable([head, ...rows], { align: ["l", "r", "r", "r"] }));
  }
  if (capacity.length > 0) out.push("", ...capacity.map((l) => `- ${escapeMd(l)}`));
  return out.join("\n");
}
function efficiencyLines(doc) {
  const lines = doc.cells.filter(hasFigures).map((c) => {
    const m = c.metrics;
    const parts = [];
    if (m.cost_per_mtok_output_usd !== void 0) parts.push(`$${sig(m.cost_per_mtok_output_usd)}/M output tok, $${sig(m.cost_per_mtok_total_usd)}/M total tok`);
    if (m.energy_per_output_token_j !== void 0) parts.push(`${sig(m.energy_per_output_token_j)} J/output tok`);
    return `${c.id}: ${parts.join(", ")}`;
  });
  const capacity = capacityLines(doc);
  if (lines.length === 0 && capacity.length === 0) return [];
  const price = doc.config.cost === void 0 ? "" : ` at ${describeCost(doc.config.cost)}`;
  return [`cost and energy${price}:`, ...lines.map((l) => `  ${l}`), ...capacity.map((l) => `  ${l}`)];
}

// src/report/terminal.ts
var fmt = (x, digits = 1) => x === null || x === void 0 || !Number.isFinite(x) ? "-" : x.toFixed(digits);
function renderTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows.map((r, i) => {
    const line = r.map((cell, c) => c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])).join("  ");
    return i === 0 ? `${line}
${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
  }).join("\n");
}
function tableWidth(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
}
function fitTable(rows, width, dropFirst) {
  let kept = rows;
  const dropped = [];
  if (width === null) return { rows, dropped };
  for (const name of dropFirst) {
    if (tableWidth(kept) <= width) break;
    const c = kept[0].indexOf(name);
    if (c < 0) continue;
    kept = kept.map((r) => r.filter((_, i) => i !== c));
    dropped.push(name);
  }
  return { rows: kept, dropped };
}
function droppedNote(dropped, width) {
  return dropped.length === 0 ? null : `not shown at ${width} columns: ${dropped.join(", ")} (a wider terminal, or output to a file or a pipe, shows every column)`;
}
var RESULT_DROP_ORDER = ["in tok/s", "e2e p50", "itl p99", "tpot p50", "ttft p50", "e2e p99", "out tok/s", "tpot p99"];
function resultTable(doc, width = null) {
  const header = ["cell", "ok/sent", "err%", "rps", "in tok/s", "out tok/s", "ttft p50", "ttft p99", "tpot p50", "tpot p99", "itl p99", "e2e p50", "e2e p99"];
  const rows = [header];
  const pc = new PercentileCells((x) => fmt(x), "-");
  const pct2 = pc.cell.bind(pc);
  for (const c of doc.cells) {
    const m = c.metrics;
    rows.push([
      forTerminal(c.id) + (c.status === "complete" ? "" : ` [${c.status}]`) + (c.client.saturated ? " [client saturated]" : ""),
      `${m.counts.completed}/${m.counts.attempted}`,
      fmt(m.error_rate * 100),
      fmt(m.rps, 2),
      fmt(m.input_tps, 0),
      fmt(m.output_tps, 0),
      pct2(m.ttft_ms, "p50"),
      pct2(m.ttft_ms, "p99"),
      pct2(m.tpot_ms, "p50"),
      pct2(m.tpot_ms, "p99"),
      pct2(m.itl_ms, "p99"),
      pct2(m.e2e_ms, "p50"),
      pct2(m.e2e_ms, "p99")
    ]);
  }
  const fitted = fitTable(rows, width, RESULT_DROP_ORDER);
  const rough = pc.note();
  const notes = [`latencies in ms${rough === null ? "" : `; ${rough}`}`];
  const dropped = droppedNote(fitted.dropped, width);
  if (dropped !== null) notes.push(dropped);
  for (const c of doc.cells) {
    for (const [cls, e] of Object.entries(c.metrics.errors)) {
      notes.push(`${forTerminal(c.id)}: ${e.count} x ${forTerminal(cls)}: ${forTerminal(e.examples[0] ?? "")}`);
    }
    for (const r of c.client.reasons) notes.push(`${forTerminal(c.id)}: client saturated: ${forTerminal(r)}`);
  }
  notes.push(...rampLines(doc).map((l) => forTerminal(l)));
  notes.push(...efficiencyLines(doc).map((l) => forTerminal(l)));
  notes.push(...turnsLines(doc).map((l) => forTerminal(l)));
  const capacity = capacityTerminalLines(doc.capacity);
  return `${renderTable(fitted.rows)}
${notes.join("\n")}${capacity === "" ? "" : `
${capacity}`}`;
}

// src/result/write.ts
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

// src/result/telemetry-bounds.ts
var MAX_DROPPED_NOTES = 10;
var MAX_KEPT = 3 * MAX_DROPPED_NOTES;
var Notes = class {
  list = [];
  more = 0;
  add(path, value) {
    if (this.list.length < MAX_DROPPED_NOTES) this.list.push(`${path}: ${String(value)}`);
    else this.more++;
  }
  done(prior) {
    const all = [...prior ?? [], ...this.list, ...this.more > 0 ? [`and ${this.more} more`] : []];
    return all.length > MAX_KEPT ? [...all.slice(0, MAX_KEPT), `and ${all.length - MAX_KEPT} more notes`] : all;
  }
};
function nullable(value, path, notes, ok = isFigure) {
  if (value === null || ok(value)) return value;
  notes.add(path, value);
  return null;
}
function clamped(value, path, notes) {
  if (isFigure(value)) return value;
  notes.add(path, value);
  return Number.isNaN(value) ? 0 : Math.max(-MAX_FIGURE, Math.min(MAX_FIGURE, value));
}
function stat(s, path, notes) {
  if (s === null) return null;
  for (const k of ["mean", "max", "p95", "samples"]) {
    if (!isFigure(s[k])) {
      notes.add(`${path}/${k}`, s[k]);
      return null;
    }
  }
  return s;
}
var GPU_STATS = ["utilization_pct", "memory_used_mib", "power_w", "sm_clock_mhz", "mem_clock_mhz", "temperature_c"];
function gpu(g, path, notes) {
  if (!(Number.isInteger(g.index) && g.index >= 0 && isFigure(g.index))) {
    notes.add(`${path}/index`, g.index);
    return null;
  }
  const out = { ...g, memory_total_mib: nullable(g.memory_total_mib, `${path}/memory_total_mib`, notes) };
  for (const k of GPU_STATS) out[k] = stat(g[k], `${path}/${k}`, notes);
  if (g.energy_j !== void 0) out.energy_j = nullable(g.energy_j, `${path}/energy_j`, notes);
  return out;
}
function gpuProcess(p, path, notes) {
  if (!(Number.isInteger(p.pid) && isFigure(p.pid))) {
    notes.add(`${path}/pid`, p.pid);
    return null;
  }
  return { ...p, used_memory_mib: nullable(p.used_memory_mib, `${path}/used_memory_mib`, notes) };
}
var isShare = (x) => x >= 0 && x <= 1;
function engine(e, path, notes) {
  const raw = {};
  let left = 0;
  for (const [name, value] of Object.entries(e.raw)) {
    if (isFigure(value)) raw[name] = value;
    else {
      notes.add(`${path}/raw/${name}`, value);
      left++;
    }
  }
  const tc = e.token_check;
  return {
    ...e,
    scrapes: clamped(e.scrapes, `${path}/scrapes`, notes),
    failed_scrapes: clamped(e.failed_scrapes, `${path}/failed_scrapes`, notes),
    running: stat(e.running, `${path}/running`, notes),
    waiting: stat(e.waiting, `${path}/waiting`, notes),
    kv_cache_usage: stat(e.kv_cache_usage, `${path}/kv_cache_usage`, notes),
    // The schema holds a rate to 0..1: beyond it the reader refuses the file, as beyond ±1e12.
    prefix_cache_hit_rate: nullable(e.prefix_cache_hit_rate, `${path}/prefix_cache_hit_rate`, notes, isShare),
    preemptions: nullable(e.preemptions, `${path}/preemptions`, notes),
    prompt_tokens: nullable(e.prompt_tokens, `${path}/prompt_tokens`, notes),
    cached_prompt_tokens: nullable(e.cached_prompt_tokens, `${path}/cached_prompt_tokens`, notes),
    generation_tokens: nullable(e.generation_tokens, `${path}/generation_tokens`, notes),
    token_check: tc === null ? null : {
      ...tc,
      client_prompt: clamped(tc.client_prompt, `${path}/token_check/client_prompt`, notes),
      client_completion: clamped(tc.client_completion, `${path}/token_check/client_completion`, notes),
      server_prompt: nullable(tc.server_prompt, `${path}/token_check/server_prompt`, notes),
      server_generation: nullable(tc.server_generation, `${path}/token_check/server_generation`, notes)
    },
    raw,
    raw_dropped: clamped(e.raw_dropped + left, `${path}/raw_dropped`, notes)
  };
}
function neighbours(n, path, notes) {
  return {
    ...n,
    others_cpu_share: nullable(n.others_cpu_share, `${path}/others_cpu_share`, notes),
    others_cores: nullable(n.others_cores, `${path}/others_cores`, notes),
    cpus: clamped(n.cpus, `${path}/cpus`, notes),
    limit: clamped(n.limit, `${path}/limit`, notes)
  };
}
function boundTelemetry(t, carried = []) {
  const notes = new Notes();
  const out = {
    ...t,
    duration_s: clamped(t.duration_s, "duration_s", notes),
    gpu: {
      ...t.gpu,
      interval_ms: clamped(t.gpu.interval_ms, "gpu/interval_ms", notes),
      gpus: t.gpu.gpus.flatMap((g, i) => gpu(g, `gpu/gpus/${i}`, notes) ?? []),
      other_processes: t.gpu.other_processes.flatMap((p, i) => gpuProcess(p, `gpu/other_processes/${i}`, notes) ?? []),
      ...t.gpu.energy === void 0 ? {} : { energy: { ...t.gpu.energy, joules: nullable(t.gpu.energy.joules, "gpu/energy/joules", notes) } }
    },
    engine: t.engine === null ? null : engine(t.engine, "engine", notes),
    neighbours: neighbours(t.neighbours, "neighbours", notes)
  };
  const dropped = notes.done([...t.dropped ?? [], ...carried]);
  if (dropped.length === 0) return t;
  return { ...out, dropped };
}

// src/result/write.ts
function boundCell(cell) {
  return {
    ...cell,
    ...cell.telemetry ? { telemetry: boundTelemetry(cell.telemetry) } : {},
    trials: cell.trials.map((t) => t.telemetry ? { ...t, telemetry: boundTelemetry(t.telemetry) } : t)
  };
}
async function writeAtomic(path, text) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => void 0);
    throw err;
  }
}
function fallbackPath(path) {
  return join(tmpdir(), `llm-perf-gate-${process.pid}-${basename(path)}`);
}
async function writeOutputFile(path, text, what) {
  try {
    await writeFile(path, text);
  } catch (err) {
    throw new OutputWriteError(path, what, err);
  }
}
async function writeResult(path, doc) {
  const clean = scrubDeep({ ...doc, cells: doc.cells.map(boundCell) });
  const text = `${JSON.stringify(clean, null, 1)}
`;
  const problem = textBeyondBounds(text) ?? resultProblem(JSON.parse(text));
  try {
    await writeAtomic(path, text);
  } catch (err) {
    const kept = fallbackPath(path);
    const saved = await writeAtomic(kept, text).then(
      () => true,
      () => false
    );
    throw new OutputWriteError(path, "the result", err, saved ? kept : null, saved ? null : text);
  }
  if (problem !== null) throw new Error(`the result written to ${path} is one its reader refuses (a bug of llm-perf-gate, please report it): ${problem}`);
}

export {
  escapeMd,
  codeSpan,
  markdownTable,
  loadValue,
  parseCapacitySlos,
  minRequestsFor,
  holds,
  judgeSlo,
  combine,
  capacityTerminalLine,
  capacityCellSection,
  capacityVerdictRows,
  rampSection,
  PercentileCells,
  turnsSection,
  efficiencyOf,
  efficiencySection,
  renderTable,
  fitTable,
  droppedNote,
  resultTable,
  boundTelemetry,
  writeOutputFile,
  writeResult
};
