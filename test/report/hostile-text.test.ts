// A server that reflects the request headers (API key included) into its model
// ids, fingerprint and error messages, laced with a workflow command, an ESC
// sequence and an @mention: none of it may reach the result file, the
// terminal, the log or the comment as it was sent.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { escapeMd } from '../../src/report/escape.js';
import { forLog, forTerminal } from '../../src/util/safe-text.js';
import { clearSecrets, redactUrl, registerSecrets, scrubDeep, scrubText } from '../../src/util/secrets.js';
import { buildDist, cli } from '../support/cli.js';
import { hostileConfig, PAYLOAD, startHostileServer, type HostileServer } from '../support/hostile-server.js';
import { tempDir } from '../support/measure.js';

const KEY = 'sk-test-0123456789abcdef';
const TENANT = 'tenant-secret-4711';

/** A line the GitHub runner would take as a workflow command. */
const COMMAND_LINE = /^\s*::|##\[/m;

describe('safe text', () => {
  afterEach(clearSecrets);

  it('forTerminal keeps one value on one line, inert, with every control character visible', () => {
    const out = forTerminal(`model${PAYLOAD}`);
    expect(out).not.toMatch(/[\n\r]/);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('\\n::set-output');
    expect(out).toContain('\\x1b[2J');
    expect(out).toContain('#\\x23[add-mask]');
    expect(forTerminal('::add-mask::x')).toBe('\\x3a:add-mask::x');
    expect(forTerminal('bidi \u202e evil')).toBe('bidi \\u202e evil');
  });

  it('forLog keeps line breaks but no line can be a workflow command, and is idempotent over forTerminal', () => {
    const out = forLog(`table\n  ::stop-commands::abc\nerror: x${PAYLOAD}`);
    expect(out.split('\n')).toHaveLength(5);
    expect(out).not.toMatch(COMMAND_LINE);
    expect(out).not.toContain('\u001b');
    const once = forTerminal(`x${PAYLOAD}`);
    expect(forLog(once)).toBe(once);
  });

  it('escapeMd neutralises @mentions but not an @ inside a word (an e-mail address is an autolink: test/report/autolink.test.ts)', () => {
    expect(escapeMd('@org/team and @user')).toBe('@\u200borg/team and @\u200buser');
    expect(escapeMd('chat@c=4 a@b.c')).toBe('chat@c=4 a@\u200bb.c');
    expect(escapeMd(`m${PAYLOAD}`)).not.toMatch(/[\n\r]/);
    expect(escapeMd(`m${PAYLOAD}`)).not.toContain('\u001b');
  });

  it('scrubs registered secrets (as sent, JSON- or URL-encoded) and URL query strings; ignores short values', () => {
    registerSecrets([KEY, 'on', null, 'a b"c\\d']);
    expect(scrubText(`Bearer ${KEY} / ${encodeURIComponent(KEY)} on`)).toBe('Bearer *** / *** on');
    expect(scrubText(JSON.stringify({ h: 'a b"c\\d' }))).toBe('{"h":"***"}');
    expect(scrubDeep({ [KEY]: [KEY, 1] })).toEqual({ '***': ['***', 1] });
    expect(redactUrl('cannot reach (GET http://h:1/v1/models?api_key=zz&x=1) nor https://a/b?c#frag')).toBe('cannot reach (GET http://h:1/v1/models?…) nor https://a/b?…#frag');
    expect(forTerminal(`error ${KEY}`)).toBe('error ***');
  });
});

describe('a hostile, header-reflecting server through the CLI', () => {
  let server: HostileServer;
  let dir: string;
  beforeAll(async () => {
    buildDist();
    server = await startHostileServer();
    dir = await tempDir();
  });
  afterAll(() => server.close());

  it('stores, prints and reports neither the API key nor a header value, and nothing inert becomes live', async () => {
    const config = join(dir, 'hostile.yml');
    await writeFile(config, hostileConfig('LPG_HOSTILE_KEY', TENANT));
    const env = { LPG_HOSTILE_KEY: KEY };
    const out = join(dir, 'r.json');
    const ran = await cli(['run', '--config', config, '--url', server.url, '--out', out], { env });
    expect(ran.code, ran.stderr).not.toBeNull();
    const result = await readFile(out, 'utf8');
    // The attack reached the client: the reflected text is in the result, scrubbed.
    expect(result).toContain('upstream rejected');
    expect(result).toContain('x-tenant=***');
    const md = join(dir, 'r.md');
    const cmp = await cli(['compare', '--baseline', out, '--candidate', out, '--markdown', md, '--json', join(dir, 'v.json')], { env });
    const markdown = await readFile(md, 'utf8');
    const verdict = await readFile(join(dir, 'v.json'), 'utf8');
    for (const text of [result, ran.stdout, ran.stderr, cmp.stdout, cmp.stderr, markdown, verdict]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(TENANT);
    }
    for (const text of [ran.stdout, ran.stderr, cmp.stdout, cmp.stderr]) {
      expect(text).not.toMatch(COMMAND_LINE);
      expect(text).not.toContain('\u001b');
    }
    expect(ran.stdout).toContain('\\n::set-output name=verdict::pass');
    expect(markdown).toContain('@\u200borg/team');
    expect(markdown).not.toMatch(/(?<![\w])@org\/team/);
    expect(markdown).not.toMatch(COMMAND_LINE);
  }, 40_000);
});
