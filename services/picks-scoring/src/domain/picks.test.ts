import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '@powerpool/contracts';
import type { GameRow, PickRow } from '../store/schema.js';
import { checkRanks, refuseStartedGames, replacementRows, type PickChoice, type ResolvedPick } from './picks.js';

const choice = (game: string, rank: number, isPowerPick = rank === 0): PickChoice => ({
  gameEspnCompetitionId: game,
  selectedTeamEspnId: 't',
  confidenceRank: rank,
  isPowerPick,
});
const fail = (picks: PickChoice[]) => {
  try {
    checkRanks(picks, PICK_MESSAGES.incompletePicks);
  } catch (err) {
    return [(err as { code: string }).code, (err as Error).message];
  }
  return null;
};

describe('checkRanks', () => {
  it('should accept three confidence picks with or without a power pick on a fourth game', () => {
    expect(fail([choice('a', 3), choice('b', 2), choice('c', 1)])).toBeNull();
    expect(fail([choice('d', 0), choice('a', 3), choice('b', 2), choice('c', 1)])).toBeNull();
  });

  it('should check the power flag first, then missing ranks, repeated ranks, repeated games', () => {
    expect(fail([choice('a', 3, true)])).toEqual(['validation_failed', PICK_MESSAGES.powerPickFlag]);
    expect(fail([choice('a', 3), choice('a', 3)])).toEqual([
      'incomplete_picks',
      'You must select all three confidence picks: 2pt, 1pt are missing. Each pick must be on a different game.',
    ]);
    expect(fail([choice('a', 3), choice('b', 2), choice('c', 1), choice('d', 1)])).toEqual(['incomplete_picks', 'Only one 1pt pick is allowed.']);
    expect(fail([choice('a', 3), choice('b', 2), choice('b', 1)])).toEqual(['incomplete_picks', 'Each pick must be on a different game.']);
    expect(fail([choice('a', 3), choice('b', 2), choice('c', 1), choice('c', 0)])).toEqual(['incomplete_picks', PICK_MESSAGES.cannotSelectPower]);
  });
});

describe('replacementRows', () => {
  const owner = { poolId: 'p', userId: 'u', year: 2025, weekNumber: 1 };
  const t0 = new Date('2025-09-01T00:00:00Z');
  const t1 = new Date('2025-09-02T00:00:00Z');
  const resolved = (gameId: string, rank: number, team = 'x'): ResolvedPick => ({
    gameId,
    poolGameId: `pg-${gameId}`,
    selectedTeamEspnId: team,
    confidenceRank: rank,
    isPowerPick: rank === 0,
    teams: [team, 'y'],
  });
  const stored = (gameId: string, rank: number, team = 'x'): PickRow => ({
    id: `id-${gameId}`,
    ...owner,
    gameId,
    poolGameId: `pg-${gameId}`,
    selectedTeamEspnId: team,
    confidenceRank: rank,
    isPowerPick: rank === 0,
    enteredBy: 'u',
    createdAt: t0,
    updatedAt: t0,
    result: 'WIN',
    pointsEarned: rank,
  });

  it('should keep the id, creation time and results of every pick when nothing changed', () => {
    const rows = replacementRows({ owner, existing: [stored('a', 3), stored('b', 2)], chosen: [resolved('a', 3), resolved('b', 2)], enteredBy: 'c', now: t1 });
    expect(rows.map((r) => [r.id, r.createdAt, r.updatedAt, r.enteredBy, r.result, r.pointsEarned])).toEqual([
      ['id-a', t0, t1, 'c', 'WIN', 3],
      ['id-b', t0, t1, 'c', 'WIN', 2],
    ]);
  });

  it('should keep the id and creation time of unchanged picks, and clear every result when something changed', () => {
    const rows = replacementRows({
      owner,
      existing: [stored('a', 3), stored('b', 2)],
      chosen: [resolved('a', 3), resolved('b', 2, 'y')],
      enteredBy: 'u',
      now: t1,
    });
    expect(rows[0]).toMatchObject({ id: 'id-a', createdAt: t0, result: null, pointsEarned: null });
    expect(rows[1]).toMatchObject({ createdAt: t1, selectedTeamEspnId: 'y', result: null });
    expect(rows[1]!.id).not.toBe('id-b');
  });

  describe('refuseStartedGames', () => {
    const game = (espnId: string, status: GameRow['status']): GameRow =>
      ({ espnId, espnCompetitionId: `c-${espnId}`, gameName: `Game ${espnId}`, status }) as GameRow;
    const games = [game('a', 'SCHEDULED'), game('b', 'IN_PROGRESS'), game('c', 'COMPLETE'), game('d', 'POSTPONED')];
    const refusal = (chosen: ResolvedPick[], existing: PickRow[] = []) => {
      try {
        refuseStartedGames(chosen, games, existing);
      } catch (err) {
        return [(err as { code: string }).code, (err as Error).message, (err as { details: unknown }).details];
      }
      return null;
    };

    it('should take picks on games not started, postponed ones included', () => {
      expect(refusal([resolved('a', 3), resolved('d', 2)])).toBeNull();
    });

    it('should refuse a new pick on a game being played or final, naming it', () => {
      expect(refusal([resolved('a', 3), resolved('b', 2)])).toEqual(['game_started', PICK_MESSAGES.gameStarted('Game b'), { gameId: 'c-b' }]);
      expect(refusal([resolved('c', 0)])).toEqual(['game_started', PICK_MESSAGES.gameStarted('Game c'), { gameId: 'c-c' }]);
    });

    it('should keep a pick already saved on a started game when it is sent again unchanged, and refuse any change to it', () => {
      const existing = [stored('c', 3)];
      expect(refusal([resolved('c', 3), resolved('a', 2)], existing)).toBeNull();
      expect(refusal([resolved('c', 3, 'y')], existing)?.[0]).toBe('game_started');
      expect(refusal([resolved('c', 2)], existing)?.[0]).toBe('game_started');
    });
  });
});
