// Untrusted text (model names, server messages, cell ids from a result file)
// must not become Markdown or HTML: a model named `</details><img src=x>`
// would otherwise rewrite the pull-request comment.
// HTML (< > & ") and the Markdown that can link, embed or break a table
// (`[ ] | \ * and backticks). Underscores stay: GFM does not emphasise
// inside words, and metric ids are full of them.
import { escapeControls } from '../util/safe-text.js';

const MD_SPECIAL = /[\\`*[\]|<>&"]/g;
/**
 * `@name` in a comment notifies that user or team: a model id `@org/team`
 * must not ping anyone (an `@` after a letter, as in `chat@c=4`, is no
 * mention and stays). A zero-width space after the `@` breaks GitHub's
 * mention syntax and renders the same.
 */
const MENTION = /(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])/g;

/**
 * GitHub turns bare URLs into links without any Markdown syntax (GFM's
 * extended autolinks): `https://…`, `http://…`, `ftp://…`, `www.…`, and an
 * e-mail address `a@b.c` (a mailto: link). A fork that names its model
 * `https://evil.example/login` would otherwise plant a clickable link in the
 * bot's comment. A zero-width space goes inside each trigger: after the `:`
 * of `://`, after `www`, and after the `@` of an address (an `@` followed by
 * a dotted domain; `chat@c=4` stays as it is). Not an entity escape of `:`,
 * `.` or `@`: cmark-gfm finds these links in text nodes after entities are
 * decoded, so `&#58;` would link all the same; a zero-width character is part
 * of the text itself, no scheme, `www.` or domain matches across it, and it
 * renders as nothing. Only untrusted text goes through here: the links the
 * report writes itself (the dashboard, docs) are written raw and still link.
 */
const AUTOLINK: readonly [RegExp, string][] = [
  [/:(?=\/\/)/g, ':\u200b'],
  [/(www)(?=\.)/gi, '$1\u200b'],
  [/@(?=[A-Za-z0-9_-]+\.[A-Za-z0-9])/g, '@\u200b'],
  // Issue and pull-request references (`#123`, `GH-123`, `owner/repo#123`):
  // each links, and each puts a "mentioned this" event on that issue's
  // timeline, so a model named `#1 #2 #3 ...` would spam a repository's
  // issues from the bot's comment.
  [/(?<!&)#(?=\d)/g, '#\u200b'], // not the entities escapeMd writes (&#60;)
  [/\b(GH)-(?=\d)/gi, '$1\u200b-'],
];

/** Characters of one untrusted value kept in Markdown (before escaping; the cut is marked, see clip). */
export const MAX_MD_VALUE_CHARS = 500;

export function escapeMd(text: string): string {
  // Clipped first (escapeControls), so a 100 MB model name costs no more than a short one.
  let out = escapeControls(text, MAX_MD_VALUE_CHARS, ' ')
    .replace(MD_SPECIAL, (ch) => `&#${ch.charCodeAt(0)};`)
    .replace(MENTION, '@\u200b');
  for (const [re, to] of AUTOLINK) out = out.replace(re, to);
  return out;
}

/**
 * Untrusted text inside a code span (`...`). Nothing is decoded inside a code
 * span, so escapeMd's entities would show literally (`&#60;=` for `<=`); and
 * nothing is markup there either, so `<`, `&` and `*` may stay raw: GitHub
 * shows them as written and they cannot become HTML. What can still break
 * out: a backtick (it would end the span: replaced by '), a line break (one
 * line: a space), and `|`, which ends a table cell even inside a code span
 * (GFM splits cells before inline parsing; `\|` is the escape it honours
 * there, and shows as `|`). An empty span renders as two backticks: a dash.
 */
export function codeSpan(text: string): string {
  const body = escapeControls(text, MAX_MD_VALUE_CHARS, ' ').replace(/`/g, "'").replace(/\|/g, '\\|');
  return body.trim() === '' ? '–' : `\`${body}\``;
}
