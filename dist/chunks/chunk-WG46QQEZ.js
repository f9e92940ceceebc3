import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  UsageError
} from "./chunk-F7EZCM6P.js";

// src/cli/args.ts
import { parseArgs } from "node:util";
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i][j] = v;
    }
  }
  return d[a.length][b.length];
}
function closestOption(given, known) {
  const name = given.replace(/^-+/, "").replace(/=.*$/, "").toLowerCase();
  if (name === "") return null;
  let best = null;
  let bestD = name.length <= 4 ? 1 : 2;
  for (const k of known) {
    const dk = distance(name, k);
    if (dk <= bestD && (best === null || dk < bestD)) {
      best = k;
      bestD = dk;
    }
  }
  if (best !== null) return best;
  const prefixed = known.filter((k) => k.startsWith(name));
  return prefixed.length === 1 ? prefixed[0] : null;
}
var CONFIG_SETTINGS = {
  concurrency: "loads[].concurrency",
  rate: "loads[].rate",
  requests: "run.requests",
  trials: "run.trials",
  warmup: "run.warmup",
  workers: "run.workers",
  seed: "seed",
  "api-key": "target.api_key_env (the name of the variable that holds the key)",
  "api-key-env": "target.api_key_env",
  headers: "target.headers",
  "input-tokens": "scenarios[].input_tokens",
  "output-tokens": "scenarios[].output_tokens"
};
function usageProblem(err, command, options, usage) {
  const code = err.code;
  const message = err instanceof Error ? err.message : String(err);
  const unknown = code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /Unknown option '([^']+)'/.exec(message)?.[1] : void 0;
  if (unknown !== void 0) {
    const known = Object.keys(options ?? {});
    const near = closestOption(unknown, known);
    let hint = near === null ? "" : `; did you mean '--${near}'?`;
    const setting = near === null && known.includes("config") ? closestOption(unknown, Object.keys(CONFIG_SETTINGS)) : null;
    if (setting !== null) hint = `; ${setting} is set in the config file (--config FILE), as ${CONFIG_SETTINGS[setting]}`;
    return new UsageError(`unknown option '${unknown}' for '${command}'${hint}

${usage}`);
  }
  return new UsageError(`${message}

${usage}`);
}
function parseCommandArgs(args, command, options, usage, positionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: positionals });
  } catch (err) {
    throw usageProblem(err, command, options, usage);
  }
}

export {
  parseCommandArgs
};
