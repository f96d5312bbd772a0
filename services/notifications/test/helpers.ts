import { vi } from 'vitest';
import { devVapidKeys, startMailCatcher, type CaughtMail, type MailCatcher } from '@powerpool/dev-idp';
import type { ServiceApp } from '@powerpool/service-kit';
import {
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
 * browser's push service and browser would, RFC 8030/8291/8292). People, pools and members come from
 * @powerpool/testing (world.ts), re-exported here.
 */
export { announceMember, announcePool, call, castOf, person, type Person } from '@powerpool/testing';

export interface NotificationsHarness extends ServiceHarness {
  mail: MailCatcher;
  push: LocalPushService;
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

/** The service (and its replicas) with a mail catcher and a push endpoint. `env` goes to every instance built by the harness. */
export async function startNotifications(env: Record<string, string> = {}): Promise<NotificationsHarness> {
  const mail = await startMailCatcher();
  const push = await startPushService();
  const h = await startServiceHarness({
    schema: 'notifications',
    keepsUsers: true,
    record: [],
    startAt: new Date('2025-09-01T12:00:00Z'),
    build: (runtime, now) => buildApp({ ...runtime, now, config: configFor(mail.smtpUrl, env), pushAgent: push.agent }),
  });
  const extra: ServiceApp[] = [];
  const close = h.close.bind(h);
  return Object.assign(h, {
    mail,
    push,
    async startInstance(deps: Partial<Pick<NotificationsDeps, 'mail'>> = {}, instanceEnv: Record<string, string> = {}) {
      const app = await buildApp({
        ...h.runtime,
        now: () => h.clock.now,
        config: configFor(mail.smtpUrl, { ...env, ...instanceEnv }),
        pushAgent: push.agent,
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

/** picks.picks.saved as picks-scoring announces it: `pickCount` picks in the player's save. */
export async function picksSaved(h: NotificationsHarness, poolId: string, weekNumber: number, who: Person, pickCount: number): Promise<void> {
  const savedAt = new Date().toISOString();
  await h.runtime.bus.publish('picks.picks.saved', { poolId, year: YEAR, weekNumber, userId: who.id, byUserId: who.id, override: false, pickCount, savedAt });
  await stored(h, 'SELECT 1 FROM notifications.picks_saved WHERE pool_id = $1 AND user_id = $2 AND pick_count = $3', [poolId, who.id, pickCount]);
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
