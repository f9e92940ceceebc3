import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/workload/tokenizer.ts
var PLAIN_TEXT = { disallowedSpecial: /* @__PURE__ */ new Set() };
var loaders = {
  o200k_base: () => import("./o200k_base-BK3W6FB4.js"),
  cl100k_base: () => import("./cl100k_base-KG6EMM4J.js")
};
var cache = /* @__PURE__ */ new Map();
var SLICE = 1024;
var MIN_CUT = SLICE / 2;
function sliceEnd(s) {
  for (let i = s.lastIndexOf(" ", SLICE); i >= MIN_CUT; i = s.lastIndexOf(" ", i - 1)) {
    const prev = s.charCodeAt(i - 1);
    if (prev !== 32 && prev !== 10 && prev !== 13 && prev !== 9) return i;
  }
  const last = s.charCodeAt(SLICE - 1);
  return last >= 55296 && last <= 56319 ? SLICE - 1 : SLICE;
}
function bySlice(text, f) {
  let at = 0;
  while (text.length - at > SLICE) {
    const cut = sliceEnd(text.slice(at, at + SLICE + 1));
    f(text.slice(at, at + cut));
    at += cut;
  }
  f(at === 0 ? text : text.slice(at));
}
function lazyTokenCounter(enc) {
  let tok = null;
  let loading = null;
  const ready = () => {
    loading ??= getTokenizer(enc).then(
      (t) => tok = t,
      (err) => {
        loading = null;
        throw err;
      }
    );
    return loading;
  };
  return {
    count: (text) => {
      if (tok !== null) return tok.count(text);
      ready().catch(() => void 0);
      return null;
    },
    ready
  };
}
async function getTokenizer(enc) {
  let pending = cache.get(enc);
  if (pending === void 0) {
    const load = loaders[enc];
    if (load === void 0) throw new Error(`unknown token encoding '${String(enc)}'`);
    const attempt = load().then((mod) => ({
      encoding: enc,
      vocabularySize: mod.vocabularySize,
      encode: (text) => {
        if (text.length <= SLICE) return mod.encode(text, PLAIN_TEXT);
        const ids = [];
        bySlice(text, (part) => {
          for (const id of mod.encode(part, PLAIN_TEXT)) ids.push(id);
        });
        return ids;
      },
      decode: (ids) => mod.decode(ids),
      // countTokens walks the BPE without materialising the id array.
      count: (text) => {
        if (text.length <= SLICE) return mod.countTokens(text, PLAIN_TEXT);
        let n = 0;
        bySlice(text, (part) => n += mod.countTokens(part, PLAIN_TEXT));
        return n;
      }
    }));
    attempt.catch(() => {
      if (cache.get(enc) === attempt) cache.delete(enc);
    });
    cache.set(enc, attempt);
    pending = attempt;
  }
  return pending;
}

export {
  SLICE,
  sliceEnd,
  lazyTokenCounter,
  getTokenizer
};
