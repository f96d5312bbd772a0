import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { integrationSkipReason } from '@powerpool/testing';
import type { Game } from '@powerpool/contracts';
import {
  buildSeason,
  KNOWN_TEAMS,
  announcePool,
  call,
  castOf,
  pushSeason,
  publish,
  setSpread,
  startWeeks,
  stateOf,
  updateGame,
  type Cast,
  type WeeksHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

/**
 * A PUBLISHED week moves to GAMES_IN_PROGRESS by itself when its deadline passes (docs/week.md#automatic-start),
 * within seconds, exactly once, however many replicas are running (each looks every 100 ms here).
 */
describe.skipIf(skip)('automatic start at the deadline', () => {
  let h: WeeksHarness;
  let cast: Cast;
  let games: Game[];

  beforeAll(async () => {
    h = await startWeeks();
    await h.addReplica();
    await h.addReplica();
    cast = await castOf(h);
    games = await pushSeason(h, buildSeason(), KNOWN_TEAMS);
  });
  afterAll(async () => h?.close());

  it('should start each published week once, with three replicas running, when the server clock passes its deadline', async () => {
    h.clock.now = new Date('2025-09-01T12:00:00Z');
    const pools = [await announcePool(h, cast.commissioner), await announcePool(h, cast.commissioner), await announcePool(h, cast.commissioner)];
    for (const pool of pools) {
      await setSpread(h, cast.commissioner, pool.id, 'w1-sun', -3);
      await publish(h, cast.commissioner, pool.id, 1, ['w1-sun']);
    }
    // A minute before the deadline (16:50): nothing moves, however long we wait.
    h.clock.now = new Date('2025-09-07T16:49:00Z');
    await new Promise((r) => setTimeout(r, 500));
    for (const pool of pools) expect((await stateOf(h, cast.commissioner, pool.id, 1)).currentState).toBe('PUBLISHED');

    h.clock.now = new Date('2025-09-07T16:50:00Z');
    for (const pool of pools) {
      await vi.waitFor(async () => expect((await stateOf(h, cast.commissioner, pool.id, 1)).currentState).toBe('GAMES_IN_PROGRESS'), { timeout: 5000 });
    }
    // Several more passes of every replica change nothing.
    await new Promise((r) => setTimeout(r, 600));
    for (const pool of pools) {
      const log = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/transitions`, who: cast.commissioner })).json();
      expect(log.map((t: any) => [t.fromState, t.toState, t.automatic, t.byUserId])).toEqual([
        ['SETUP', 'PUBLISHED', false, cast.commissioner.id],
        ['PUBLISHED', 'GAMES_IN_PROGRESS', true, null],
      ]);
      const announced = h.events.filter((e) => e.subject === 'weeks.week.state-changed' && e.data.poolId === pool.id && e.data.toState === 'GAMES_IN_PROGRESS');
      expect(announced).toHaveLength(1);
      expect(announced[0]!.data).toMatchObject({ fromState: 'PUBLISHED', automatic: true, testing: false, at: '2025-09-07T16:50:00.000Z' });
    }
  });

  it('should keep the deadline fixed at publish: a later kickoff change from the provider never reopens picks', async () => {
    const pool = await announcePool(h, cast.commissioner);
    h.clock.now = new Date('2025-09-01T12:00:00Z');
    await setSpread(h, cast.commissioner, pool.id, 'w1-mon', 1);
    await publish(h, cast.commissioner, pool.id, 1, ['w1-mon']);
    h.clock.now = new Date('2025-09-09T00:05:00Z');
    await vi.waitFor(async () => expect((await stateOf(h, cast.commissioner, pool.id, 1)).currentState).toBe('GAMES_IN_PROGRESS'), { timeout: 5000 });
    // The provider moves the kickoff a day later: the deadline and the state stay as they were.
    await updateGame(
      h,
      games.find((g) => g.espnId === 'w1-mon')!,
      { gameTimeUtc: '2025-09-10T00:15:00.000Z' },
    );
    await new Promise((r) => setTimeout(r, 300));
    const res = await stateOf(h, cast.commissioner, pool.id, 1);
    expect(res).toMatchObject({ currentState: 'GAMES_IN_PROGRESS', pickDeadline: '2025-09-09T00:05:00.000Z' });
    const published = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/games/published`, who: cast.commissioner })).json();
    expect(published[0].gameTimeUtc).toBe('2025-09-10T00:15:00.000Z');
  });
});
