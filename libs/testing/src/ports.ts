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

/** A listener that stands for a service inside the network: it counts the connections it is offered. */
export interface InsideListener {
  port: number;
  /** Connections offered so far (each is dropped at once). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A TCP listener on 127.0.0.1 standing for an inside service (another service, NATS, a metadata
 * endpoint) that a request the outbound guard refuses must never reach
 * (docs/architecture.md#outbound-requests): it counts every connection and drops it at once.
 */
export async function startInsideListener(): Promise<InsideListener> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
