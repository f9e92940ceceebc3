// Why the target could not be reached, said with what to do when the cause
// is the scheme: https:// to a port that speaks plain HTTP (the TLS layer's
// "wrong version number"), or http:// to a port that speaks TLS (the server
// hangs up on the plain request; a TLS handshake there then succeeds).
import tls from 'node:tls';
import { describeError } from './errors.js';

/** OpenSSL's words for "the first bytes back were not a TLS record": the server speaks plain HTTP. */
const NOT_TLS_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);
/** The connection closed before any answer: what a TLS server does with a plain request. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const message = (e as { message?: unknown }).message;
    if (code === 'EPROTO' && typeof message === 'string' && /wrong version number|packet length too long|http request/i.test(message)) codes.push('ERR_SSL_WRONG_VERSION_NUMBER');
  }
  return codes;
}

/** The base URL with the other scheme, on the same port (written out: the other scheme's default differs). */
export function otherScheme(base: string): string {
  const u = new URL(base);
  const port = u.port !== '' ? u.port : u.protocol === 'https:' ? '443' : '80';
  const scheme = u.protocol === 'https:' ? 'http:' : 'https:';
  const path = u.pathname.replace(/\/+$/, '');
  return `${scheme}//${u.hostname.includes(':') && !u.hostname.startsWith('[') ? `[${u.hostname}]` : u.hostname}:${port}${path}`;
}

/** The https:// case, from the error alone; null: not a scheme mismatch. */
export function notTlsProblem(err: unknown, base: string): string | null {
  if (new URL(base).protocol !== 'https:') return null;
  if (!codesOf(err).some((c) => NOT_TLS_CODES.has(c))) return null;
  return `the server at ${base} does not speak TLS: use ${otherScheme(base)}`;
}

/** Whether a TLS handshake with host:port completes within `timeoutMs` (the certificate is not judged: only the protocol is asked). */
function speaksTls(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, servername: /^[\d.]+$|:/.test(host) ? undefined : host, rejectUnauthorized: false, timeout: timeoutMs }, () => {
      socket.destroy();
      resolve(true);
    });
    const no = (): void => {
      socket.destroy();
      resolve(false);
    };
    socket.once('error', no);
    socket.once('timeout', no);
  });
}

/** One line for a failed first request to the target: the scheme to use when that was the cause, else the error's own words. */
export async function reachProblem(err: unknown, base: string, timeoutMs: number): Promise<string> {
  const notTls = notTlsProblem(err, base);
  if (notTls !== null) return `cannot reach the target: ${notTls}`;
  const u = new URL(base);
  if (u.protocol === 'http:' && codesOf(err).some((c) => CLOSED_CODES.has(c))) {
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (await speaksTls(host, Number(u.port || 80), timeoutMs)) {
      return `cannot reach the target: the server at ${base} speaks TLS, not plain HTTP: use ${otherScheme(base)}`;
    }
  }
  return `cannot reach the target: ${describeError(err)}`;
}
