import { describe, expect, it } from 'vitest';
import type { Game } from '@powerpool/contracts';
import { GAME_LENGTH_MS } from '@powerpool/contracts';
import { currentSeason, defaultPoolYear, seasonsOf, type SeasonSpan } from './seasons.js';

const at = (iso: string) => new Date(iso);
/** A season as the replay data has them: the opener in early September, the Super Bowl in February. */
const season = (year: number): SeasonSpan => ({ year, firstKickoffAt: at(`${year}-09-05T00:20:00Z`), lastKickoffAt: at(`${year + 1}-02-08T23:30:00Z`) });

describe('current season', () => {
  it.each([
    ['the season under way', [season(2025)], '2025-11-23T12:00:00Z', 2025],
    ['the season under way, in its January playoffs', [season(2025)], '2026-01-20T12:00:00Z', 2025],
    ['the next season, before its opener', [season(2025)], '2025-07-01T12:00:00Z', 2025],
    ['the newest season, once all its games are over', [season(2025)], '2026-11-23T12:00:00Z', 2025],
    ['the newest of several, once all are over', [season(2024), season(2025)], '2026-11-23T12:00:00Z', 2025],
    ['the season under way, when the next one is in production too', [season(2025), season(2026)], '2026-01-20T12:00:00Z', 2025],
    ['the next season, between two seasons in production', [season(2025), season(2026)], '2026-06-01T12:00:00Z', 2026],
    ['the newer season, once it is pushed to production and under way', [season(2026), season(2025)], '2026-11-23T12:00:00Z', 2026],
  ])('should be %s', (_case, seasons, now, year) => {
    expect(currentSeason(seasons, at(now))).toBe(year);
  });

  it('should keep a season current while its last game may still be played', () => {
    const seasons = [season(2025), season(2026)];
    const last = season(2025).lastKickoffAt.getTime();
    expect(currentSeason(seasons, new Date(last + GAME_LENGTH_MS - 1))).toBe(2025);
    expect(currentSeason(seasons, new Date(last + GAME_LENGTH_MS))).toBe(2026);
  });

  it('should be null when there is no production data', () => {
    expect(currentSeason([], at('2026-11-23T12:00:00Z'))).toBeNull();
  });
});

describe('default pool year', () => {
  it('should be the current season of the production data rather than the calendar year', () => {
    expect(defaultPoolYear([season(2025)], at('2026-11-23T12:00:00Z'))).toBe(2025);
  });

  it('should follow the calendar without production data: the calendar year, minus one before March', () => {
    expect(defaultPoolYear([], at('2026-11-23T12:00:00Z'))).toBe(2026);
    expect(defaultPoolYear([], at('2026-03-01T00:00:00Z'))).toBe(2026);
    expect(defaultPoolYear([], at('2026-02-28T23:59:59Z'))).toBe(2025);
    expect(defaultPoolYear([], at('2025-01-15T12:00:00Z'))).toBe(2024);
  });

  it('should be the nearest offered year when the season is not offered', () => {
    expect(defaultPoolYear([season(2023)], at('2024-06-01T12:00:00Z'))).toBe(2024);
    expect(defaultPoolYear([season(2030)], at('2030-10-01T12:00:00Z'))).toBe(2026);
    expect(defaultPoolYear([], at('2031-10-01T12:00:00Z'))).toBe(2026);
    expect(defaultPoolYear([], at('2023-10-01T12:00:00Z'))).toBe(2024);
  });
});

describe('seasons of games pushed to production', () => {
  const game = (espnId: string, year: number, gameTimeUtc: string) => ({ espnId, year, gameTimeUtc }) as Game;
  const now = at('2026-11-23T12:00:00Z');

  it('should span the kickoffs of each pushed year and count its games', () => {
    const rows = seasonsOf(
      {
        years: [2025, 2024],
        games: [
          game('a', 2025, '2025-12-01T18:00:00Z'),
          game('b', 2025, '2025-09-05T00:20:00Z'),
          game('c', 2025, '2026-02-08T23:30:00Z'),
          game('d', 2024, '2024-09-06T00:20:00Z'),
        ],
        deletedEspnIds: [],
      },
      now,
    );
    expect(rows).toEqual([
      { year: 2024, firstKickoffAt: at('2024-09-06T00:20:00Z'), lastKickoffAt: at('2024-09-06T00:20:00Z'), gameCount: 1, updatedAt: now },
      { year: 2025, firstKickoffAt: at('2025-09-05T00:20:00Z'), lastKickoffAt: at('2026-02-08T23:30:00Z'), gameCount: 3, updatedAt: now },
    ]);
  });

  it('should leave out games of a year the event does not push, and years without games', () => {
    const rows = seasonsOf(
      { years: [2025, 2026], games: [game('a', 2024, '2024-09-06T00:20:00Z'), game('b', 2025, '2025-09-05T00:20:00Z')], deletedEspnIds: [] },
      now,
    );
    expect(rows.map((r) => r.year)).toEqual([2025]);
  });
});
