import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { integrationSkipReason, type Cast } from '@powerpool/testing';
import type { MailMessage } from '../src/domain/context.js';
import {
  call,
  castOf,
  deliveriesOf,
  eventually,
  mailTo,
  poolWithPlayers,
  publishWeekDue,
  startNotifications,
  type NotificationsHarness,
  type Person,
} from './helpers.js';

const skip = await integrationSkipReason();
const HOUR = 3_600_000;

/**
 * Exactly once (docs/notifications.md#exactly-once): replicas on one database plan and send each
 * message once; a replica that dies between claiming and sending leaves its claim to expire, and
 * another sends the message once. The unsubscribe link stops what comes next.
 */
describe.skipIf(skip)('deliveries across replicas and restarts', () => {
  let h: NotificationsHarness;
  let cast: Cast;

  beforeAll(async () => {
    // The harness's own instance stays idle (a 10-minute tick): each test starts the instances it needs.
    h = await startNotifications({ NOTIFICATIONS_TICK_MS: '600000' });
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  /** A pool of new players (the week is published by each test once its replicas run). */
  const poolOf = async (names: string[]) => {
    const { pool, players } = await poolWithPlayers(h, { commissioner: cast.commissioner, players: names });
    return { poolId: pool.id, players };
  };

  it('should send each reminder once when three replicas plan and send at once', async () => {
    const { poolId, players } = await poolOf(['Rita One', 'Rex Two', 'Ray Three', 'Rose Four']);
    const fast = { NOTIFICATIONS_TICK_MS: '50' };
    const replicas = await Promise.all([h.startInstance({}, fast), h.startInstance({}, fast), h.startInstance({}, fast)]);
    onTestFinished(async () => {
      for (const r of replicas) await r.close();
    });
    await publishWeekDue(h, poolId, 5, 2 * HOUR);
    await eventually(async () => {
      const rows = await deliveriesOf(h, poolId);
      expect(rows.map((r) => [r.kind, r.slot, r.status, r.attempts])).toEqual(players.map(() => ['picks_reminder', '24h', 'sent', 1]));
    });
    for (const p of players) expect(mailTo(h, p)).toHaveLength(1);
  });

  it('should send once, after the lease runs out, a reminder whose replica died between claiming and sending', async () => {
    const { poolId, players } = await poolOf(['Kim Killed', 'Kai Killed']);
    const [player] = players;
    // This replica claims and then never comes back from sending (a process frozen or killed mid-send).
    const claimed: MailMessage[] = [];
    const short = { NOTIFICATIONS_TICK_MS: '50', NOTIFICATIONS_LEASE_MS: '1000' };
    const dying = await h.startInstance({ mail: { send: (m) => (claimed.push(m), new Promise<void>(() => {})) } }, short);
    onTestFinished(() => dying.close());
    await publishWeekDue(h, poolId, 6, 2 * HOUR);
    await eventually(async () => {
      const rows = await deliveriesOf(h, poolId);
      // Both claimed in one batch, and both hang in the SMTP exchange.
      expect(rows.map((r) => r.status)).toEqual(['sending', 'sending']);
      expect(claimed).toHaveLength(2);
    });
    expect(mailTo(h, player!)).toEqual([]);
    // A healthy replica (the restart) takes the claims over once their lease (1 s here) has run out.
    const restarted = await h.startInstance({}, short);
    onTestFinished(() => restarted.close());
    await eventually(async () => {
      const rows = await deliveriesOf(h, poolId);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    });
    const rows = await deliveriesOf(h, poolId);
    // The frozen replica's claim counted as an attempt: each was sent on the second.
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
    for (const p of players) expect(mailTo(h, p)).toHaveLength(1);
  });

  it('should hold a reminder while picks-scoring cannot be asked who has saved, and send it once it answers', async () => {
    const { poolId, players } = await poolOf(['Hal Held']);
    h.picksScoring.down = true;
    onTestFinished(() => {
      h.picksScoring.down = false;
    });
    const replica = await h.startInstance({}, { NOTIFICATIONS_TICK_MS: '50', NOTIFICATIONS_RETRY_MS: '100', NOTIFICATIONS_MAX_ATTEMPTS: '20' });
    onTestFinished(() => replica.close());
    await publishWeekDue(h, poolId, 9, 2 * HOUR);
    await eventually(async () => {
      const [row] = await h.runtime.database.sql.query<{ status: string; last_error: string | null }>(
        'SELECT status, last_error FROM notifications.deliveries WHERE pool_id = $1',
        [poolId],
      );
      expect(row).toEqual({ status: 'pending', last_error: 'picks-scoring could not be asked who has saved their picks' });
    });
    expect(mailTo(h, players[0]!)).toEqual([]);
    h.picksScoring.down = false;
    await eventually(async () => expect((await deliveriesOf(h, poolId)).map((r) => r.status)).toEqual(['sent']));
    expect(mailTo(h, players[0]!)).toHaveLength(1);
  });

  it('should retry a failing SMTP server with back-off and record the delivery failed after the last attempt, never sending it', async () => {
    const { poolId, players } = await poolOf(['Fay Failing']);
    const failing = await h.startInstance(
      {},
      { NOTIFICATIONS_TICK_MS: '50', SMTP_URL: 'smtp://127.0.0.1:9', NOTIFICATIONS_MAX_ATTEMPTS: '3', NOTIFICATIONS_RETRY_MS: '20' },
    );
    onTestFinished(() => failing.close());
    await publishWeekDue(h, poolId, 7, 2 * HOUR);
    await eventually(async () => {
      const [row] = await deliveriesOf(h, poolId);
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    });
    const [failed] = await h.runtime.database.sql.query<{ last_error: string; sent_at: Date | null }>(
      'SELECT last_error, sent_at FROM notifications.deliveries WHERE pool_id = $1',
      [poolId],
    );
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/);
    expect(failed!.sent_at).toBeNull();
    expect(mailTo(h, players[0]!)).toEqual([]);
  });
});

describe.skipIf(skip)('one-click unsubscribe', () => {
  let h: NotificationsHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  it('should turn that kind of e-mail off for that person from the List-Unsubscribe link, with no sign-in, and stop the next reminder', async () => {
    const { pool, players, deadline } = await poolWithPlayers(h, {
      commissioner: cast.commissioner,
      players: ['Uma Unsub', 'Ulf Stays'],
      week: { number: 8, msAhead: 20 * HOUR },
    });
    const [uma, ulf] = players as [Person, Person];
    await eventually(() => expect(mailTo(h, uma)).toHaveLength(1));
    const link = /^<(.+)>$/.exec(mailTo(h, uma)[0]!.headers['list-unsubscribe']!)![1]!;
    const path = new URL(link).pathname;

    // GET (a mail scanner, or the person) only shows what the button does.
    const page = await call(h, { method: 'GET', url: path, who: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Picks reminders');
    expect((await call(h, { method: 'GET', url: '/api/notifications/preferences', who: uma })).json().preferences).toContainEqual({
      kind: 'picks_reminder',
      channel: 'email',
      enabled: true,
    });

    // The one-click POST (RFC 8058), as a mail provider sends it: no session.
    const done = await call(h, { method: 'POST', url: path, who: null });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer get <strong>Picks reminders</strong> by e-mail');
    expect((await call(h, { method: 'GET', url: '/api/notifications/preferences', who: uma })).json().preferences).toContainEqual({
      kind: 'picks_reminder',
      channel: 'email',
      enabled: false,
    });

    // A forged or altered token changes nothing.
    const forged = path.replace(uma.id, ulf.id);
    expect((await call(h, { method: 'POST', url: forged, who: null })).json()).toMatchObject({ error: 'invalid_unsubscribe_token' });

    h.clock.now = new Date(deadline!.getTime() - 20 * 60_000);
    await eventually(() => expect(mailTo(h, ulf)).toHaveLength(2));
    await eventually(async () => {
      const rows = await deliveriesOf(h, pool.id);
      expect(rows.filter((r) => r.user_id === uma.id).map((r) => [r.slot, r.status])).toEqual([['24h', 'sent']]);
    });
    expect(mailTo(h, uma)).toHaveLength(1);
  });
});
