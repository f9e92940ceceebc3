// The release workflow's first check (scripts/release-notes.ts, docs/release.md):
// the tag must name package.json's version, and CHANGELOG.md must have its notes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { releaseNotes, tagProblem } from '../scripts/release-notes.js';

const CHANGELOG = ['# Changelog', '', 'intro', '', '## 0.2.0', '', '- two', '', '## [0.1.0] - 2026-01-01', '', '- one', '- more', ''].join('\n');

describe('release notes', () => {
  it('accept only a plain vX.Y.Z tag that names the version', () => {
    expect(tagProblem('v0.1.0', '0.1.0')).toBeNull();
    expect(tagProblem('v0.1.1', '0.1.0')).toContain("does not name package.json's version 0.1.0");
    expect(tagProblem('v0', '0.1.0')).toContain('not of the form vX.Y.Z');
    expect(tagProblem('v0.2.0-rc.1', '0.2.0-rc.1')).toContain('not of the form vX.Y.Z');
    expect(tagProblem('0.1.0', '0.1.0')).toContain('not of the form vX.Y.Z');
  });

  it('are the version section of the changelog, up to the next one', () => {
    expect(releaseNotes(CHANGELOG, '0.2.0')).toBe('- two\n');
    expect(releaseNotes(CHANGELOG, '0.1.0')).toBe('- one\n- more\n');
    expect(releaseNotes(CHANGELOG, '0.1')).toBeNull();
    expect(releaseNotes(CHANGELOG, '0.3.0')).toBeNull();
    expect(releaseNotes('## 0.4.0\n\n## 0.3.0\n- x\n', '0.4.0')).toBeNull();
  });

  it('exist in CHANGELOG.md for the version in package.json', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version)).toMatch(/\S/);
  });
});
