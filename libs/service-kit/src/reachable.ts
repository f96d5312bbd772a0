import net from 'node:net';

/**
 * Whether something accepts TCP connections at host:port within `timeoutMs`: the cluster
 * launcher's readiness and PostgreSQL check, the test suites' "is the service up".
 */
export function isReachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
