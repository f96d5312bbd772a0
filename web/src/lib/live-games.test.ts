import type { GameLiveState } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { gamesAreOn, gamesArePlaying, GAMES_ON_LEAD_MS, gameStatusText, liveGamesAfter, liveGamesStreamUrl, withLiveState } from './live-games';
import { parseGamesStreamEvent } from './games-stream-event';

const KICKOFF = Date.parse('2025-09-07T17:00:00.000Z');
const scheduled = { status: 'SCHEDULED' as const, isComplete: false, gameTimeUtc: new Date(KICKOFF).toISOString() };

const live = (gameId: string, fields: Partial<GameLiveState> = {}): GameLiveState => ({
  gameId,
  status: 'IN_PROGRESS',
  statusDetail: null,
  quarter: 3,
  clock: '4:12',
  homeScore: 17,
  awayScore: 10,
  gameTimeUtc: new Date(KICKOFF).toISOString(),
  updatedAt: new Date(KICKOFF + 3_600_000).toISOString(),
  ...fields,
});

describe('gamesAreOn', () => {
  it('should be on from 15 minutes before a kickoff while the game is not final', () => {
    expect(gamesAreOn([scheduled], KICKOFF - GAMES_ON_LEAD_MS - 1)).toBe(false);
    expect(gamesAreOn([scheduled], KICKOFF - GAMES_ON_LEAD_MS)).toBe(true);
    expect(gamesAreOn([scheduled], KICKOFF + 5 * 3_600_000)).toBe(true);
    expect(gamesAreOn([{ ...scheduled, status: 'COMPLETE', isComplete: true }], KICKOFF + 60_000)).toBe(false);
  });

  it('should be on while a game is in progress whatever the clock says, and not for postponed, cancelled or void games', () => {
    expect(gamesAreOn([{ ...scheduled, status: 'IN_PROGRESS' }], KICKOFF - 86_400_000)).toBe(true);
    expect(
      gamesAreOn(
        [
          { ...scheduled, status: 'POSTPONED' },
          { ...scheduled, status: 'CANCELLED' },
          { ...scheduled, isVoid: true },
        ],
        KICKOFF + 60_000,
      ),
    ).toBe(false);
    expect(gamesAreOn([], KICKOFF)).toBe(false);
  });
});

describe('gamesArePlaying', () => {
  it('should be on once the week is GAMES_IN_PROGRESS while a game is undecided, even with a kickoff read as far away', () => {
    const dayBefore = KICKOFF - 86_400_000;
    expect(gamesArePlaying([scheduled], dayBefore, 'PUBLISHED')).toBe(false);
    expect(gamesArePlaying([scheduled], dayBefore, 'GAMES_IN_PROGRESS')).toBe(true);
    expect(
      gamesArePlaying(
        [
          { ...scheduled, status: 'COMPLETE', isComplete: true },
          { ...scheduled, isVoid: true },
        ],
        dayBefore,
        'GAMES_IN_PROGRESS',
      ),
    ).toBe(false);
    expect(gamesArePlaying([scheduled], KICKOFF, null)).toBe(true);
  });
});

describe('the games stream', () => {
  it('should open the declared stream path and parse only its declared events', () => {
    expect(liveGamesStreamUrl(2025, 1)).toBe('/api/seasons/2025/weeks/1/games/stream');
    expect(parseGamesStreamEvent({ type: 'game', game: live('g1') })).toEqual({ type: 'game', game: live('g1') });
    expect(parseGamesStreamEvent({ type: 'game', game: { gameId: 'g1' } })).toBeUndefined();
  });

  it('should replace every game on a snapshot and one game on a game event', () => {
    const first = liveGamesAfter(new Map(), { type: 'snapshot', games: [live('g1'), live('g2')] });
    const second = liveGamesAfter(first, { type: 'game', game: live('g2', { homeScore: 24 }) });
    expect([...second.values()].map((g) => [g.gameId, g.homeScore])).toEqual([
      ['g1', 17],
      ['g2', 24],
    ]);
    expect(first.get('g2')!.homeScore).toBe(17);
    expect([...liveGamesAfter(second, { type: 'snapshot', games: [live('g3')] }).keys()]).toEqual(['g3']);
  });
});

describe('withLiveState', () => {
  const game = { id: 'g1', status: 'SCHEDULED' as const, isComplete: false, currentPeriod: null, gameClock: null, homeScore: null, awayScore: null };

  it('should lay the pushed status, quarter, clock and scores over the game', () => {
    expect(withLiveState(game, live('g1', { statusDetail: 'End of 3rd' }))).toEqual({
      id: 'g1',
      status: 'IN_PROGRESS',
      statusDetail: 'End of 3rd',
      isComplete: false,
      currentPeriod: 3,
      gameClock: '4:12',
      homeScore: 17,
      awayScore: 10,
    });
    expect(withLiveState(game, undefined)).toBe(game);
  });

  it('should mark the game complete only when final with both scores', () => {
    expect(withLiveState(game, live('g1', { status: 'COMPLETE', homeScore: 20, awayScore: 23 })).isComplete).toBe(true);
    expect(withLiveState(game, live('g1', { status: 'COMPLETE', homeScore: null })).isComplete).toBe(false);
  });
});

describe('gameStatusText', () => {
  const text = (fields: Partial<GameLiveState>) => {
    const state = live('g1', fields);
    return gameStatusText({ status: state.status, statusDetail: state.statusDetail, currentPeriod: state.quarter, gameClock: state.clock });
  };

  it('should show the quarter and clock, OT past the fourth, and the provider words when it has some', () => {
    expect(text({})).toBe('Q3 4:12');
    expect(text({ quarter: 5, clock: '2:00' })).toBe('OT 2:00');
    expect(text({ quarter: 2, clock: '0:00', statusDetail: 'Halftime' })).toBe('Halftime');
    expect(text({ quarter: null, clock: null })).toBe('Live');
  });

  it('should show Final, Final/OT, Postponed, Cancelled, and nothing before kickoff', () => {
    expect(text({ status: 'COMPLETE' })).toBe('Final');
    expect(text({ status: 'COMPLETE', statusDetail: 'Final/OT' })).toBe('Final/OT');
    expect(text({ status: 'POSTPONED', statusDetail: 'Postponed' })).toBe('Postponed');
    expect(text({ status: 'CANCELLED' })).toBe('Cancelled');
    expect(text({ status: 'SCHEDULED' })).toBeNull();
  });
});
