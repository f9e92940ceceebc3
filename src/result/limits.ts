// Bounds a result document must keep before any code parses or walks it. A
// result may come from a fork (an artifact, the history branch): without
// them, a file nested 200,000 deep overflows the stack of the first recursive
// walk, and a huge one costs seconds and gigabytes before any check says no
// (issue 19, item 6). Checked on the raw text, in one linear pass that keeps
// no state but a counter.

/**
 * The largest result text read. A genuine result is about 40 KB per cell of
 * 60 requests plus ~50 bytes per further request; 128 MiB is 2 million
 * requests' samples, more than any gate run measures, and bounds what
 * JSON.parse allocates for a hostile one.
 */
export const MAX_RESULT_BYTES = 128 * 1024 * 1024;
/**
 * The longest string a result may hold. The longest this tool writes are
 * config values (a system prompt in extra_body) and bounded server strings
 * (src/util/safe-text.ts clip); 1 MiB keeps a crafted model name from
 * reaching every verdict reason and report line at hundreds of MB.
 */
export const MAX_RESULT_STRING = 1024 * 1024;
/** Results this tool writes nest 8 deep (a config's extra_body may add a few); a walk at 100 is safe on any stack. */
const MAX_RESULT_DEPTH = 100;

/** Why `text` exceeds the bounds (size, then nesting and string length), or null; brackets inside strings do not count. */
export function textBeyondBounds(text: string): string | null {
  if (text.length > MAX_RESULT_BYTES) return `${text.length} characters, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`;
  let depth = 0;
  let inString = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      if (i - from > MAX_RESULT_STRING) return `a string at character ${from} longer than the ${MAX_RESULT_STRING / 1024 / 1024} MiB a result's strings may be`;
    } else if (c === 0x22) {
      inString = true;
      from = i;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_RESULT_DEPTH) return `nested more than ${MAX_RESULT_DEPTH} deep at character ${i}`;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return null;
}
