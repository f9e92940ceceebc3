// Accepting an intended regression, the decision: who may, which act is in
// force, what is ignored and why.
import { describe, expect, it } from 'vitest';
import { actorsToCheck, findAcceptance, type AcceptFacts } from '../../src/pipeline/accept.js';

const facts = (over: Partial<AcceptFacts>): AcceptFacts => ({ label: 'perf-accepted', labelEvents: [], comments: [], canWrite: new Set(['maint']), ...over });

describe('findAcceptance', () => {
  it('a label added by a writer accepts; added by someone without write access it is ignored, saying so', () => {
    const byWriter = findAcceptance(facts({ labelEvents: [{ action: 'labeled', label: 'perf-accepted', actor: 'maint', at: '2026-12-01T10:00:00Z' }] }));
    expect(byWriter).toEqual({ acceptance: { by: 'maint', at: '2026-12-01T10:00:00Z', reason: "label 'perf-accepted'", via: 'label' }, ignored: [] });
    const byOther = findAcceptance(facts({ labelEvents: [{ action: 'labeled', label: 'perf-accepted', actor: 'drive-by', at: '2026-12-01T10:00:00Z' }] }));
    expect(byOther).toEqual({ acceptance: null, ignored: ["label 'perf-accepted' added by @drive-by, who has no write access"] });
  });

  it('other labels play no part, and with no label configured the label accepts nothing', () => {
    expect(findAcceptance(facts({ labelEvents: [{ action: 'labeled', label: 'bug', actor: 'maint', at: '2026-12-01T10:00:00Z' }] })).acceptance).toBeNull();
    expect(findAcceptance(facts({ label: null, labelEvents: [{ action: 'labeled', label: 'perf-accepted', actor: 'maint', at: '2026-12-01T10:00:00Z' }] })).acceptance).toBeNull();
  });

  it('a comment command by a writer accepts with its reason; unaccept withdraws; the newest act decides', () => {
    const comments = [
      { author: 'maint', body: '/llm-perf-gate accept the 70B model is slower by design\nLooks fine otherwise.', at: '2026-12-01T10:00:00Z' },
      { author: 'maint', body: '/llm-perf-gate unaccept', at: '2026-12-01T11:00:00Z' },
    ];
    expect(findAcceptance(facts({ comments: comments.slice(0, 1) })).acceptance).toEqual({ by: 'maint', at: '2026-12-01T10:00:00Z', reason: 'the 70B model is slower by design', via: 'comment' });
    expect(findAcceptance(facts({ comments })).acceptance).toBeNull();
    // A label added after the withdrawal accepts again, with the reason the writer gave by command.
    const relabelled = findAcceptance(facts({ comments, labelEvents: [{ action: 'labeled', label: 'perf-accepted', actor: 'maint', at: '2026-12-01T12:00:00Z' }] }));
    expect(relabelled.acceptance).toEqual({ by: 'maint', at: '2026-12-01T12:00:00Z', reason: 'the 70B model is slower by design', via: 'label' });
  });

  it('a command by someone without write access is ignored; text that only mentions the command is not one', () => {
    const r = findAcceptance(
      facts({
        comments: [
          { author: 'fork-author', body: '/llm-perf-gate accept trust me', at: '2026-12-01T10:00:00Z' },
          { author: 'maint', body: 'do not write `/llm-perf-gate accept` here', at: '2026-12-01T10:01:00Z' },
        ],
      }),
    );
    expect(r).toEqual({ acceptance: null, ignored: ["'/llm-perf-gate accept' by @fork-author, who has no write access"] });
  });

  it('a label removed by a writer withdraws it', () => {
    const r = findAcceptance(
      facts({
        labelEvents: [
          { action: 'labeled', label: 'perf-accepted', actor: 'maint', at: '2026-12-01T10:00:00Z' },
          { action: 'unlabeled', label: 'perf-accepted', actor: 'maint', at: '2026-12-01T10:05:00Z' },
        ],
      }),
    );
    expect(r.acceptance).toBeNull();
  });

  it('names who must be checked for write access: labelers of the accept label and authors of commands', () => {
    expect(
      actorsToCheck({
        label: 'perf-accepted',
        labelEvents: [
          { action: 'labeled', label: 'perf-accepted', actor: 'a', at: '1' },
          { action: 'labeled', label: 'bug', actor: 'b', at: '2' },
        ],
        comments: [
          { author: 'c', body: '/llm-perf-gate accept x', at: '3' },
          { author: 'd', body: 'lgtm', at: '4' },
        ],
      }).sort(),
    ).toEqual(['a', 'c']);
  });

  it('takes a command only as the first line of a comment: not in a code block, a quote or later text, not a lookalike, and only with a real reason', () => {
    const at = (m: number): string => `2026-12-01T10:${String(m).padStart(2, '0')}:00Z`;
    const shown = [
      '```\n/llm-perf-gate accept <reason>\n```',
      'To accept, write:\n\n```\n/llm-perf-gate accept <reason>\n```',
      '    /llm-perf-gate accept indented code is an example',
      '> /llm-perf-gate accept quoted from someone else',
      'Looks fine.\n/llm-perf-gate accept not on the first line',
      '/llm-perf-gate accept? I think not.',
      '/llm-perf-gate acceptance of this would be wrong',
      '`/llm-perf-gate accept inline code`',
    ];
    for (const [i, body] of shown.entries()) {
      expect(findAcceptance(facts({ comments: [{ author: 'maint', body, at: at(i) }] })), body).toEqual({ acceptance: null, ignored: [] });
    }
    // A command with no reason, or a template's placeholder for one, is a command that accepts nothing, and says so.
    for (const [body, why] of [
      ['/llm-perf-gate accept', 'gives no reason'],
      ['/llm-perf-gate accept <reason>', "gives no reason ('<reason>' is not one)"],
      ['/llm-perf-gate accept [why]', "gives no reason ('[why]' is not one)"],
      ['/llm-perf-gate accept ok', "gives no reason ('ok' is not one)"],
    ] as const) {
      expect(findAcceptance(facts({ comments: [{ author: 'maint', body, at: at(20) }] })), body).toEqual({
        acceptance: null,
        ignored: [`'/llm-perf-gate accept' by @maint ${why}: write why after the command`],
      });
    }
    // Blank lines before it and a Windows line end are not content.
    expect(findAcceptance(facts({ comments: [{ author: 'maint', body: '\n\n/llm-perf-gate accept slower by design\r\nmore', at: at(30) }] })).acceptance).toMatchObject({ reason: 'slower by design' });
    // A command that withdraws needs no reason.
    const withdrawn = [
      { author: 'maint', body: '/llm-perf-gate accept slower by design', at: at(40) },
      { author: 'maint', body: '/llm-perf-gate unaccept', at: at(41) },
    ];
    expect(findAcceptance(facts({ comments: withdrawn })).acceptance).toBeNull();
  });

  it('binds an acceptance to the head commit whose report it followed: one given before it (or before any report) holds for nothing', () => {
    const labelEvents = [{ action: 'labeled' as const, label: 'perf-accepted', actor: 'maint', at: '2026-12-01T10:00:00Z' }];
    const sha = 'b'.repeat(40);
    // The report on this head was shown at 09:00, the label came at 10:00: accepted.
    expect(findAcceptance(facts({ labelEvents, head: { sha, since: '2026-12-01T09:00:00.000Z' } })).acceptance).toMatchObject({ by: 'maint' });
    // A push at 11:00 (or a force-push) made a new head, first reported at 11:05: the 10:00 label was for other code.
    const pushed = findAcceptance(facts({ labelEvents, head: { sha, since: '2026-12-01T11:05:00.000Z' } }));
    expect(pushed.acceptance).toBeNull();
    expect(pushed.ignored).toEqual([
      `the acceptance by @maint (label, 2026-12-01T10:00:00Z) was given before its report (shown since 2026-12-01T11:05:00.000Z) for head commit bbbbbbb: a new push needs a new acceptance (remove the label and add it again, or comment '/llm-perf-gate accept <reason>' again)`,
    ]);
    // No report on this head yet: nothing can have been accepted for it.
    expect(findAcceptance(facts({ labelEvents, head: { sha, since: null } })).acceptance).toBeNull();
    // The same second is not after: fail closed.
    expect(findAcceptance(facts({ labelEvents, head: { sha, since: '2026-12-01T10:00:00.000Z' } })).acceptance).toBeNull();
    // A new command after the new report accepts again.
    const again = findAcceptance(
      facts({ labelEvents, comments: [{ author: 'maint', body: '/llm-perf-gate accept still slower by design', at: '2026-12-01T11:10:00Z' }], head: { sha, since: '2026-12-01T11:05:00.000Z' } }),
    );
    expect(again.acceptance).toMatchObject({ via: 'comment', reason: 'still slower by design' });
  });
});
