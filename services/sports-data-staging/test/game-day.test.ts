import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameUpdatedEventSchema, type EventPayload } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason, WILD_CARD_WEEK } from '@powerpool/testing';
import { startSports, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();

const WILD_CARD = JSON.parse(readFileSync(new URL('../fixtures/espn/scoreboard-2025-post-week01-wildcard-final.json', import.meta.url), 'utf8'));
/** The recorded finals: espnId -> [away, home, winner]. */
const FINALS = new Map<string, [number, number, string]>(
  WILD_CARD.events.map((e: any) => {
    const c = e.competitions[0].competitors;
    const home = c.find((x: any) => x.homeAway === 'home');
    const away = c.find((x: any) => x.homeAway === 'away');
    return [e.id, [Number(away.score), Number(home.score), (home.winner ? home : away).team.id]];
  }),
);

describe.skipIf(skip)('a replayed game day followed by the live feed', () => {
  let h: SportsHarness;
  const updates: Array<EventPayload<'sports.game.updated'>> = [];

  beforeAll(async () => {
    h = await startSports({
      replay: { gameDay: { minutes: 0.5, kickoffInMinutes: 60 } },
      env: { LIVE_FEED: 'on', LIVE_FEED_INTERVAL_MS: '100', LIVE_FEED_IDLE_INTERVAL_MS: '1000' },
    });
    await h.runtime.bus.subscribe('sports.game.updated', (m: BusMessage) => void updates.push(gameUpdatedEventSchema.parse(m.data)));
    await h.importTeams(2025);
    await h.importGames(2025);
    expect((await h.pushTeams()).statusCode).toBe(200);
    expect((await h.pushGames()).at(-1)?.type).toBe('complete');
  });
  afterAll(async () => h?.close());

  it('should move the Wild Card games from scheduled through the quarters to the recorded finals, each change once', async () => {
    const week = await h.runtime.database.sql.query<{ espn_id: string; game_status: string; game_time_utc: Date }>(
      `SELECT espn_id, game_status, game_time_utc FROM sports.games WHERE year = 2025 AND week_number = ${WILD_CARD_WEEK} ORDER BY game_time_utc`,
    );
    expect(week.map((g) => g.game_status)).toEqual(Array(6).fill('SCHEDULED'));
    expect(new Date(week[0]!.game_time_utc).getTime()).toBe(h.replay.gameDay.kickoffAt!.getTime());

    h.replay.gameDay.start();
    await vi.waitFor(
      () => {
        const finals = updates.filter((u) => u.game.gameStatus === 'COMPLETE' && FINALS.has(u.game.espnId));
        expect(new Set(finals.map((u) => u.game.espnId)).size).toBe(6);
      },
      { timeout: 140_000, interval: 250 },
    );

    const periods = new Set<number>();
    for (const [espnId, [away, home, winner]] of FINALS) {
      const mine = updates.filter((u) => u.game.espnId === espnId);
      const seen = mine.map((u) => u.game);
      // Scheduled -> in progress (with kickoff moved by start) -> ... -> final, never back.
      const statuses = seen.map((g) => g.gameStatus).filter((s, i, all) => s !== all[i - 1]);
      expect(
        statuses.filter((s) => s !== 'SCHEDULED'),
        espnId,
      ).toEqual(['IN_PROGRESS', 'COMPLETE']);
      expect(
        seen.filter((g) => g.gameStatus === 'COMPLETE'),
        espnId,
      ).toHaveLength(1);
      expect(seen.at(-1), espnId).toMatchObject({ gameStatus: 'COMPLETE', awayScore: away, homeScore: home, winnerTeamEspnId: winner });
      for (let i = 1; i < seen.length; i += 1) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        expect(b.awayScore ?? 0, espnId).toBeGreaterThanOrEqual(a.awayScore ?? 0);
        expect(b.homeScore ?? 0, espnId).toBeGreaterThanOrEqual(a.homeScore ?? 0);
        expect(b.currentPeriod ?? 0, espnId).toBeGreaterThanOrEqual(a.currentPeriod ?? 0);
        const state = (g: typeof a) => [g.gameStatus, g.statusDetail, g.currentPeriod, g.gameClock, g.awayScore, g.homeScore, g.gameTimeUtc];
        expect(state(b), `${espnId}: an update that changes nothing`).not.toEqual(state(a));
      }
      expect(mine.every((u) => u.changed.length > 0)).toBe(true);
      for (const g of seen) if (g.gameStatus === 'IN_PROGRESS' && g.currentPeriod) periods.add(g.currentPeriod);
    }
    expect([...periods].sort()).toEqual([1, 2, 3, 4]);
    expect(h.replay.gameDay.status()).toMatchObject({ on: true, games: Array(6).fill(expect.objectContaining({ status: 'STATUS_FINAL' })) });
  }, 150_000);
});
