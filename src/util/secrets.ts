// Known secret values are scrubbed from every string this tool stores or
// prints. A server may reflect request headers into its error messages, model
// ids or fingerprints; without this the API key would land verbatim in the
// result file, the log and the pull-request comment.
//
// A process-wide registry, like the runner's own `::add-mask::`: the run
// registers the API key, every configured header value and the GitHub token
// once, and the sinks (result writing, terminal and log text, Markdown) scrub
// without each caller threading the values through.
//
// Values shorter than MIN_SECRET_LENGTH are not scrubbed: replacing "1" or
// "on" would mangle every number and word in a report, and real keys and
// tokens are far longer. URL query strings are dropped from any URL in the
// text (`?…`): they often carry keys (`?api_key=`), and nothing here needs them.

const MIN_SECRET_LENGTH = 6;
const REDACTED = '***';

const secrets = new Set<string>();
/** Longest first, so a value that contains another is replaced whole. */
let ordered: string[] = [];

function variants(value: string): string[] {
  // As sent, and as a server may echo it inside JSON or a URL.
  const out = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  return [...out].filter((v) => v.length >= MIN_SECRET_LENGTH);
}

/** Adds values to scrub from now on; null, undefined and short values are ignored. */
export function registerSecrets(values: Iterable<string | null | undefined>): void {
  for (const v of values) {
    if (typeof v !== 'string' || v.length < MIN_SECRET_LENGTH) continue;
    for (const x of variants(v)) secrets.add(x);
  }
  ordered = [...secrets].sort((a, b) => b.length - a.length);
}

/** Forgets every registered value (tests; a long-lived process between runs). */
export function clearSecrets(): void {
  secrets.clear();
  ordered = [];
}

const URL_QUERY = /\b(https?:\/\/[^\s?#"'<>()]*)\?[^\s#"'<>()]*/gi;

/** Drops the query string of a URL, keeping scheme, host and path. */
export function redactUrl(url: string): string {
  return url.replace(URL_QUERY, '$1?…');
}

/** The text with every registered secret replaced by *** and URL query strings dropped. */
export function scrubText(text: string): string {
  let out = text;
  for (const s of ordered) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
  return out.includes('?') ? redactUrl(out) : out;
}

/** A copy of a JSON-like value with scrubText applied to every string, keys included. */
export function scrubDeep<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(walk);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k), walk(v)]));
}
