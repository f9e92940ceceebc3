import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  BAR_EMPTY,
  BAR_FILLED
} from "./chunk-BHKQ45ST.js";
import {
  hostLog
} from "./chunk-FQOMYLCJ.js";
import {
  systemClock
} from "./chunk-HN4QBAMF.js";

// src/cli/colour.ts
var SGR = { red: "31", yellow: "33", cyan: "36", green: "32", dim: "2", bold: "1" };
function colourWanted(isTTY, env) {
  return isTTY === true && (env.NO_COLOR === void 0 || env.NO_COLOR === "");
}
function paint(text, ...styles) {
  return `\x1B[${styles.map((s) => SGR[s]).join(";")}m${text}\x1B[0m`;
}
function paintPrefix(prefix) {
  if (prefix === "error: ") return paint(prefix, "red", "bold");
  if (prefix === "warning: ") return paint(prefix, "yellow");
  if (prefix === "note: ") return paint(prefix, "cyan");
  return prefix;
}
function paintStatus(line) {
  return line.replace(new RegExp(`${BAR_FILLED}+`, "g"), (m) => paint(m, "green")).replace(new RegExp(`${BAR_EMPTY}+`, "g"), (m) => paint(m, "dim")).replace(/(^|\s)([1-9]\d* failed)(?=\s|$)/, (_m, pre, f) => `${pre}${paint(f, "red")}`);
}

// src/cli/host.ts
var PREFIX = { out: "", info: "", notice: "note: ", warn: "warning: ", error: "error: " };
var CLEAR_LINE = "\r\x1B[2K";
function cliSink(io) {
  let statusShown = false;
  const clear = () => {
    if (statusShown) io.stderr.write(CLEAR_LINE);
    statusShown = false;
  };
  const colour = colourWanted(io.stderr.isTTY, io.env);
  const sink = {
    write(level, text) {
      clear();
      const prefix = PREFIX[level];
      if (level === "out") io.stdout.write(`${text}
`);
      else io.stderr.write(`${colour ? paintPrefix(prefix) : prefix}${text}
`);
    },
    // Tables fit stdout's terminal; a file or a pipe gets them whole.
    columns: (stream) => {
      const s = stream === "out" ? io.stdout : io.stderr;
      return s.isTTY === true && typeof s.columns === "number" && s.columns > 0 ? s.columns : null;
    }
  };
  if (io.stderr.isTTY === true) {
    sink.status = (text) => {
      io.stderr.write(`${CLEAR_LINE}${colour ? paintStatus(text) : text}`);
      statusShown = true;
    };
  }
  return sink;
}
function cliLog(io) {
  return hostLog(cliSink(io));
}
function cliHost(io, what) {
  const log = cliLog(io);
  const ac = new AbortController();
  const release = io.onInterrupt(() => {
    log.warn(`interrupted: finishing ${what} with what was measured`);
    ac.abort();
  });
  const host = {
    log,
    signal: ac.signal,
    clock: systemClock,
    cwd: io.cwd,
    env: io.env,
    // The CLI has no step outputs, later steps or job summary: its files are its outputs.
    setOutput: () => void 0,
    saveState: () => void 0,
    summary: async () => void 0
  };
  return { host, release };
}

export {
  cliLog,
  cliHost
};
