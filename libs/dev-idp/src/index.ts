import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccountStore } from './accounts.js';
import { createRequestHandler } from './http.js';
import { loadOrCreateKeys } from './keys.js';
import { silentLogger, type DevIdpLogger } from './logger.js';
import { createLoginThrottle, DEFAULT_FAILED_LOGIN_LIMITS, type FailedLoginLimits } from './login-throttle.js';
import { createProvider, type DevIdpClient } from './provider.js';

export { DEV_ACCOUNTS, DEV_PASSWORD, ACCOUNTS_FILE } from './accounts.js';
export type { DevIdpClient } from './provider.js';
export { TEXT } from './pages.js';
export type { FailedLoginLimits } from './login-throttle.js';
export { failedLoginLimitsFromEnv } from './config.js';
export type { DevIdpLogger } from './logger.js';

export interface DevIdpOptions {
  /** e.g. `http://localhost:3000/dev-idp`; every page and endpoint lives under its path. */
  issuer: string;
  clients: DevIdpClient[];
  /** Keeps keys and created accounts across restarts; in memory only when absent. */
  dataDir?: string;
  /** `production` is refused. */
  environment?: 'development' | 'test' | 'production';
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a random free port. */
  port?: number;
  /** pino-compatible. */
  logger?: DevIdpLogger;
  /** When wrong passwords pause sign-in; default DEFAULT_FAILED_LOGIN_LIMITS. */
  failedLogins?: Partial<FailedLoginLimits>;
}

export interface DevIdp {
  issuer: string;
  /** Where its HTTP server listens, e.g. http://127.0.0.1:43123 (for proxies, never for browsers). */
  listenUrl: string;
  close(): Promise<void>;
}

export const PRODUCTION_REFUSAL = 'The dev identity provider must never run in production';

function assertValidOptions(options: DevIdpOptions): void {
  if (options.environment === 'production') throw new Error(PRODUCTION_REFUSAL);
  const issuer = URL.parse(options.issuer);
  if (!issuer || !['http:', 'https:'].includes(issuer.protocol) || issuer.search || issuer.hash || options.issuer.includes('?')) {
    throw new Error(`Invalid dev IdP issuer ${JSON.stringify(options.issuer)}: an http(s) URL without query or fragment`);
  }
  if (!options.clients.length) throw new Error('The dev IdP needs at least one client');
}

/**
 * Starts the development OpenID Connect provider (authorization code + PKCE, sign-in and sign-up
 * pages, RP-initiated logout) on its own HTTP server. Throws in production.
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  assertValidOptions(options);
  const logger = options.logger ?? silentLogger;
  const storeOptions = { logger, ...(options.dataDir ? { dataDir: options.dataDir } : {}) };
  const [keys, accounts] = await Promise.all([loadOrCreateKeys(storeOptions), createAccountStore(storeOptions)]);

  const provider = createProvider({ issuer: options.issuer, clients: options.clients, keys, accounts, logger });
  const server = createServer(
    createRequestHandler({
      issuer: options.issuer,
      clients: options.clients,
      provider,
      accounts,
      throttle: createLoginThrottle({ ...DEFAULT_FAILED_LOGIN_LIMITS, ...options.failedLogins }),
      logger,
    }),
  );

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const listenHost = address.includes(':') ? `[${address}]` : address;
  const listenUrl = `http://${listenHost}:${port}`;
  logger.info({ issuer: options.issuer, listenUrl }, 'dev identity provider listening');

  let closing: Promise<void> | undefined;
  return {
    issuer: options.issuer,
    listenUrl,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), 2_000);
        force.unref();
        try {
          await closed;
        } finally {
          clearTimeout(force);
          await accounts.flush();
        }
      })();
      return closing;
    },
  };
}
export { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher.js';
export { devVapidKeys } from './vapid.js';
