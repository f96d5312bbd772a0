import { describe, expect, it } from 'vitest';
import type { GameData } from '@powerpool/contracts';
import { gameUpdate } from './game-updates.js';

const base: GameData = {
  espnId: '401772979',
  espnCompetitionId: '401772979',
  year: 2025,
  seasonType: 3,
  weekNumber: 19,
  homeTeamEspnId: '29',
  awayTeamEspnId: '14',
  homeTeamAbbr: 'CAR',
  awayTeamAbbr: 'LAR',
  homeTeamShortName: 'Panthers',
  awayTeamShortName: 'Rams',
  gameTimeUtc: '2026-01-10T21:30:00.000Z',
  gameTimeCdt: '2026-01-10T15:30:00-06:00',
  spread: 10.5,
  gameName: 'Los Angeles Rams at Carolina Panthers',
  currentPeriod: 2,
  gameClock: '7:30',
  gameStatus: 'IN_PROGRESS',
  winnerTeamEspnId: null,
  homeScore: 14,
  awayScore: 17,
  oddsProvider: null,
  oddsDetails: null,
  venueEspnId: '3628',
  statusDetail: null,
};
const game = (over: Partial<GameData>): GameData => ({ ...base, ...over });
const final = game({ gameStatus: 'COMPLETE', currentPeriod: 4, gameClock: null, homeScore: 31, awayScore: 34, winnerTeamEspnId: '14' });

describe('the guarded score update', () => {
  it('should take status, detail, clock, scores and a moved kickoff when they change', () => {
    const update = gameUpdate(
      base,
      game({ currentPeriod: 2, gameClock: '0:00', statusDetail: 'Halftime', homeScore: 17, gameTimeUtc: '2026-01-10T21:35:00.000Z', spread: null }),
      'scores',
    );
    expect(update).toMatchObject({ kind: 'changed', changed: ['statusDetail', 'gameClock', 'homeScore', 'gameTimeUtc'] });
    expect(update.kind === 'changed' && update.next.spread).toBe(10.5);
  });

  it('should change nothing when the reply says what we have', () => {
    expect(gameUpdate(base, game({}), 'scores')).toEqual({ kind: 'unchanged' });
  });

  it('should refuse a final without both scores', () => {
    expect(gameUpdate(base, game({ gameStatus: 'COMPLETE', homeScore: null }), 'scores')).toMatchObject({ kind: 'rejected', reason: 'final_without_scores' });
  });

  it('should refuse a score going backwards or vanishing before the game is final', () => {
    expect(gameUpdate(base, game({ homeScore: 7 }), 'scores')).toMatchObject({ kind: 'rejected', reason: 'score_backwards' });
    expect(gameUpdate(base, game({ gameStatus: 'SCHEDULED', homeScore: null, awayScore: null, currentPeriod: null }), 'scores')).toMatchObject({
      kind: 'rejected',
      reason: 'score_backwards',
    });
  });

  it('should take a lower score as a correction when the provider says final with both scores', () => {
    expect(gameUpdate(final, game({ ...final, homeScore: 28 }), 'scores')).toMatchObject({ kind: 'changed', changed: ['homeScore'] });
  });

  it('should never set a final game back to scheduled or in progress', () => {
    expect(gameUpdate(final, base, 'scores')).toMatchObject({ kind: 'rejected', reason: 'complete_reopened' });
    expect(gameUpdate(final, game({ ...final, gameStatus: 'SCHEDULED' }), 'scores')).toMatchObject({ kind: 'rejected', reason: 'complete_reopened' });
  });

  it('should never erase a line with a reply that has none, and take a new line', () => {
    expect(gameUpdate(base, game({ spread: null }), 'odds')).toEqual({ kind: 'unchanged' });
    expect(gameUpdate(base, game({ spread: 9.5, homeScore: 0 }), 'odds')).toMatchObject({ kind: 'changed', changed: ['spread'] });
  });
});
