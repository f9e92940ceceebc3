// The target's first failures said with what to do (issue 21, item 7): a
// scheme that does not match the port, and a refused key, by what was sent.
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../src/load/record.js';
import { credentialsRefused, keyState } from '../../src/client/credentials.js';
import { notTlsProblem, otherScheme } from '../../src/client/reach.js';
import { assertCredentialsAccepted } from '../../src/run/refusal.js';
import type { TargetPlan } from '../../src/config/plan.js';

const target = (over: Partial<TargetPlan> = {}): TargetPlan => ({ url: 'http://127.0.0.1:8000', api: 'chat', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false, ...over });

describe('a scheme that does not match the port', () => {
  it('writes the other scheme on the same port', () => {
    expect(otherScheme('https://127.0.0.1:8000')).toBe('http://127.0.0.1:8000');
    expect(otherScheme('http://h:8443/proxy')).toBe('https://h:8443/proxy');
    expect(otherScheme('https://gw.example')).toBe('http://gw.example:443');
    expect(otherScheme('http://[::1]:8000')).toBe('https://[::1]:8000');
  });
  it('reads OpenSSL\'s wrong-version error, on the error or its cause, as "not TLS" for an https:// URL', () => {
    const direct = Object.assign(new Error('...:wrong version number:...'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' });
    expect(notTlsProblem(direct, 'https://127.0.0.1:8000')).toBe('the server at https://127.0.0.1:8000 does not speak TLS: use http://127.0.0.1:8000');
    const wrapped = new Error('fetch failed', { cause: Object.assign(new Error('routines:ssl3_get_record:wrong version number'), { code: 'EPROTO' }) });
    expect(notTlsProblem(wrapped, 'https://h:9')).toBe('the server at https://h:9 does not speak TLS: use http://h:9');
  });
  it('leaves other errors, and http:// URLs, to their own words', () => {
    expect(notTlsProblem(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'https://h:9')).toBeNull();
    expect(notTlsProblem(Object.assign(new Error('x'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }), 'http://h:9')).toBeNull();
  });
});

describe('a refused key', () => {
  it('is told by what was sent', () => {
    expect(keyState(target(), null)).toBe('none');
    expect(keyState(target({ apiKeyEnv: 'K' }), '')).toBe('empty');
    expect(keyState(target({ apiKeyEnv: 'K' }), null)).toBe('empty');
    expect(keyState(target({ apiKeyEnv: 'K' }), 'sk-1')).toBe('sent');
    expect(credentialsRefused(target({ apiKeyEnv: 'VLLM_KEY' }), 'sent')).toBe(
      'the server refused the key in $VLLM_KEY (target.api_key_env): check the key, or the key the server was started with (e.g. its --api-key)',
    );
    expect(credentialsRefused(target({ apiKeyEnv: 'VLLM_KEY' }), 'empty')).toBe("target.api_key_env names VLLM_KEY, but that environment variable is not set or empty: set it to the server's key");
    expect(credentialsRefused(target(), 'none')).toBe(
      "no key is configured: put the server's key in an environment variable and name it in target.api_key_env (or give the headers the server needs in target.headers)",
    );
    expect(credentialsRefused(target({ headers: { Authorization: 'Bearer x' } }), 'none')).toBe(
      'the server refused the credentials in target.headers: check them, or put the key in an environment variable and name it in target.api_key_env',
    );
  });
  it('on every request of a cell names the variable whose key was refused', () => {
    const rec = { cancelled: false, status: 401 } as RequestRecord;
    expect(() => assertCredentialsAccepted([rec, rec], target({ apiKeyEnv: 'VLLM_KEY' }), 'short@c=4', 'sent')).toThrow(
      'every request of cell short@c=4 was refused (HTTP 401): the server refused the key in $VLLM_KEY (target.api_key_env): check the key, or the key the server was started with (e.g. its --api-key) (POST http://127.0.0.1:8000/v1/chat/completions)',
    );
    expect(() => assertCredentialsAccepted([rec, { ...rec, status: 200 }], target({ apiKeyEnv: 'VLLM_KEY' }), 'short@c=4', 'sent')).not.toThrow();
  });
});
