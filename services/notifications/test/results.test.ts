import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC, type WeekResultsReply } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason, moveWeekTo, type Cast } from '@powerpool/testing';
import { castOf, deliveriesOf, eventually, mailTo, poolWithPlayers, startNotifications, type NotificationsHarness, type Person } from './helpers.js';

const skip = await integrationSkipReason();
const HOUR = 3_600_000;

/**
 * Week results (docs/notifications.md#kinds): once a week is COMPLETE, picks-scoring is asked once
 * (a peer on the real bus answering rpc.picks.week.results) and each ranked player gets their
 * points and rank by e-mail; a player without a result gets nothing.
 */
describe.skipIf(skip)('week results', () => {
  let h: NotificationsHarness;
  let cast: Cast;
  const asked: unknown[] = [];
  let reply: WeekResultsReply = { players: [] };

  beforeAll(async () => {
    h = await startNotifications();
    cast = await castOf(h);
    await h.runtime.bus.handle(
      RPC.scoringWeekResults,
      async (m: BusMessage<unknown>): Promise<WeekResultsReply> => {
        asked.push(m.data);
        return reply;
      },
      { queue: 'picks-scoring' },
    );
  });
  afterAll(async () => h?.close());

  it('should e-mail each ranked player their points and rank once the week is COMPLETE, asking picks-scoring once', async () => {
    const { pool, players, deadline } = await poolWithPlayers(h, {
      commissioner: cast.commissioner,
      pool: { name: 'Results Pool' },
      players: ['Ann Top', 'Ben Second', 'Cat Nopicks'],
      week: { number: 3, msAhead: 3 * 24 * HOUR },
    });
    const [ann, ben, cat] = players as [Person, Person, Person];
    reply = {
      players: [
        { userId: ann.id, points: 12, rank: 1 },
        { userId: ben.id, points: 5, rank: 2 },
      ],
    };
    h.clock.now = new Date(deadline!.getTime() + 3 * 24 * HOUR);
    await moveWeekTo(h, { pool, weekNumber: 3, to: 'COMPLETE' });
    await eventually(() => {
      expect(mailTo(h, ann).map((m) => m.subject)).toEqual(['Week 3 results in Results Pool: 12 points, rank 1 of 2']);
      expect(mailTo(h, ben).map((m) => m.subject)).toEqual(['Week 3 results in Results Pool: 5 points, rank 2 of 2']);
    });
    expect(mailTo(h, ann)[0]!.text).toContain(`http://localhost:3000/live-leaderboard/${pool.id}/3`);
    await eventually(async () =>
      expect((await deliveriesOf(h, pool.id)).map((r) => [r.user_id, r.kind, r.status]).sort()).toEqual(
        [
          [ann.id, 'week_results', 'sent'],
          [ben.id, 'week_results', 'sent'],
        ].sort(),
      ),
    );
    expect(mailTo(h, cat)).toEqual([]);
    expect(asked).toEqual([{ poolId: pool.id, year: 2025, weekNumber: 3 }]);
  });
});
