// Tests may only talk to this machine: any connection to a non-loopback
// address fails loudly instead of reaching the network.
import net from 'node:net';

const original = net.Socket.prototype.connect;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: any[]): net.Socket {
  const first = args[0];
  const opts = Array.isArray(first) ? first[0] : first;
  let host: string | undefined;
  if (typeof opts === 'object' && opts !== null) {
    if ('path' in opts && opts.path) return original.apply(this, args as never);
    host = (opts as net.TcpNetConnectOpts).host ?? 'localhost';
  } else if (typeof first === 'number') {
    host = typeof args[1] === 'string' ? args[1] : 'localhost';
  } else if (typeof first === 'string') {
    // A bare string is a unix socket path.
    return original.apply(this, args as never);
  }
  if (host !== undefined && !LOOPBACK.test(host)) {
    // Also said on stderr: code that catches the error (a client that retries, a step that warns and goes on) would
    // otherwise hide that a test tried to reach the network, and the retries' waits (14 s for Octokit's) with it.
    console.warn(`test network guard: connection to non-loopback host '${host}' refused`);
    throw new Error(`test network guard: connection to non-loopback host '${host}' refused`);
  }
  return original.apply(this, args as never);
} as typeof net.Socket.prototype.connect;
