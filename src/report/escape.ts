// Untrusted text (model names, server messages, cell ids from a result file)
// must not become Markdown or HTML: a model named `</details><img src=x>`
// would otherwise rewrite the pull-request comment.
// HTML (< > & ") and the Markdown that can link, embed or break a table
// (`[ ] | \ * and backticks). Underscores stay: GFM does not emphasise
// inside words, and metric ids are full of them.
const MD_SPECIAL = /[\\`*[\]|<>&"]/g;

export function escapeMd(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(MD_SPECIAL, (ch) => `&#${ch.charCodeAt(0)};`)
    .slice(0, 500);
}
