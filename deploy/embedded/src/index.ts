import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServiceName } from '@powerpool/contracts';
import {
  createAssertionSigner,
  createAssertionVerifier,
  createLogger,
  busDelayEnvSchema,
  createMemoryBus,
  generateAssertionKeys,
  gracefulClose,
  openPglite,
  parseConfig,
  slowBusSettingOf,
  usePglite,
  withDeliveryDelays,
  type AssertionSigner,
  type Environment,
  type ServiceApp,
  type ServiceRuntime,
} from '@powerpool/service-kit';
import { DEV_ACCOUNTS, DEV_PASSWORD, devVapidKeys, failedLoginLimitsFromEnv, startDevIdp, startMailCatcher, type MailCatcher } from '@powerpool/dev-idp';
import { buildGateway } from '@powerpool/gateway';
import { DEFAULT_WEB_DIST_DIR, loadRateLimitConfig } from '@powerpool/gateway/config';
import { buildApp as buildIdentity } from '@powerpool/identity';
import { loadIdentityConfig } from '@powerpool/identity/config';
import { buildApp as buildPools } from '@powerpool/pools-invitations';
import { loadPoolsInvitationsConfig } from '@powerpool/pools-invitations/config';
import { buildApp as buildPicks } from '@powerpool/picks-scoring';
import { loadPicksScoringConfig } from '@powerpool/picks-scoring/config';
import { buildApp as buildWeeks } from '@powerpool/weeks-workflow';
import { loadWeeksWorkflowConfig } from '@powerpool/weeks-workflow/config';
import { buildApp as buildNotifications } from '@powerpool/notifications';
import { loadNotificationsConfig } from '@powerpool/notifications/config';
import { buildApp as buildSports } from '@powerpool/sports-data-staging';
import { loadSportsDataStagingConfig } from '@powerpool/sports-data-staging/config';
import { startConfiguredReplay, type ConfiguredReplay } from '@powerpool/sports-data-staging/replay';

export interface EmbeddedOptions {
  /** Public port (the gateway). Default 3000; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Where PGlite and the dev IdP keep their data. Default ./.data. */
  dataDir?: string;
  /** Keep nothing on disk (tests): PGlite in memory, dev IdP in memory. */
  inMemory?: boolean;
  /** Browser-facing URL; default http://localhost:<port>. */
  publicUrl?: string;
  logLevel?: string;
  environment?: Exclude<Environment, 'production'>;
  /** Comma list of e-mails that are always super admins. Default admin@powerpool.test. */
  superAdminEmails?: string;
  webDistDir?: string;
  /**
   * Where the limit variables are read, as the gateway and the dev IdP read them:
   * RATE_LIMIT_SIGNIN_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE, TRUST_PROXY and
   * DEV_IDP_FAILED_LOGINS_PER_ACCOUNT / _PER_IP, DEV_IDP_FAILED_LOGIN_WINDOW_MINUTES. Default process.env.
   */
  env?: NodeJS.ProcessEnv;
  /** Gateway rate limits; each one given wins over `env`. */
  rateLimits?: { signInPerMinute?: number; writesPerMinute?: number };
  /**
   * ESPN for sports-data-staging, as its config decides from the env's ESPN_* variables: by
   * default the bundled offline replay of recorded ESPN responses (no internet needed); with
   * ESPN_REPLAY=off, ESPN_SITE_API_URL / ESPN_CORE_API_URL or the real ESPN. ESPN_REPLAY_SHIFT_DAYS
   * moves every replayed date (default 'auto' = whole weeks that put the 2025 opener a few days
   * ahead; 0 when inMemory, for tests). `false` turns the replay off; `dateShiftDays` overrides
   * the shift. `gameDay` turns on the replay's game-day mode (as ESPN_REPLAY_GAMEDAY=on with
   * ESPN_REPLAY_GAMEDAY_MINUTES / ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES do).
   */
  espnReplay?: false | { dateShiftDays?: number | 'auto'; gameDay?: { minutes?: number; kickoffInMinutes?: number } };
  /**
   * sports-data-staging's live feed (LIVE_FEED, LIVE_FEED_INTERVAL_MS, LIVE_FEED_IDLE_INTERVAL_MS,
   * LIVE_FEED_WINDOW_MINUTES from the env): on by default, off by default when inMemory (tests);
   * `false` turns it off, an object turns it on with these settings.
   */
  liveFeed?: false | { liveIntervalMs?: number; intervalMs?: number; idleIntervalMs?: number; windowMinutes?: number };
  /**
   * The slow bus test mode (libs/service-kit bus/slow.ts) on the one in-process bus every service
   * shares: each delivered event held for a seeded random delay up to `maxDelayMs` (`seed` default:
   * random, logged). Default from the env's BUS_DELAY_MAX_MS / BUS_DELAY_SEED (off when unset);
   * `false` turns it off whatever the env says.
   */
  slowBus?: false | { maxDelayMs: number; seed?: number };
  /**
   * The notifications service's pace (NOTIFICATIONS_TICK_MS, NOTIFICATIONS_LEASE_MS,
   * NOTIFICATIONS_RETRY_MS from the env, else its defaults): tests plan and send faster.
   */
  notifications?: { tickMs?: number; leaseMs?: number; retryMs?: number };
  /**
   * With `inMemory`, the PGlite cluster to start from instead of a new one (a `dumpDataDir()`
   * tarball): the browser suite starts each file's app from libs/testing's `pgliteTemplate`.
   */
  pgliteFrom?: Blob;
}

export interface Embedded {
  url: string;
  /** Where each service listens (loopback), for benchmarks that call a service directly. */
  upstreams: Readonly<Record<ServiceName, string>>;
  /** The gateway's assertion signer, for benchmarks that call a service directly. */
  signer: AssertionSigner;
  /** The one bus and database every service uses, for benchmarks and tests that seed at scale. */
  runtime: Pick<ServiceRuntime, 'bus' | 'database'>;
  /** The ESPN replay serving sports-data-staging (null when ESPN_REPLAY=off): `replay.gameDay.start()` plays the game day now. */
  replay: ConfiguredReplay | null;
  /** The local mail catcher every e-mail goes to (its page: `/dev-mail`). */
  mail: MailCatcher;
  close(): Promise<void>;
}

/**
 * PowerPool in one process: the gateway, the six services, a local mail catcher (`/dev-mail`), the dev identity provider (served
 * under /dev-idp on the same port), one PGlite database with a schema per service, and the
 * in-process bus. The services listen on loopback ports of their own, exactly as in cluster mode,
 * so the gateway forwards to them over real HTTP.
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<Embedded> {
  const environment = options.environment ?? 'development';
  const logger = createLogger({ level: options.logLevel ?? 'info' });
  const dataDir = path.resolve(options.dataDir ?? '.data');
  if (!options.inMemory) await mkdir(dataDir, { recursive: true });

  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        logger.warn({ err }, 'error while stopping');
      }
    }
  };

  // Read before anything starts: a bad value stops here, listing every problem.
  const env = options.env ?? process.env;
  const limits = loadRateLimitConfig(env);
  const failedLogins = failedLoginLimitsFromEnv(env);
  const slowBusEnv = parseConfig('embedded', busDelayEnvSchema, {
    ...env,
    ...(options.slowBus === false ? { BUS_DELAY_MAX_MS: '0' } : {}),
    ...(options.slowBus
      ? { BUS_DELAY_MAX_MS: String(options.slowBus.maxDelayMs), BUS_DELAY_SEED: options.slowBus.seed === undefined ? '' : String(options.slowBus.seed) }
      : {}),
  });
  const slowBus = slowBusSettingOf('embedded', { ...slowBusEnv, POWERPOOL_ENV: environment });

  try {
    // The gateway's port is needed before anything else: it is in the issuer and the callbacks.
    const gatewayHost = options.host ?? '0.0.0.0';
    const keys = await generateAssertionKeys();
    const signer = await createAssertionSigner(keys.privateKeyPem);
    const verifier = await createAssertionVerifier(keys.publicKeyPem);
    const memoryBus = createMemoryBus({ logger });
    cleanups.push(() => memoryBus.close());
    // One bus for every service: the slow mode delays each consumer of each service, as on NATS.
    const bus = slowBus ? withDeliveryDelays(memoryBus, { ...slowBus, logger, name: 'embedded' }) : memoryBus;
    const pglite = options.inMemory
      ? await openPglite(undefined, options.pgliteFrom ? { from: options.pgliteFrom } : {})
      : await openPglite(path.join(dataDir, 'pglite'));
    cleanups.push(() => pglite.close());
    const runtime: ServiceRuntime = { database: usePglite(pglite), bus, verifier, logger };

    const gatewayPort = options.port ?? 3000;
    // With port 0 the real port is known only after listen: hold a free one until the gateway takes
    // it, so the services, the IdP and the replay (all on port 0 too) cannot be handed it meanwhile.
    const reservation = gatewayPort === 0 ? await reservePort(gatewayHost) : null;
    if (reservation) cleanups.push(() => reservation.release());
    const reserved = reservation?.port ?? gatewayPort;
    const publicUrl = (options.publicUrl ?? `http://localhost:${reserved}`).replace(/\/+$/, '');
    const clientSecret = randomBytes(24).toString('base64url');

    const idp = await startDevIdp({
      issuer: `${publicUrl}/dev-idp`,
      clients: [{ clientId: 'powerpool', clientSecret, redirectUris: [`${publicUrl}/api/callback`], postLogoutRedirectUris: [`${publicUrl}/`] }],
      ...(options.inMemory ? {} : { dataDir: path.join(dataDir, 'dev-idp') }),
      environment,
      failedLogins,
      logger: logger.child({ service: 'dev-idp' }),
    });
    cleanups.push(() => idp.close());

    const common = { IDENTITY_ASSERTION_PUBLIC_KEY: keys.publicKeyPem, POWERPOOL_ENV: environment, DATABASE_DRIVER: 'pglite' };
    // sports-data-staging's own config decides about the ESPN replay (one parse, one default,
    // shared with make cluster); this process only serves the replay it asks for.
    const gameDay = options.espnReplay ? options.espnReplay.gameDay : undefined;
    const feed = options.liveFeed;
    const sportsEnv: Record<string, string | undefined> = {
      ...(options.inMemory ? { ESPN_REPLAY_SHIFT_DAYS: '0', LIVE_FEED: 'off' } : {}),
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ESPN_') || k.startsWith('LIVE_FEED'))),
      ...common,
      ...(options.espnReplay === false ? { ESPN_REPLAY: 'off' } : {}),
      ...(options.espnReplay && options.espnReplay.dateShiftDays !== undefined ? { ESPN_REPLAY_SHIFT_DAYS: String(options.espnReplay.dateShiftDays) } : {}),
      ...(gameDay ? { ESPN_REPLAY_GAMEDAY: 'on' } : {}),
      ...(gameDay?.minutes !== undefined ? { ESPN_REPLAY_GAMEDAY_MINUTES: String(gameDay.minutes) } : {}),
      ...(gameDay?.kickoffInMinutes !== undefined ? { ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES: String(gameDay.kickoffInMinutes) } : {}),
      ...(feed === false ? { LIVE_FEED: 'off' } : {}),
      ...(feed ? { LIVE_FEED: 'on' } : {}),
      ...(feed && feed.liveIntervalMs !== undefined ? { LIVE_FEED_LIVE_INTERVAL_MS: String(feed.liveIntervalMs) } : {}),
      ...(feed && feed.intervalMs !== undefined ? { LIVE_FEED_INTERVAL_MS: String(feed.intervalMs) } : {}),
      ...(feed && feed.idleIntervalMs !== undefined ? { LIVE_FEED_IDLE_INTERVAL_MS: String(feed.idleIntervalMs) } : {}),
      ...(feed && feed.windowMinutes !== undefined ? { LIVE_FEED_WINDOW_MINUTES: String(feed.windowMinutes) } : {}),
    };
    const replay = await startConfiguredReplay(loadSportsDataStagingConfig(sportsEnv));
    if (replay) {
      cleanups.push(() => replay.close());
      logger.info(
        { siteUrl: replay.siteUrl, dateShiftDays: replay.dateShiftDays, gameDayKickoffAt: replay.gameDay.kickoffAt?.toISOString() ?? null },
        'ESPN replay (recorded responses) serving sports-data-staging',
      );
    }
    const sportsConfig = loadSportsDataStagingConfig({ ...sportsEnv, ...replay?.serviceEnv });
    // E-mail goes to a local catcher (page at /dev-mail), push with a key pair kept in the data directory.
    const mail = await startMailCatcher();
    cleanups.push(() => mail.close());
    const vapid = await devVapidKeys(options.inMemory ? null : path.join(dataDir, 'vapid.json'));
    const pace = options.notifications ?? {};
    const notificationsEnv: Record<string, string | undefined> = {
      ...Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('NOTIFICATIONS_') || k === 'MAIL_FROM')),
      ...common,
      PUBLIC_URL: publicUrl,
      SMTP_URL: mail.smtpUrl,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...(pace.tickMs !== undefined ? { NOTIFICATIONS_TICK_MS: String(pace.tickMs) } : {}),
      ...(pace.leaseMs !== undefined ? { NOTIFICATIONS_LEASE_MS: String(pace.leaseMs) } : {}),
      ...(pace.retryMs !== undefined ? { NOTIFICATIONS_RETRY_MS: String(pace.retryMs) } : {}),
    };
    const builders: Array<[ServiceName, () => Promise<ServiceApp>]> = [
      [
        'identity',
        () =>
          buildIdentity({
            ...runtime,
            config: loadIdentityConfig({
              ...common,
              PUBLIC_URL: publicUrl,
              OIDC_ISSUER_URL: `${publicUrl}/dev-idp`,
              // identity's own calls go to the dev IdP directly, never through the gateway's limits.
              OIDC_BACKCHANNEL_URL: `${idp.listenUrl}/dev-idp`,
              OIDC_CLIENT_ID: 'powerpool',
              OIDC_CLIENT_SECRET: clientSecret,
              SUPER_ADMIN_EMAILS: options.superAdminEmails ?? process.env.SUPER_ADMIN_EMAILS ?? 'admin@powerpool.test',
            }),
          }),
      ],
      ['pools-invitations', () => buildPools({ ...runtime, config: loadPoolsInvitationsConfig(common) })],
      ['picks-scoring', () => buildPicks({ ...runtime, config: loadPicksScoringConfig(common) })],
      ['weeks-workflow', () => buildWeeks({ ...runtime, config: loadWeeksWorkflowConfig(common) })],
      ['sports-data-staging', () => buildSports({ ...runtime, config: sportsConfig })],
      ['notifications', () => buildNotifications({ ...runtime, config: loadNotificationsConfig(notificationsEnv) })],
    ];
    const upstreams = {} as Record<ServiceName, string>;
    for (const [name, build] of builders) {
      const app = await build();
      cleanups.push(gracefulClose(app));
      upstreams[name] = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    }

    const gateway: FastifyInstance = await buildGateway({
      config: {
        environment,
        logLevel: (options.logLevel ?? 'info') as never,
        publicUrl,
        upstreams,
        devIdpUpstream: idp.listenUrl,
        devMailUpstream: mail.pageUrl,
        webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST_DIR,
        sessionCacheTtlMs: 10_000,
        rateLimits: {
          signInPerMinute: options.rateLimits?.signInPerMinute ?? limits.rateLimits.signInPerMinute,
          writesPerMinute: options.rateLimits?.writesPerMinute ?? limits.rateLimits.writesPerMinute,
        },
        trustProxy: limits.trustProxy,
      },
      bus,
      signer,
      logger: logger.child({ service: 'gateway' }),
    });
    // A browser's preconnected socket would otherwise hold Ctrl+C's close (gracefulClose).
    cleanups.push(gracefulClose(gateway));
    await reservation?.release();
    await gateway.listen({ port: reserved, host: gatewayHost });
    return { url: publicUrl, upstreams, signer, runtime: { bus, database: runtime.database }, replay, mail, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * A free TCP port on `host`, held (listened on) until `release()` (for port 0: the public URL must
 * be known before the gateway listens). Releasing twice is harmless.
 */
async function reservePort(host: string): Promise<{ port: number; release(): Promise<void> }> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    release: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

export const DEV_SIGN_IN_HELP = [
  'Dev accounts (password "' + DEV_PASSWORD + '"):',
  ...DEV_ACCOUNTS.map((a) => `  ${a.email}${a.role ? `  (${a.role})` : ''}`),
  '  any other name@powerpool.test signs in with the same password and is created on first use.',
].join('\n');
