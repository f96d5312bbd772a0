import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@powerpool/contracts';
import { integrationSkipReason, type Cast } from '@powerpool/testing';
import {
  announceMember,
  announcePool,
  call,
  castOf,
  deliveriesOf,
  eventually,
  mailTo,
  person,
  picksSaved,
  publishWeekDue,
  startNotifications,
  type NotificationsHarness,
  type Person,
} from './helpers.js';

const skip = await integrationSkipReason();
const HOUR = 3_600_000;

/** The commissioner's Nudge (docs/notifications.md#nudge): who may, to whom, and at most once an hour. */
describe.skipIf(skip)('the nudge', () => {
  let h: NotificationsHarness;
  let cast: Cast;
  let done: Person;
  let late: Person;
  let poolId: string;
  let url: string;

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
    const pool = await announcePool(h, cast.commissioner, { name: 'Nudge Pool' });
    poolId = pool.id;
    done = await person(h, 'user', 'Dana Done');
    late = await person(h, 'user', 'Leo Late');
    for (const p of [done, late, cast.player]) await announceMember(h, pool, p);
    await picksSaved(h, poolId, 9, done, 3);
    await picksSaved(h, poolId, 9, cast.player, 3);
    // Far from the deadline: no reminder is due, only what the nudge sends.
    await publishWeekDue(h, poolId, 9, 3 * 24 * HOUR);
    url = `/api/pools/${poolId}/weeks/9/nudge`;
  });
  afterAll(async () => h?.close());

  it('should refuse a player and the commissioner of another pool', async () => {
    expect((await call(h, 'POST', url, cast.player)).statusCode).toBe(403);
    const other = await call(h, 'POST', url, cast.otherCommissioner);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'forbidden' });
    expect((await call(h, 'POST', url, null)).statusCode).toBe(401);
    expect(await deliveriesOf(h, poolId)).toEqual([]);
  });

  it('should nudge the active members who have not saved their picks, once', async () => {
    const res = await call(h, 'POST', url, cast.commissioner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nudged: 1, nextNudgeAt: new Date(h.clock.now.getTime() + HOUR).toISOString() });
    await eventually(() => expect(mailTo(h, late)).toHaveLength(1));
    expect(mailTo(h, late)[0]!.subject).toMatch(/^Your commissioner reminds you: Week 9 picks for Nudge Pool are due /);
    expect(mailTo(h, done)).toEqual([]);
  });

  it('should refuse a second nudge inside the hour with 429, saying when the next is possible, and take one after it', async () => {
    const first = h.clock.now;
    h.clock.now = new Date(first.getTime() + 59 * 60_000);
    const again = await call(h, 'POST', url, cast.admin);
    expect(again.statusCode).toBe(429);
    const next = new Date(first.getTime() + HOUR);
    expect(again.json()).toEqual({
      error: 'nudge_too_soon',
      message: `Week 9 was nudged less than an hour ago: the next nudge is possible at ${formatDateTime(next)}`,
      details: { nextNudgeAt: next.toISOString() },
    });
    // Two at once after the hour: the database lets exactly one through.
    h.clock.now = new Date(first.getTime() + HOUR + 1000);
    const both = await Promise.all([call(h, 'POST', url, cast.commissioner), call(h, 'POST', url, cast.admin)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    await eventually(() => expect(mailTo(h, late)).toHaveLength(2));
    await eventually(async () =>
      expect((await deliveriesOf(h, poolId)).map((r) => [r.user_id, r.kind, r.status])).toEqual([
        [late.id, 'nudge', 'sent'],
        [late.id, 'nudge', 'sent'],
      ]),
    );
  });

  it('should refuse a nudge after the deadline', async () => {
    h.clock.now = new Date(h.clock.now.getTime() + 4 * 24 * HOUR);
    const res = await call(h, 'POST', url, cast.commissioner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'week_not_open' });
  });
});
