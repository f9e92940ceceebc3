import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  HistoryUsageError,
  historyFailure
} from "./chunk-CMWYB6EC.js";
import {
  compactHistory
} from "./chunk-PDIHPN2R.js";
import "./chunk-T37RHSDI.js";
import "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import "./chunk-F7EZCM6P.js";
import {
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE
} from "./chunk-XS6I4BEK.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/compact-command.ts
import { isAbsolute, resolve } from "node:path";
var str = (v, k) => typeof v[k] === "string" ? v[k] : null;
async function compactCommand(v, io) {
  try {
    const retentionText = str(v, "retention") ?? "200";
    const retention = Number(retentionText);
    if (!/^[1-9][0-9]*$/.test(retentionText.trim()) || !Number.isSafeInteger(retention)) throw new HistoryUsageError(`--retention must be a positive integer, got '${retentionText}'`);
    const repo = str(v, "repo") ?? ".";
    const branch = str(v, "branch") ?? DEFAULT_HISTORY_BRANCH;
    const c = await compactHistory({ repoDir: isAbsolute(repo) ? repo : resolve(io.cwd, repo), remote: str(v, "remote") ?? DEFAULT_REMOTE, branch, retention, token: null });
    if (c.after === null) {
      io.stdout.write(`no branch '${branch}' on the remote: nothing to compact
`);
      return EXIT.ok;
    }
    io.stdout.write(
      `${branch}: ${c.commitsBefore} commit(s) -> 1 (${c.after.slice(0, 7)}) holding ${c.kept} result(s)${c.pruned.length ? `; pruned ${c.pruned.length} beyond --retention ${retention}` : ""}
`
    );
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
export {
  compactCommand
};
