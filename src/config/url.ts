// The target URL as the client uses it, whatever form the user wrote it in.

/** http(s) base URL without credentials, query, trailing slash or trailing /v1. */
export function normaliseUrl(input: string): { url: string } | { reason: string; shown: string } {
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return { reason: 'must be an http(s) URL such as http://127.0.0.1:8000', shown: input };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { reason: 'must start with http:// or https://', shown: input };
  }
  if (u.username !== '' || u.password !== '') {
    // Never echo the secret back: it would land in CI logs.
    u.username = '***';
    u.password = '';
    return {
      reason: 'must not contain user:password; put the key in an environment variable and name it in target.api_key_env',
      shown: u.href,
    };
  }
  if (u.search !== '' || u.hash !== '') {
    return { reason: 'must not have a query string or #fragment', shown: input };
  }
  let p = u.pathname.replace(/\/+$/, '');
  if (p.endsWith('/v1')) p = p.slice(0, -3).replace(/\/+$/, '');
  return { url: `${u.protocol}//${u.host}${p}` };
}
