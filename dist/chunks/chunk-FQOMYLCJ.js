import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  forLog
} from "./chunk-BF4Y2SSP.js";

// src/pipeline/host.ts
function hostLog(sink) {
  const emit = (level, text, title) => sink.write(level, forLog(text), title === void 0 ? void 0 : forLog(title));
  const status = sink.status;
  return {
    out: (text) => emit("out", text),
    info: (text) => emit("info", text),
    notice: (text) => emit("notice", text),
    warn: (text, title) => emit("warn", text, title),
    error: (text, title) => emit("error", text, title),
    status: status === void 0 ? (text) => emit("info", text) : (text) => status.call(sink, forLog(text)),
    async group(title, fn) {
      if (sink.group === void 0) {
        emit("info", title);
        return fn();
      }
      sink.group(forLog(title));
      try {
        return await fn();
      } finally {
        sink.group(null);
      }
    },
    live: status !== void 0,
    columns: (stream) => sink.columns?.(stream) ?? null
  };
}

export {
  hostLog
};
