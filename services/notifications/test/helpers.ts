import { vi } from 'vitest';
import { RPC, type Pool, type WeekSavesReply } from '@powerpool/contracts';
import { devVapidKeys, startMailCatcher, type CaughtMail, type MailCatcher } from '@powerpool/dev-idp';
import { withDeliveryDelays, type BusMessage, type ServiceApp } from '@powerpool/service-kit';
import {
  announceMember,
  announcePool,
  person,
  startPushService,
  startServiceHarness,
  stored,
  YEAR,
  type LocalPushService,
  type Person,
  type PushSubscriptionJson,
  type ServiceHarness,
} from '@powerpool/testing';
import { buildApp, type NotificationsDeps } from '../src/app.js';
import { loadNotificationsConfig } from '../src/config.js';

/**
 * The notifications service's harness: the service on real storage and bus with a movable clock,
 * e-mail through nodemailer to a real local SMTP mail catcher, and web push to the local push
 * service of @powerpool/testing (https, checks the VAPID signature and decrypts each message as a
 * browser's push service and browser would, RFC 8030/8291/8292), and picks-scoring as a peer on
 * the bus answering rpc.picks.week.saves from the saves the test made. People, pools and members
 * come from @powerpool/testing (world.ts), re-exported here; `poolWithPlayers` builds each suite's
 * pool on them.
 */
export { announceMember, call, castOf, person, type Person } from '@powerpool/testing';

export interface NotificationsHarness extends ServiceHarness {
  mail: MailCatcher;
  push: LocalPushService;
  /** picks-scoring as a peer: the saves it holds (by pool week), answered on rpc.picks.week.saves; `down` makes it fail. */
  picksScoring: PicksScoringPeer;
  /** Another instance on the same database and bus, with its own mail port (e.g. one that never answers). */
  startInstance(deps?: Partial<Pick<NotificationsDeps, 'mail'>>, env?: Record<string, string>): Promise<ServiceApp>;
}

/** The key pair embedded and cluster mode make (web push signs with it in these tests). */
export const vapid = await devVapidKeys(null);

export const configFor = (smtpUrl: string, env: Record<string, string> = {}) =>
  loadNotificationsConfig({
    IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed',
    POWERPOOL_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: smtpUrl,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    NOTIFICATIONS_TICK_MS: '50',
    NOTIFICATIONS_LEASE_MS: '10000',
    NOTIFICATIONS_RETRY_MS: '50',
    ...env,
  });

export interface PicksScoringPeer {
  saves: Map<string, WeekSavesReply['saves']>;
  down: boolean;
}

const weekKey = (poolId: string, weekNumber: number) => `${poolId}:${YEAR}:${weekNumber}`;

export interface StartNotificationsOptions {
  /**
   * The slow bus test mode for the service (the kit's `withDeliveryDelays`, as BUS_DELAY_MAX_MS
   * does in the slow-bus suites): every event it consumes held for a seeded random delay.
   */
  busDelay?: { maxDelayMs: number; seed: number };
  /**
   * Stands in for DNS in web push's connections (name -> addresses): a public-looking push
   * service name that answers a loopback address, as a rebinding attacker's would.
   */
  dns?: Record<string, string[]>;
}

/** How the service reaches the local push service: its origin trusted as configuration would name it, and its certificate. */
function pushNetworkOf(push: LocalPushService, dns: Record<string, string[]> | undefined): NonNullable<NotificationsDeps['pushNetwork']> {
  const resolve = async (hostname: string) => {
    const addresses = dns?.[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { trustedOrigins: [push.url], ca: push.certificate, resolve };
}

/** The service (and its replicas) with a mail catcher and a push endpoint. `env` goes to every instance built by the harness. */
export async function startNotifications(env: Record<string, string> = {}, options: StartNotificationsOptions = {}): Promise<NotificationsHarness> {
  const mail = await startMailCatcher();
  const push = await startPushService();
  const picksScoring: PicksScoringPeer = { saves: new Map(), down: false };
  const h = await startServiceHarness({
    schema: 'notifications',
    keepsUsers: true,
    record: [],
    startAt: new Date('2025-09-01T12:00:00Z'),
    build: (runtime, now) =>
      buildApp({
        ...runtime,
        bus: options.busDelay ? withDeliveryDelays(runtime.bus, options.busDelay) : runtime.bus,
        now,
        config: configFor(mail.smtpUrl, env),
        pushNetwork: pushNetworkOf(push, options.dns),
      }),
    // picks-scoring answers who has saved a week from the saves the test made (picksSaved), at once.
    peers: async (runtime) => [
      await runtime.bus.handle(
        RPC.scoringWeekSaves,
        async (m: BusMessage<{ poolId: string; weekNumber: number }>): Promise<WeekSavesReply> => {
          if (picksScoring.down) throw new Error('picks-scoring is down');
          return { saves: picksScoring.saves.get(weekKey(m.data.poolId, m.data.weekNumber)) ?? [] };
        },
        { queue: 'picks-scoring' },
      ),
    ],
  });
  const extra: ServiceApp[] = [];
  const close = h.close.bind(h);
  return Object.assign(h, {
    mail,
    push,
    picksScoring,
    async startInstance(deps: Partial<Pick<NotificationsDeps, 'mail'>> = {}, instanceEnv: Record<string, string> = {}) {
      const app = await buildApp({
        ...h.runtime,
        now: () => h.clock.now,
        config: configFor(mail.smtpUrl, { ...env, ...instanceEnv }),
        pushNetwork: pushNetworkOf(push, options.dns),
        ...deps,
      });
      extra.push(app);
      return app;
    },
    async close() {
      for (const app of extra) await app.close();
      await close();
      await mail.close();
      await push.close();
    },
  });
}

/** The e-mails caught for one address. */
export const mailTo = (h: NotificationsHarness, who: Person): CaughtMail[] => h.mail.messages().filter((m) => m.envelopeTo.includes(who.email));

/** weeks.week.published for `poolId` with the deadline `msAhead` after the harness clock; waits until stored. */
export async function publishWeekDue(h: NotificationsHarness, poolId: string, weekNumber: number, msAhead: number): Promise<Date> {
  const pickDeadline = new Date(h.clock.now.getTime() + msAhead);
  await h.runtime.bus.publish('weeks.week.published', {
    poolId,
    year: YEAR,
    weekNumber,
    pickDeadline: pickDeadline.toISOString(),
    publishedAt: h.clock.now.toISOString(),
    games: [],
    tiebreakerGameId: null,
  });
  await stored(h, 'SELECT 1 FROM notifications.pool_weeks WHERE pool_id = $1 AND week_number = $2', [poolId, weekNumber]);
  return pickDeadline;
}

/**
 * A player saves `pickCount` picks: picks-scoring holds the save at once (its peer answers with it)
 * and announces picks.picks.saved; waits until the service stored the event unless `wait` is false
 * (the event still on its way).
 */
export async function picksSaved(
  h: NotificationsHarness,
  poolId: string,
  weekNumber: number,
  who: Person,
  pickCount: number,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const savedAt = new Date().toISOString();
  const key = weekKey(poolId, weekNumber);
  const saves = (h.picksScoring.saves.get(key) ?? []).filter((s) => s.userId !== who.id);
  h.picksScoring.saves.set(key, [...saves, { userId: who.id, pickCount, savedAt }]);
  await h.runtime.bus.publish('picks.picks.saved', { poolId, year: YEAR, weekNumber, userId: who.id, byUserId: who.id, override: false, pickCount, savedAt });
  if (wait) await stored(h, 'SELECT 1 FROM notifications.picks_saved WHERE pool_id = $1 AND user_id = $2 AND pick_count = $3', [poolId, who.id, pickCount]);
}

/** A pool of a suite: its snapshot, its players (in the order given) and, when published, the week's deadline. */
export interface PoolWithPlayers {
  pool: Pool;
  players: Person[];
  deadline: Date | null;
}

/**
 * World: a pool of `commissioner` (a Pool snapshot's fields in `pool`) with `players` joined (a
 * name makes a new player; a Person joins as is), the saves picks-scoring made (`saves`: a
 * player's name -> picks in their save, of `week.number`), and then, if `week.msAhead` is given,
 * that week published with its deadline `msAhead` after the harness clock. The saves come before
 * the week, so the service's first planning pass already knows them. Built on @powerpool/testing's world (people,
 * pools, members), as every service's suite is.
 */
export async function poolWithPlayers(
  h: NotificationsHarness,
  world: {
    commissioner: Person;
    players: Array<string | Person>;
    pool?: Partial<Pool>;
    saves?: Record<string, number>;
    week?: { number: number; msAhead?: number };
  },
): Promise<PoolWithPlayers> {
  const pool = await announcePool(h, world.commissioner, world.pool);
  const players: Person[] = [];
  for (const p of world.players) {
    const player = typeof p === 'string' ? await person(h, { role: 'user', name: p }) : p;
    await announceMember(h, { pool, who: player });
    players.push(player);
  }
  for (const [name, pickCount] of Object.entries(world.saves ?? {})) {
    const player = players.find((p) => p.name === name);
    if (!player) throw new Error(`saves: ${name} is not one of the pool's players`);
    if (!world.week) throw new Error('saves: a save is of a week; give `week`');
    await picksSaved(h, pool.id, world.week.number, player, pickCount);
  }
  const deadline = world.week?.msAhead === undefined ? null : await publishWeekDue(h, pool.id, world.week.number, world.week.msAhead);
  return { pool, players, deadline };
}

/** The deliveries of a pool week as the database holds them. */
export async function deliveriesOf(h: NotificationsHarness, poolId: string) {
  return h.runtime.database.sql.query<{ user_id: string; kind: string; slot: string; channel: string; status: string; attempts: number }>(
    'SELECT user_id, kind, slot, channel, status, attempts FROM notifications.deliveries WHERE pool_id = $1 ORDER BY id',
    [poolId],
  );
}

/** A browser's PushSubscription JSON, subscribed at the local push service with the service's VAPID key. */
export function browserSubscription(h: NotificationsHarness): PushSubscriptionJson {
  return h.push.subscribe({ applicationServerKey: vapid.publicKey });
}

/** Wait for a condition the scheduler brings about (sends go one by one over SMTP: allow a slow machine). */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 15_000, interval: 50 });
