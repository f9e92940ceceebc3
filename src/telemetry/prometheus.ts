// Prometheus text exposition format (0.0.4), the part a scrape needs: sample
// lines with labels and values, and `# TYPE` comments. Written here rather than
// taken from npm: the one parser there (parse-prometheus-text-format 1.1.1) was
// last published in 2019, has no types, and builds histograms we do not use.
// A malformed line is skipped and counted, never fatal: one odd series from an
// engine must not cost the whole scrape.
// Format: https://prometheus.io/docs/instrumenting/exposition_formats/

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Exposition {
  samples: Sample[];
  /** metric family name -> counter | gauge | histogram | summary | untyped */
  types: Map<string, string>;
  /** Lines that were neither comments nor valid samples. */
  badLines: number;
  /** 1-based number and text (cut to 120 characters) of the first bad line; null when none. */
  firstBad: { line: number; text: string } | null;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

function parseValue(s: string): number | null {
  switch (s) {
    case 'NaN':
      return NaN;
    case '+Inf':
    case 'Inf':
      return Infinity;
    case '-Inf':
      return -Infinity;
  }
  // Number('') is 0 and Number('0x10') is 16: neither is a Prometheus float.
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  return Number(s);
}

/** Labels from just after `{`; returns the labels and the index after `}`, or null when malformed. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } | null {
  const labels: Record<string, string> = {};
  let i = start;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '}') return { labels, end: i + 1 };
    const m = LABEL_NAME.exec(line.slice(i));
    if (!m) return null;
    const key = m[0];
    i += key.length;
    while (line[i] === ' ') i++;
    if (line[i] !== '=') return null;
    i++;
    while (line[i] === ' ') i++;
    if (line[i] !== '"') return null;
    i++;
    let value = '';
    for (;;) {
      const c = line[i];
      if (c === undefined) return null;
      if (c === '"') break;
      if (c === '\\') {
        const next = line[i + 1];
        value += next === 'n' ? '\n' : next === '\\' ? '\\' : next === '"' ? '"' : `\\${next ?? ''}`;
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    i++;
    labels[key] = value;
    while (line[i] === ' ') i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') return null;
  }
}

function parseSample(line: string, skip: ((name: string) => boolean) | undefined): Sample | 'skipped' | null {
  const m = NAME.exec(line);
  if (!m) return null;
  const name = m[0];
  if (skip?.(name)) return 'skipped';
  let i = name.length;
  let labels: Record<string, string> = {};
  if (line[i] === '{') {
    const l = parseLabels(line, i + 1);
    if (l === null) return null;
    labels = l.labels;
    i = l.end;
  }
  // The value, then an optional timestamp (ignored: we stamp scrapes ourselves).
  const rest = line.slice(i).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || (rest.length === 2 && !/^-?\d+$/.test(rest[1]!))) return null;
  const value = parseValue(rest[0]!);
  if (value === null) return null;
  return { name, labels, value };
}

/**
 * `skip` drops samples by name before their labels are read: a scrape taken
 * while a cell runs skips histogram buckets, which are most of a vLLM body.
 */
export function parseExposition(text: string, skip?: (name: string) => boolean): Exposition {
  const out: Exposition = { samples: [], types: new Map(), badLines: 0, firstBad: null };
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.replace(/\r$/, '').trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const t = /^#\s*TYPE\s+([a-zA-Z_:][a-zA-Z0-9_:]*)\s+(\w+)/.exec(line);
      if (t) out.types.set(t[1]!, t[2]!);
      continue;
    }
    const s = parseSample(line, skip);
    if (s === 'skipped') continue;
    if (s === null) {
      out.badLines += 1;
      out.firstBad ??= { line: n + 1, text: line.slice(0, 120) };
      continue;
    }
    out.samples.push(s);
  }
  return out;
}

/** Sum of every sample of `name` (all label sets), or null when the series is absent. */
export function sumOf(samples: readonly Sample[], name: string): number | null {
  let found = false;
  let total = 0;
  for (const s of samples) {
    if (s.name !== name || Number.isNaN(s.value)) continue;
    found = true;
    total += s.value;
  }
  return found ? total : null;
}

/** Largest sample of `name` over label sets, or null when absent. */
export function maxOf(samples: readonly Sample[], name: string): number | null {
  let best: number | null = null;
  for (const s of samples) {
    if (s.name !== name || Number.isNaN(s.value)) continue;
    if (best === null || s.value > best) best = s.value;
  }
  return best;
}
