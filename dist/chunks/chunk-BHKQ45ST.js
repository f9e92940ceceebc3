import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  UserError
} from "./chunk-26N6UM4G.js";

// src/errors/output-write-error.ts
var CAUSES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is spent",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOENT: "the folder does not exist",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "the path is a folder",
  EFBIG: "the file is too large for the file system"
};
function writeCause(err) {
  const code = err?.code;
  if (typeof code === "string") return `${CAUSES[code] ?? "the write failed"} (${code})`;
  return err instanceof Error ? err.message.split("\n")[0] : String(err);
}
var OutputWriteError = class extends UserError {
  constructor(file, what, cause, keptAt = null, unsaved = null) {
    const kept = keptAt !== null ? `; what was measured is kept in ${keptAt}` : unsaved !== null ? "; nor could it be kept in the temporary folder" : "";
    super(`could not write ${what} to ${file}: ${writeCause(cause)}${kept}`, { cause });
    this.file = file;
    this.keptAt = keptAt;
    this.unsaved = unsaved;
  }
  file;
  keptAt;
  unsaved;
  name = "OutputWriteError";
};

// src/pipeline/progress-line.ts
function stepLabel(s) {
  const trial = s.trials > 1 ? `, trial ${s.trial + 1}/${s.trials}` : "";
  return `cell ${s.cell + 1}/${s.cells}${trial} ${s.side}${s.id}`;
}
function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor(s % 3600 / 60)).padStart(2, "0")}m`;
}
var BAR_FILLED = "\u2588";
var BAR_EMPTY = "\u2591";
function bar(done, total, width) {
  const f = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const n = Math.round(f * width);
  return BAR_FILLED.repeat(n) + BAR_EMPTY.repeat(width - n);
}
var BAR_WIDTH = 20;
var MID_BAR_WIDTH = 12;
var MIN_BAR_WIDTH = 6;
function liveLine(s, columns) {
  const warm = s.phase === "warmup";
  const [done, total] = warm ? [s.warmDone, s.warmPlanned] : [s.done, s.planned];
  const pct = `${Math.floor(total > 0 ? Math.min(100, 100 * done / total) : 0)}%`.padStart(4);
  const counts = warm ? `warm-up ${s.warmDone}/${s.warmAuto ? `\u2264${s.warmPlanned}` : s.warmPlanned}` : `${s.done}/${s.planned} req`;
  const parts = [
    { key: "label", text: s.label },
    { key: "counts", text: counts },
    { key: "eta", text: `ETA ${s.cellLeftS === null ? "?" : formatDuration(s.cellLeftS)}` },
    { key: "failed", text: `${s.failed} failed` },
    { key: "rate", text: `${s.rate.toFixed(1)} req/s` },
    ...s.runLeftS === null ? [] : [{ key: "run", text: `run ETA ${formatDuration(s.runLeftS)}` }],
    { key: "elapsed", text: formatDuration(s.elapsedS) }
  ];
  const order = ["label", "bar", "counts", "eta", "failed", "rate", "run", "elapsed"];
  const render = (keep2, barWidth) => order.filter((k) => keep2.has(k)).map((k) => k === "bar" ? `${bar(done, total, barWidth)} ${pct}` : parts.find((p) => p.key === k).text).join("  ");
  const keep = /* @__PURE__ */ new Set(["bar", ...parts.map((p) => p.key)]);
  if (columns === null) return render(keep, BAR_WIDTH);
  const max = Math.max(10, columns - 1);
  const stages = [
    [null, BAR_WIDTH],
    ["elapsed", BAR_WIDTH],
    [null, MID_BAR_WIDTH],
    [s.failed === 0 ? "failed" : null, MID_BAR_WIDTH],
    ["rate", MID_BAR_WIDTH],
    [null, MIN_BAR_WIDTH],
    ["run", MIN_BAR_WIDTH],
    ["bar", MIN_BAR_WIDTH],
    ["eta", MIN_BAR_WIDTH]
  ];
  let line = "";
  for (const [drop, width] of stages) {
    if (drop !== null) keep.delete(drop);
    line = render(keep, width);
    if (line.length <= max) return line;
  }
  return `${line.slice(0, max - 1)}\u2026`;
}
function runLeft(stepsAfter, cellLeftS, cellElapsedS, doneStepsS) {
  if (cellLeftS === null) return null;
  const mean = doneStepsS.length > 0 ? doneStepsS.reduce((a, b) => a + b, 0) / doneStepsS.length : cellElapsedS + cellLeftS;
  return cellLeftS + stepsAfter * mean;
}

export {
  OutputWriteError,
  stepLabel,
  BAR_FILLED,
  BAR_EMPTY,
  liveLine,
  runLeft
};
