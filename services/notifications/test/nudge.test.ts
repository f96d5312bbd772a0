import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@powerpool/contracts';
import { delaySequence } from '@powerpool/service-kit';
import { integrationSkipReason, type Cast } from '@powerpool/testing';
import {
  call,
  castOf,
  deliveriesOf,
  eventually,
  mailTo,
  person,
  picksSaved,
  poolWithPlayers,
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

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  /**
   * A pool of the test's own, its week 9 published: Dana and the cast's player have saved, Leo has
   * not. Far from the deadline: no reminder is due, only what the nudge sends.
   */
  async function nudgePool() {
    const world = await poolWithPlayers(h, {
      commissioner: cast.commissioner,
      pool: { name: 'Nudge Pool' },
      players: ['Dana Done', 'Leo Late', cast.player],
      saves: { 'Dana Done': 3, [cast.player.name]: 3 },
      week: { number: 9, msAhead: 3 * 24 * HOUR },
    });
    const [done, late] = world.players as [Person, Person];
    return { poolId: world.pool.id, done, late, url: `/api/pools/${world.pool.id}/weeks/9/nudge` };
  }

  it('should refuse a player and the commissioner of another pool', async () => {
    const { poolId, url } = await nudgePool();
    expect((await call(h, { method: 'POST', url: url, who: cast.player })).statusCode).toBe(403);
    const other = await call(h, { method: 'POST', url: url, who: cast.otherCommissioner });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'forbidden' });
    expect((await call(h, { method: 'POST', url: url, who: null })).statusCode).toBe(401);
    expect(await deliveriesOf(h, poolId)).toEqual([]);
  });

  it('should refuse a nudge with 409 still_syncing while picks-scoring cannot be asked who has saved, and count no nudge', async () => {
    const { poolId, url } = await nudgePool();
    h.picksScoring.down = true;
    try {
      const res = await call(h, { method: 'POST', url: url, who: cast.commissioner });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'still_syncing',
        message: 'Who has saved their Week 9 picks cannot be checked right now. Try again in a few seconds.',
      });
    } finally {
      h.picksScoring.down = false;
    }
    expect(await deliveriesOf(h, poolId)).toEqual([]);
  });

  it('should nudge the active members who have not saved their picks, once', async () => {
    const { done, late, url } = await nudgePool();
    const res = await call(h, { method: 'POST', url: url, who: cast.commissioner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nudged: 1, justEmailed: 0, nextNudgeAt: new Date(h.clock.now.getTime() + HOUR).toISOString() });
    await eventually(() => expect(mailTo(h, late)).toHaveLength(1));
    expect(mailTo(h, late)[0]!.subject).toMatch(/^Your commissioner reminds you: Week 9 picks for Nudge Pool are due /);
    expect(mailTo(h, done)).toEqual([]);
  });

  it('should refuse a second nudge inside the hour with 429, saying when the next is possible, and take one after it', async () => {
    const { poolId, late, url } = await nudgePool();
    // The first nudge of the week.
    const first = h.clock.now;
    expect((await call(h, { method: 'POST', url: url, who: cast.commissioner })).statusCode).toBe(200);
    await eventually(() => expect(mailTo(h, late)).toHaveLength(1));
    try {
      h.clock.now = new Date(first.getTime() + 59 * 60_000);
      const again = await call(h, { method: 'POST', url: url, who: cast.admin });
      expect(again.statusCode).toBe(429);
      const next = new Date(first.getTime() + HOUR);
      expect(again.json()).toEqual({
        error: 'nudge_too_soon',
        message: `Week 9 was nudged less than an hour ago: the next nudge is possible at ${formatDateTime(next)}`,
        details: { nextNudgeAt: next.toISOString() },
      });
      // Two at once after the hour: the database lets exactly one through.
      h.clock.now = new Date(first.getTime() + HOUR + 1000);
      const both = await Promise.all([call(h, { method: 'POST', url: url, who: cast.commissioner }), call(h, { method: 'POST', url: url, who: cast.admin })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
      await eventually(() => expect(mailTo(h, late)).toHaveLength(2));
      await eventually(async () =>
        expect((await deliveriesOf(h, poolId)).map((r) => [r.user_id, r.kind, r.status])).toEqual([
          [late.id, 'nudge', 'sent'],
          [late.id, 'nudge', 'sent'],
        ]),
      );
    } finally {
      h.clock.now = first;
    }
  });

  it('should refuse a nudge after the deadline', async () => {
    const { url } = await nudgePool();
    const before = h.clock.now;
    h.clock.now = new Date(before.getTime() + 4 * 24 * HOUR);
    try {
      const res = await call(h, { method: 'POST', url: url, who: cast.commissioner });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'week_not_open' });
    } finally {
      h.clock.now = before;
    }
  });
});

/**
 * A seed of the slow bus whose first `count` delays (in [0, maxDelayMs]) are all at least `minMs`:
 * every event the service consumes in a short story arrives that late, whatever their order.
 */
function seedWithDelaysAtLeast(minMs: number, maxDelayMs: number, count: number): number {
  for (let seed = 1; ; seed++) {
    const next = delaySequence(seed, maxDelayMs);
    let i = 0;
    while (i < count && next() >= minMs) i++;
    if (i === count) return seed;
  }
}

/**
 * A nudge at the same moment as a save (docs/notifications.md#who), on the slow bus (the kit's
 * `withDeliveryDelays`, as in the slow-bus suites): every event the service consumes is held 0.4
 * to 1.2 s. picks-scoring has taken Sam's save when the commissioner clicks Nudge, and its
 * picks.picks.saved is still on the bus: the service asks picks-scoring, and Sam gets nothing.
 */
describe.skipIf(skip)('a nudge at the same moment as a save, the bus delayed', () => {
  const MIN_DELAY_MS = 400;
  const MAX_DELAY_MS = 1200;
  let h: NotificationsHarness;
  let commissioner: Person;
  let sam: Person;
  let lou: Person;
  let poolId: string;

  beforeAll(async () => {
    h = await startNotifications({}, { busDelay: { maxDelayMs: MAX_DELAY_MS, seed: seedWithDelaysAtLeast(MIN_DELAY_MS, MAX_DELAY_MS, 25) } });
    commissioner = await person(h, { role: 'pool_commissioner', name: 'Nina Nudger' });
    const world = await poolWithPlayers(h, {
      commissioner,
      pool: { name: 'Slow Pool' },
      players: ['Sam Saver', 'Lou Later'],
      week: { number: 4, msAhead: 3 * 24 * HOUR },
    });
    poolId = world.pool.id;
    [sam, lou] = world.players as [Person, Person];
  });
  afterAll(async () => h?.close());

  it('should not nudge a player whose save picks-scoring took a moment before, its event still on its way', async () => {
    // Sam saves a complete set; picks.picks.saved is held on the bus for at least MIN_DELAY_MS.
    await picksSaved(h, poolId, 4, sam, 3, { wait: false });
    const res = await call(h, { method: 'POST', url: `/api/pools/${poolId}/weeks/4/nudge`, who: commissioner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nudged: 1 });
    await eventually(() => expect(mailTo(h, lou)).toHaveLength(1));
    await eventually(async () => expect((await deliveriesOf(h, poolId)).map((r) => [r.user_id, r.kind, r.status])).toEqual([[lou.id, 'nudge', 'sent']]));
    expect(mailTo(h, sam)).toEqual([]);
  });
});
