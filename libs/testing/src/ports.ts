import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for servers whose URL must be known before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Ports below 1024 where nothing is expected to listen. A port the system hands out for port 0
 * is never one of them, so no server of a test running alongside can come up there; a port
 * freed by a closed server could be taken by one (in a CI run, one answered the gateway's
 * request to a dead service with its own 401).
 */
// None is on fetch's list of blocked ports (1, 7, 9, ...), which fail before any connection is tried.
const DEAD_PORTS = [2, 3, 4, 5, 6, 8, 10, 12, 14, 16];
let nextDeadPort = 0;

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A URL where nothing listens and nothing will; successive calls give different ports while there are some left. */
export async function deadUrl(): Promise<string> {
  for (let tried = 0; tried < DEAD_PORTS.length; tried++) {
    const port = DEAD_PORTS[nextDeadPort++ % DEAD_PORTS.length]!;
    if (await refusesConnections(port)) return `http://127.0.0.1:${port}`;
  }
  throw new Error(`each of the ports ${DEAD_PORTS.join(', ')} accepts connections on 127.0.0.1: add free ones to DEAD_PORTS`);
}
