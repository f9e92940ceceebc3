// The history inputs (change-comment, dashboard, dashboard-branch,
// dashboard-url, history-compact): defaults, and errors that name the input.
import { describe, expect, it } from 'vitest';
import { dashboardUrl, repoUrl } from '../../src/action/history-push.js';
import { readInputs } from '../../src/action/inputs.js';
import type { RunEvent } from '../../src/action/event.js';

const read = (given: Record<string, string>) =>
  readInputs(
    (name) => given[name] ?? '',
    () => {},
  );
const event = { owner: 'Acme', repo: 'serving' } as RunEvent;

describe('history inputs', () => {
  it('default to off, gh-pages and no dashboard link', () => {
    const i = read({});
    expect(i.history).toEqual({ changeComment: false, dashboard: false, dashboardBranch: 'gh-pages', dashboardUrl: null, compact: false });
    expect(dashboardUrl(i, event)).toBeNull();
  });

  it("link GitHub Pages' default address when the action publishes, or the given URL", () => {
    expect(dashboardUrl(read({ dashboard: 'true' }), event)).toBe('https://acme.github.io/serving/');
    expect(dashboardUrl(read({ 'dashboard-url': 'https://perf.example.com/serving/' }), event)).toBe('https://perf.example.com/serving/');
    expect(repoUrl(event, { GITHUB_SERVER_URL: 'https://ghe.example.com/' })).toBe('https://ghe.example.com/Acme/serving');
    expect(repoUrl(event, {})).toBe('https://github.com/Acme/serving');
  });

  it('name the input and the bad value', () => {
    expect(() => read({ dashboard: 'yes' })).toThrow("'dashboard' must be one of true|false, got 'yes'");
    expect(() => read({ 'history-compact': '1' })).toThrow("'history-compact' must be one of true|false, got '1'");
    expect(() => read({ 'dashboard-branch': '-x' })).toThrow("'dashboard-branch' must be a plain branch name, got '-x'");
    expect(() => read({ 'dashboard-branch': 'llm-perf-history' })).toThrow("'dashboard-branch' must differ from 'history-branch' ('llm-perf-history'): publishing replaces the branch");
    expect(() => read({ 'dashboard-url': 'javascript:alert(1)' })).toThrow("'dashboard-url' must be an https:// URL, got 'javascript:alert(1)'");
    expect(() => read({ 'dashboard-url': 'https://x.example/a) [y](https://evil' })).toThrow("'dashboard-url' must be an https:// URL");
  });
});
