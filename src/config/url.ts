// The target URL as the client uses it, whatever form the user wrote it in.

/** Endpoint paths a user may paste from a server's docs; the client adds them itself. */
const ENDPOINTS = ['/v1/chat/completions', '/v1/completions', '/v1/models'];

/**
 * http(s) base URL without credentials, query, trailing slash or trailing /v1.
 * A URL of an endpoint (.../v1/chat/completions) is cut to its base URL, and
 * `endpoint` names what was cut, for a notice: the client would add it again.
 */
export function normaliseUrl(input: string): { url: string; endpoint?: string } | { reason: string; shown: string } {
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
  const endpoint = ENDPOINTS.find((e) => p.endsWith(e));
  if (endpoint !== undefined) p = p.slice(0, -endpoint.length).replace(/\/+$/, '');
  else if (p.endsWith('/v1')) p = p.slice(0, -3).replace(/\/+$/, '');
  const url = `${u.protocol}//${u.host}${p}`;
  return endpoint === undefined ? { url } : { url, endpoint };
}

/** The notice for a URL given as an endpoint's: which base URL is used instead. */
export function endpointNotice(where: string, given: string, r: { url: string; endpoint?: string }): string | null {
  if (r.endpoint === undefined) return null;
  return `${where} ${given} ends in ${r.endpoint}: using the base URL ${r.url}, under which the endpoints are called (give that to silence this note)`;
}
