import { PICK_MESSAGES } from '@powerpool/contracts';
import type { SavedPick } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { buildBatch, chooseRank, choosePower, chooseTeam, gameControls, removePower, sameSelections, selectionsFromPicks } from './edit-rules';
import type { EditResult, Selections } from './edit-rules';
import { game } from './test-games';

const games = [1, 2, 3, 4, 5].map((n) => game(n));
const editing = { editing: true, locked: false };

function ok(result: EditResult): Selections {
  if (!result.ok) throw new Error(`refused: ${result.refusal.title}`);
  return result.selections;
}

/** 3pt on g1 (h1), 2pt on g2 (a2), 1pt on g3 (h3), power on g4 (a4). */
const full: Selections = {
  g1: { rank: 3, power: false, teamId: 'h1' },
  g2: { rank: 2, power: false, teamId: 'a2' },
  g3: { rank: 1, power: false, teamId: 'h3' },
  g4: { rank: null, power: true, teamId: 'a4' },
};

describe('chooseRank', () => {
  it('should give an untouched game the rank, with no team yet', () => {
    expect(ok(chooseRank({}, 'g1', 3))).toEqual({ g1: { rank: 3, power: false, teamId: null } });
  });

  it('should move a rank held by another game, which loses its pick and team', () => {
    expect(ok(chooseRank(full, 'g5', 3))).toEqual({ ...withoutGame(full, 'g1'), g5: { rank: 3, power: false, teamId: null } });
  });

  it('should change the rank of a game and clear its team', () => {
    expect(ok(chooseRank({ g1: { rank: 3, power: false, teamId: 'h1' } }, 'g1', 2))).toEqual({ g1: { rank: 2, power: false, teamId: null } });
  });

  it('should swap ranks between two games only by clearing the one that held it', () => {
    const next = ok(chooseRank(full, 'g1', 2));
    expect(next.g1).toEqual({ rank: 2, power: false, teamId: null });
    expect(next.g2).toBeUndefined();
  });

  it("should remove the pick when the game's own rank is clicked again", () => {
    expect(ok(chooseRank(full, 'g1', 3))).toEqual(withoutGame(full, 'g1'));
  });

  it("should refuse a rank on the power pick's game with the product's toast", () => {
    expect(chooseRank(full, 'g4', 3)).toEqual({
      ok: false,
      refusal: { title: 'Cannot select confidence pick', description: PICK_MESSAGES.cannotSelectConfidence },
    });
  });
});

describe('choosePower', () => {
  it('should make an untouched game the power pick, with no team yet', () => {
    expect(ok(choosePower({}, 'g4'))).toEqual({ g4: { rank: null, power: true, teamId: null } });
  });

  it('should move the power pick to another game, clearing the old one', () => {
    expect(ok(choosePower(full, 'g5'))).toEqual({ ...withoutGame(full, 'g4'), g5: { rank: null, power: true, teamId: null } });
  });

  it('should remove the power pick when its game is clicked again', () => {
    expect(ok(choosePower(full, 'g4'))).toEqual(withoutGame(full, 'g4'));
  });

  it("should refuse the power pick on a game with a confidence rank with the product's toast", () => {
    expect(choosePower(full, 'g1')).toEqual({
      ok: false,
      refusal: { title: 'Cannot select power pick', description: PICK_MESSAGES.cannotSelectPower },
    });
  });

  it('should remove a power pick wherever it is, and leave selections without one as they are', () => {
    const threePicks = withoutGame(full, 'g4');
    expect(removePower({ ...threePicks, g99: { rank: null, power: true, teamId: 'x' } })).toEqual(threePicks);
    expect(removePower(full)).toEqual(threePicks);
    const noPower = withoutGame(full, 'g4');
    expect(removePower(noPower)).toBe(noPower);
  });
});

describe('chooseTeam', () => {
  it('should pick the team of a game with a rank or the power pick', () => {
    const ranked = ok(chooseRank({}, 'g1', 3));
    expect(chooseTeam(ranked, 'g1', 'a1', editing)).toEqual({ g1: { rank: 3, power: false, teamId: 'a1' } });
    const power = ok(choosePower({}, 'g4'));
    expect(chooseTeam(power, 'g4', 'h4', editing)).toEqual({ g4: { rank: null, power: true, teamId: 'h4' } });
  });

  it('should change the team of a ranked game in edit mode', () => {
    expect(chooseTeam(full, 'g1', 'a1', editing)?.g1).toEqual({ rank: 3, power: false, teamId: 'a1' });
  });

  it('should keep the same selections when the chosen team is clicked again', () => {
    expect(chooseTeam(full, 'g1', 'h1', editing)).toBe(full);
  });

  it('should do nothing on a game without a rank or power, out of edit mode, or past the deadline', () => {
    expect(chooseTeam(full, 'g5', 'h5', editing)).toBeNull();
    expect(chooseTeam(full, 'g1', 'a1', { editing: false, locked: false })).toBeNull();
    expect(chooseTeam(full, 'g1', 'a1', { editing: true, locked: true })).toBeNull();
  });
});

describe('gameControls', () => {
  it('should leave every button of an untouched game enabled while editing, team rows not clickable', () => {
    expect(gameControls({}, 'g1', editing)).toEqual({ ranks: { 3: 'enabled', 2: 'enabled', 1: 'enabled' }, power: 'enabled', teams: false, needsTeam: false });
  });

  it("should disable a rank another game holds, and keep the game's own rank enabled (to remove it)", () => {
    const picks = { g1: { rank: 3, power: false, teamId: 'h1' } } as const;
    expect(gameControls(picks, 'g2', editing).ranks).toEqual({ 3: 'disabled', 2: 'enabled', 1: 'enabled' });
    expect(gameControls(picks, 'g1', editing).ranks).toEqual({ 3: 'enabled', 2: 'enabled', 1: 'enabled' });
  });

  it('should refuse the power button on a ranked game, and ranks on the power game (toasts), unless another game holds them', () => {
    expect(gameControls(full, 'g1', editing).power).toBe('refused');
    expect(gameControls(full, 'g4', editing)).toEqual({
      ranks: { 3: 'disabled', 2: 'disabled', 1: 'disabled' },
      power: 'enabled',
      teams: true,
      needsTeam: false,
    });
    const powerOnly = { g4: { rank: null, power: true, teamId: null } };
    expect(gameControls(powerOnly, 'g4', editing).ranks).toEqual({ 3: 'refused', 2: 'refused', 1: 'refused' });
  });

  it('should make team rows clickable only on a game with a rank or power, and ask for a team until one is chosen', () => {
    expect(gameControls({ g1: { rank: 2, power: false, teamId: null } }, 'g1', editing)).toMatchObject({ teams: true, needsTeam: true });
    expect(gameControls({ g4: { rank: null, power: true, teamId: null } }, 'g4', editing)).toMatchObject({ teams: true, needsTeam: true });
    expect(gameControls(full, 'g1', editing)).toMatchObject({ teams: true, needsTeam: false });
    expect(gameControls(full, 'g5', editing)).toMatchObject({ teams: false, needsTeam: false });
  });

  it('should disable everything when not editing or past the deadline, still asking for a missing team', () => {
    const disabled = { ranks: { 3: 'disabled', 2: 'disabled', 1: 'disabled' }, power: 'disabled', teams: false };
    for (const context of [
      { editing: false, locked: false },
      { editing: true, locked: true },
      { editing: false, locked: true },
    ]) {
      expect(gameControls(full, 'g1', context)).toEqual({ ...disabled, needsTeam: false });
      expect(gameControls({}, 'g5', context)).toEqual({ ...disabled, needsTeam: false });
      expect(gameControls({ g1: { rank: 3, power: false, teamId: null } }, 'g1', context)).toEqual({ ...disabled, needsTeam: true });
    }
  });
});

describe('buildBatch', () => {
  const target = { poolId: '7f1f4b8e-0000-4000-8000-000000000001', weekId: '2025:3', weekNumber: 3 };

  it('should send the three confidence picks and the power pick as rank 0, 3-2-1 then power', () => {
    const result = buildBatch(full, games, target);
    expect(result).toEqual({
      ok: true,
      body: {
        weekId: '2025:3',
        picks: [
          {
            poolId: target.poolId,
            poolGameId: 'pg1',
            gameEspnCompetitionId: 'g1',
            selectedTeamEspnId: 'h1',
            confidenceRank: 3,
            isPowerPick: false,
            weekNumber: 3,
          },
          {
            poolId: target.poolId,
            poolGameId: 'pg2',
            gameEspnCompetitionId: 'g2',
            selectedTeamEspnId: 'a2',
            confidenceRank: 2,
            isPowerPick: false,
            weekNumber: 3,
          },
          {
            poolId: target.poolId,
            poolGameId: 'pg3',
            gameEspnCompetitionId: 'g3',
            selectedTeamEspnId: 'h3',
            confidenceRank: 1,
            isPowerPick: false,
            weekNumber: 3,
          },
          {
            poolId: target.poolId,
            poolGameId: 'pg4',
            gameEspnCompetitionId: 'g4',
            selectedTeamEspnId: 'a4',
            confidenceRank: 0,
            isPowerPick: true,
            weekNumber: 3,
          },
        ],
      },
    });
  });

  it('should leave out the power pick until its team is chosen, and save without one', () => {
    const noTeam = buildBatch({ ...full, g4: { rank: null, power: true, teamId: null } }, games, target);
    expect(noTeam.ok && noTeam.body.picks.map((p) => p.confidenceRank)).toEqual([3, 2, 1]);
    const none = buildBatch(withoutGame(full, 'g4'), games, target);
    expect(none.ok && none.body.picks).toHaveLength(3);
  });

  it('should refuse with Incomplete Picks naming every missing rank (no game, or no team)', () => {
    const refusal = (missing: number[]) => ({ ok: false, refusal: { title: 'Incomplete Picks', description: PICK_MESSAGES.incompletePicks(missing) } });
    expect(buildBatch({}, games, target)).toEqual(refusal([3, 2, 1]));
    expect(buildBatch(withoutGame(full, 'g2'), games, target)).toEqual(refusal([2]));
    expect(buildBatch({ ...full, g1: { rank: 3, power: false, teamId: null } }, games, target)).toEqual(refusal([3]));
    expect(buildBatch({ g4: full.g4! }, games, target)).toEqual(refusal([3, 2, 1]));
    expect(PICK_MESSAGES.incompletePicks([2])).toBe('You must select all three confidence picks: 2pt is missing. Each pick must be on a different game.');
    expect(PICK_MESSAGES.incompletePicks([3, 1])).toBe(
      'You must select all three confidence picks: 3pt, 1pt are missing. Each pick must be on a different game.',
    );
  });

  it("should refuse a pick on a game that is not among the pool's games (a commissioner's power pick elsewhere)", () => {
    const elsewhere = { ...withoutGame(full, 'g4'), g99: { rank: null, power: true, teamId: 'x' } };
    expect(buildBatch(elsewhere, games, target)).toEqual({
      ok: false,
      refusal: { title: 'Error', description: 'Game g99 not found in available games for current pool' },
    });
  });

  it('should refuse a game without its pool game data', () => {
    const broken = games.map((g) => (g.id === 'g2' ? { ...g, poolGameId: '' } : g));
    expect(buildBatch(full, broken, target)).toEqual({ ok: false, refusal: { title: 'Error', description: 'Pool game data not found for game g2' } });
  });
});

describe('selectionsFromPicks', () => {
  function pick(overrides: Partial<SavedPick>): SavedPick {
    return {
      id: 'p',
      poolId: 'pool',
      year: 2025,
      weekNumber: 3,
      poolGameId: null,
      gameId: 'g1',
      gameEspnCompetitionId: 'g1',
      selectedTeamEspnId: 'h1',
      selectedTeamAbbreviation: null,
      selectedTeamLogoUrl: null,
      confidenceRank: 3,
      isPowerPick: false,
      isCorrect: null,
      result: 'PENDING',
      pointsEarned: null,
      enteredByCommissioner: false,
      updatedAt: '2025-09-20T10:00:00.000Z',
      ...overrides,
    };
  }

  it('should load saved picks by their game, the power pick by its flag', () => {
    const saved = [
      pick({ poolGameId: 'pg1', gameId: 'g1', confidenceRank: 3, selectedTeamEspnId: 'h1' }),
      pick({ poolGameId: 'pg2', gameId: 'other', gameEspnCompetitionId: 'other', confidenceRank: 2, selectedTeamEspnId: 'a2' }),
      pick({ poolGameId: null, gameId: 'g3', gameEspnCompetitionId: 'g3', confidenceRank: 1, selectedTeamEspnId: 'h3' }),
      pick({ poolGameId: 'pg4', gameId: 'g4', confidenceRank: 0, isPowerPick: true, selectedTeamEspnId: 'a4' }),
    ];
    expect(selectionsFromPicks(saved, games)).toEqual(full);
  });

  it("should keep a commissioner's power pick on a game the pool did not publish under its own game id", () => {
    const saved = [
      pick({
        poolGameId: null,
        gameId: 'g99',
        gameEspnCompetitionId: 'g99',
        confidenceRank: 0,
        isPowerPick: true,
        selectedTeamEspnId: 'x',
        enteredByCommissioner: true,
      }),
    ];
    expect(selectionsFromPicks(saved, games)).toEqual({ g99: { rank: null, power: true, teamId: 'x' } });
  });

  it('should tell equal selections from changed ones', () => {
    expect(sameSelections(full, { ...full })).toBe(true);
    expect(sameSelections(full, withoutGame(full, 'g4'))).toBe(false);
    expect(sameSelections(full, { ...full, g1: { rank: 3, power: false, teamId: 'a1' } })).toBe(false);
    expect(sameSelections(withoutGame(full, 'g4'), { ...withoutGame(full, 'g4'), g5: { rank: null, power: true, teamId: null } })).toBe(false);
  });
});

function withoutGame(selections: Selections, gameId: string): Selections {
  const { [gameId]: _gone, ...rest } = selections;
  return rest;
}
