import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@powerpool/contracts';
import { buildPoolSnapshot, integrationSkipReason, type Cast, type PushSubscriptionJson } from '@powerpool/testing';
import {
  announceMember,
  browserSubscription,
  call,
  castOf,
  deliveriesOf,
  eventually,
  mailTo,
  person,
  poolWithPlayers,
  publishWeekDue,
  startNotifications,
  type NotificationsHarness,
  type Person,
  vapid,
} from './helpers.js';

const skip = await integrationSkipReason();
const HOUR = 3_600_000;

/**
 * Picks reminders (docs/notifications.md#reminders): a week published with its deadline 23 hours
 * ahead, three players of whom one has saved a complete set, one a set without every confidence
 * pick and one nothing: the two who have not get the 24-hour reminder once by each channel they
 * chose, then the 1-hour one once, read back from the SMTP mail catcher and the push endpoint.
 */
describe.skipIf(skip)('picks reminders', () => {
  let h: NotificationsHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  const reminders = (who: Person) => mailTo(h, who).filter((m) => m.subject.startsWith('Reminder:'));

  // One story on the harness clock (the deadline's text is a fixed date): the week's 24-hour
  // reminder, then its 1-hour one, then nothing after the deadline.
  it('should send the 24-hour reminder once to each player without a complete saved set, by the channels they chose, with the deadline in Central time, then the 1-hour reminder once more, and nothing after the deadline', async () => {
    // Step 1: the pool. Paula has saved a complete set; Hank a set without every confidence pick
    // (picks-scoring refuses one today; the rule does not rely on it); Nora nothing.
    const world = await poolWithPlayers(h, {
      commissioner: cast.commissioner,
      pool: { name: 'Office Pool' },
      players: ['Paula Picked', 'Hank Half', 'Nora None'],
      saves: { 'Paula Picked': 4, 'Hank Half': 2 },
      week: { number: 3 },
    });
    const poolId = world.pool.id;
    const [picked, half, none] = world.players as [Person, Person, Person];
    // Hank wants push too (a subscribed browser), and no week-published push.
    const hankBrowser: PushSubscriptionJson = browserSubscription(h);
    expect((await call(h, { method: 'POST', url: '/api/notifications/push-subscriptions', who: half, payload: hankBrowser })).statusCode).toBe(201);
    const prefs = await call(h, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      who: half,
      payload: { preferences: [{ kind: 'week_published', channel: 'push', enabled: false }] },
    });
    expect(prefs.statusCode).toBe(200);
    // Nora wants the week-published e-mail too (off by default); Paula as well, but she has picked.
    for (const p of [none, picked])
      expect(
        (
          await call(h, {
            method: 'PUT',
            url: '/api/notifications/preferences',
            who: p,
            payload: { preferences: [{ kind: 'week_published', channel: 'email', enabled: true }] },
          })
        ).statusCode,
      ).toBe(200);
    const deadline = await publishWeekDue(h, poolId, 3, 23 * HOUR);

    // Step 2: the 24-hour reminder.
    await eventually(() => {
      expect(reminders(half)).toHaveLength(1);
      expect(reminders(none)).toHaveLength(1);
    });
    const deadlineText = formatDateTime(deadline);
    expect(deadlineText).toMatch(/^Tue, Sep 2, 2025, 6:00 AM CDT$/);
    for (const p of [half, none]) {
      const [mail] = reminders(p);
      expect(mail!.subject).toBe(`Reminder: your Week 3 picks for Office Pool are due ${deadlineText}`);
      expect(mail!.text).toContain(`The picks deadline is ${deadlineText} (in about 23 hours)`);
      expect(mail!.text).toContain('http://localhost:3000/picks');
      // One recipient per message: no one else's address.
      expect(mail!.envelopeTo).toEqual([p.email]);
      expect(mail!.to).toBe(p.email);
      expect(mail!.cc).toBe('');
      expect(mail!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\/[^>]+>$/);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(mailTo(h, picked)).toEqual([]);
    // Nora wants the week-published e-mail too, but it was due with the reminder: one picks e-mail
    // at a time (docs/notifications.md#one-picks-e-mail-at-a-time), the reminder planned first.
    await eventually(async () =>
      expect((await deliveriesOf(h, poolId)).filter((r) => r.kind === 'week_published' && r.channel === 'email').map((r) => [r.user_id, r.status])).toEqual([
        [none.id, 'skipped'],
      ]),
    );
    expect(mailTo(h, none).filter((m) => !m.subject.startsWith('Reminder:'))).toEqual([]);
    expect(mailTo(h, half).filter((m) => !m.subject.startsWith('Reminder:'))).toEqual([]);
    await eventually(async () => {
      const rows = await deliveriesOf(h, poolId);
      expect(
        rows
          .filter((r) => r.kind === 'picks_reminder')
          .map((r) => [r.user_id, r.slot, r.channel, r.status])
          .sort(),
      ).toEqual(
        [
          [half.id, '24h', 'email', 'sent'],
          [half.id, '24h', 'push', 'sent'],
          [none.id, '24h', 'email', 'sent'],
        ].sort(),
      );
    });
    // The push reached Hank's browser: signed with the service's VAPID key (RFC 8292) and
    // encrypted for that browser alone (RFC 8291), as the local push service checked and decrypted it.
    const pushes = h.push.received(hankBrowser.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.vapid.publicKey).toBe(vapid.publicKey);
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    // What the phone shows, and the path a tap opens (Make Picks: the worker opens only paths of its site).
    expect(JSON.parse(pushes[0]!.text)).toEqual({
      title: 'Week 3 picks due in about 23 hours',
      body: `Office Pool: save your picks before ${deadlineText}.`,
      url: '/picks',
    });
    expect(h.push.rejected()).toEqual([]);

    // Step 3: the 1-hour reminder, once more, and nothing after the deadline.
    h.clock.now = new Date(deadline.getTime() - 30 * 60_000);
    await eventually(() => {
      expect(reminders(half)).toHaveLength(2);
      expect(reminders(none)).toHaveLength(2);
    });
    // The time really left, by the server's clock.
    expect(reminders(none)[1]!.text).toContain('(in 30 minutes)');
    await eventually(async () => {
      const rows = (await deliveriesOf(h, poolId)).filter((r) => r.kind === 'picks_reminder');
      expect(rows).toHaveLength(6);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
    h.clock.now = new Date(deadline.getTime() + 60_000);
    const before = h.mail.messages().length;
    // A new player after the deadline: nothing is planned for a closed week.
    const late = await person(h, { role: 'user', name: 'Larry Late' });
    await announceMember(h, { pool: buildPoolSnapshot(cast.commissioner.id, { id: poolId, name: 'Office Pool' }), who: late });
    expect((await deliveriesOf(h, poolId)).filter((r) => r.user_id === late.id)).toEqual([]);
    expect(h.mail.messages().length).toBe(before);
  });
});

/**
 * The commissioner's reminder settings and a browser gone from its push service, each on a pool of
 * its own: a harness apart from the story above, whose push service must see no rejection.
 */
describe.skipIf(skip)('picks reminders: settings and gone browsers', () => {
  let h: NotificationsHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  it('should not remind a week whose 24-hour reminder the commissioner turned off, and refuse the setting to others', async () => {
    // Nora wants the week-published e-mail too (off by default): it shows a planning pass has run.
    const none = await person(h, { role: 'user', name: 'Nora None' });
    const prefs = await call(h, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      who: none,
      payload: { preferences: [{ kind: 'week_published', channel: 'email', enabled: true }] },
    });
    expect(prefs.statusCode).toBe(200);
    const { pool } = await poolWithPlayers(h, { commissioner: cast.commissioner, pool: { name: 'Quiet Pool' }, players: [none] });
    const url = `/api/pools/${pool.id}/notification-settings`;
    expect((await call(h, { method: 'GET', url: url, who: cast.commissioner })).json()).toEqual({ poolId: pool.id, reminder24h: true, reminder1h: true });
    expect((await call(h, { method: 'PUT', url: url, who: cast.otherCommissioner, payload: { reminder24h: false } })).statusCode).toBe(403);
    expect((await call(h, { method: 'PUT', url: url, who: none, payload: { reminder24h: false } })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url: url, who: none })).statusCode).toBe(403);
    const res = await call(h, { method: 'PUT', url: url, who: cast.commissioner, payload: { reminder24h: false } });
    expect(res.json()).toEqual({ poolId: pool.id, reminder24h: false, reminder1h: true });
    expect((await call(h, { method: 'GET', url: url, who: cast.admin })).json()).toEqual({ poolId: pool.id, reminder24h: false, reminder1h: true });
    const quietDeadline = await publishWeekDue(h, pool.id, 4, 20 * HOUR);
    // Nora's week-published e-mail shows a planning pass has run, 20 hours before the deadline: no reminder with it.
    await eventually(async () => expect((await deliveriesOf(h, pool.id)).map((r) => [r.kind, r.slot, r.status])).toEqual([['week_published', '', 'sent']]));
    const before = h.clock.now;
    h.clock.now = new Date(quietDeadline.getTime() - 10 * 60_000);
    try {
      await eventually(async () =>
        expect((await deliveriesOf(h, pool.id)).map((r) => [r.kind, r.slot, r.status])).toEqual([
          ['week_published', '', 'sent'],
          ['picks_reminder', '1h', 'sent'],
        ]),
      );
    } finally {
      h.clock.now = before;
    }
  });

  it('should forget a browser its push service says is gone (410), and push to it no more', async () => {
    const { pool, players } = await poolWithPlayers(h, { commissioner: cast.commissioner, pool: { name: 'Gone Pool' }, players: ['Gina Gone'] });
    const gina = players[0]!;
    const browser = browserSubscription(h);
    expect((await call(h, { method: 'POST', url: '/api/notifications/push-subscriptions', who: gina, payload: browser })).statusCode).toBe(201);
    // Only the reminder pushes (the week-published push, on by default, would race it to the 410).
    const prefs = await call(h, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      who: gina,
      payload: { preferences: [{ kind: 'week_published', channel: 'push', enabled: false }] },
    });
    expect(prefs.statusCode).toBe(200);
    // The browser dropped its subscription: its push service answers 410 Gone from now on.
    h.push.unsubscribe(browser.endpoint);
    await publishWeekDue(h, pool.id, 5, 30 * 60_000);
    await eventually(() => expect(h.push.rejected(browser.endpoint).map((r) => r.status)).toEqual([410]));
    await eventually(async () =>
      expect(await h.runtime.database.sql.query('SELECT endpoint FROM notifications.push_subscriptions WHERE user_id = $1', [gina.id])).toEqual([]),
    );
    // The e-mail went as usual; the push row records why nothing was pushed.
    await eventually(() => expect(mailTo(h, gina).filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(1));
    const rows = (await deliveriesOf(h, pool.id)).filter((r) => r.user_id === gina.id && r.kind === 'picks_reminder');
    expect(rows.map((r) => [r.slot, r.channel])).toEqual([
      ['1h', 'email'],
      ['1h', 'push'],
    ]);
    expect(rows.find((r) => r.channel === 'push')!.status).not.toBe('sent');
    expect(h.push.received(browser.endpoint)).toEqual([]);
  });
});
