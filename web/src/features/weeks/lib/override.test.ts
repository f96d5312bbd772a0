import { PICK_MESSAGES } from '@powerpool/contracts';
import type { PublishedGame, WeekGame } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { choiceValue, EMPTY_OVERRIDE_FORM, overrideBody, overrideProblem, parseChoice } from './override';
import type { OverrideForm } from './override';

const complete: OverrideForm = {
  targetUserId: 'u1',
  picks: { 3: { gameId: 'g1', teamEspnId: 't1' }, 2: { gameId: 'g2', teamEspnId: 't2' }, 1: { gameId: 'g3', teamEspnId: 't3' } },
  power: null,
  reason: ' Phone died ',
  tiebreaker: '',
};

describe('overrideProblem', () => {
  it('should ask for the player and the reason first', () => {
    expect(overrideProblem(EMPTY_OVERRIDE_FORM)).toBe(PICK_MESSAGES.overrideRequired);
    expect(overrideProblem({ ...complete, reason: '   ' })).toBe(PICK_MESSAGES.overrideRequired);
    expect(overrideProblem({ ...complete, targetUserId: '' })).toBe(PICK_MESSAGES.overrideRequired);
  });

  it('should ask for all three confidence picks', () => {
    expect(overrideProblem({ ...complete, picks: { ...complete.picks, 2: null } })).toBe(PICK_MESSAGES.overrideConfidence);
  });

  it('should refuse two picks on one game, the power pick included', () => {
    expect(overrideProblem({ ...complete, power: { gameId: 'g1', teamEspnId: 't9' } })).toBe(PICK_MESSAGES.duplicateGame);
  });

  it('should accept a complete form, with or without a power pick', () => {
    expect(overrideProblem(complete)).toBeNull();
    expect(overrideProblem({ ...complete, power: { gameId: 'g4', teamEspnId: 't4' } })).toBeNull();
  });

  it('should refuse a tiebreaker that is not a whole number from 0 to 200 when the week has a tiebreaker game', () => {
    for (const tiebreaker of ['-1', '201', '4.5', 'abc'])
      expect(overrideProblem({ ...complete, tiebreaker }, 'SF @ PHI'), tiebreaker).toBe(PICK_MESSAGES.tiebreakerRequired('SF @ PHI'));
  });

  it('should accept an empty tiebreaker (the member keeps theirs) or one from 0 to 200 when the week has a tiebreaker game', () => {
    for (const tiebreaker of ['', '  ', '0', '47', '200']) expect(overrideProblem({ ...complete, tiebreaker }, 'SF @ PHI'), tiebreaker).toBeNull();
  });
});

describe('choices', () => {
  it('should round-trip a select value', () => {
    expect(parseChoice(choiceValue({ gameId: 'g1', teamEspnId: 't1' }))).toEqual({ gameId: 'g1', teamEspnId: 't1' });
    expect(parseChoice('')).toBeNull();
  });
});

describe('overrideBody', () => {
  const published = ['g1', 'g2', 'g3'].map((id) => ({ id, espnCompetitionId: `c-${id}`, poolGameId: `pg-${id}` }) as unknown as PublishedGame);
  const weekGames = ['g1', 'g2', 'g3', 'g4'].map((id) => ({ id, espnCompetitionId: `c-${id}` }) as unknown as WeekGame);

  it('should send the three ranks, and a power pick on a game the pool did not publish without a pool game', () => {
    const body = overrideBody({ ...complete, power: { gameId: 'g4', teamEspnId: 't4' } }, { poolId: 'p1', weekNumber: 3, published, weekGames });
    expect(body).toEqual({
      targetUserId: 'u1',
      poolId: 'p1',
      weekNumber: 3,
      overrideReason: 'Phone died',
      picks: [
        { poolGameId: 'pg-g1', gameEspnCompetitionId: 'c-g1', selectedTeamEspnId: 't1', confidenceRank: 3, isPowerPick: false },
        { poolGameId: 'pg-g2', gameEspnCompetitionId: 'c-g2', selectedTeamEspnId: 't2', confidenceRank: 2, isPowerPick: false },
        { poolGameId: 'pg-g3', gameEspnCompetitionId: 'c-g3', selectedTeamEspnId: 't3', confidenceRank: 1, isPowerPick: false },
        { poolGameId: null, gameEspnCompetitionId: 'c-g4', selectedTeamEspnId: 't4', confidenceRank: 0, isPowerPick: true },
      ],
    });
  });

  it('should send a typed tiebreaker as a number and leave it out when the field is empty', () => {
    expect(overrideBody({ ...complete, tiebreaker: ' 47 ' }, { poolId: 'p1', weekNumber: 3, published, weekGames }).tiebreaker).toBe(47);
    expect('tiebreaker' in overrideBody(complete, { poolId: 'p1', weekNumber: 3, published, weekGames })).toBe(false);
  });
});
