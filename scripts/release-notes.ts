// The release's notes: `node scripts/run-ts.mjs scripts/release-notes.ts vX.Y.Z` prints the
// `## X.Y.Z` section of CHANGELOG.md, after checking that the tag is a plain
// vX.Y.Z and names package.json's version. Any mismatch exits 1 with the
// reason, so the release workflow (.github/workflows/release.yml, docs/release.md)
// stops before it creates a release or moves a tag.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The problem with tag against the package's version, or null. */
export function tagProblem(tag: string, version: string): string | null {
  if (!/^v\d+\.\d+\.\d+$/.test(tag)) return `tag ${tag} is not of the form vX.Y.Z`;
  if (tag !== `v${version}`) return `tag ${tag} does not name package.json's version ${version}: bump the version and add its CHANGELOG.md section first`;
  return null;
}

/** The body of the `## version` section of a changelog (up to the next `## `), or null when it has none or it is empty. */
export function releaseNotes(changelog: string, version: string): string | null {
  const lines = changelog.split('\n');
  const heading = new RegExp(`^## \\[?${version.replaceAll('.', '\\.')}\\]?(\\s|$)`);
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return null;
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end++;
  const body = lines
    .slice(start + 1, end)
    .join('\n')
    .trim();
  return body === '' ? null : `${body}\n`;
}

function main(argv: string[]): number {
  const tag = argv[0] ?? '';
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const problem = tagProblem(tag, version);
  if (problem) {
    process.stderr.write(`release-notes: ${problem}\n`);
    return 1;
  }
  const notes = releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version);
  if (notes === null) {
    process.stderr.write(`release-notes: CHANGELOG.md has no section '## ${version}' (or it is empty)\n`);
    return 1;
  }
  process.stdout.write(notes);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
