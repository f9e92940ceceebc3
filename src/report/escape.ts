// Untrusted text (model names, server messages, cell ids from a result file)
// must not become Markdown or HTML: a model named `</details><img src=x>`
// would otherwise rewrite the pull-request comment.
const MD_SPECIAL = /[\\`*_{}[\]()#+!|<>&~"]/g;

export function escapeMd(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(MD_SPECIAL, (ch) => `&#${ch.charCodeAt(0)};`)
    .slice(0, 500);
}
