import { describe, expect, it } from 'vitest';
import { DEMO_ENTRIES, DEMO_GAMES } from './demo-data';
import type { DemoEntry, DemoGame } from './demo-data';
import { advanceDemo, DEMO_KICKOFF_TICK, DEMO_RESTART_AFTER_TICKS, demoBoard, demoBoardOf, initialDemoState, stepDemoGame } from './demo-simulation';

/** A repeatable random source (a fixed sequence, over and over). */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};
const never = () => 0.99;
const NOW = new Date('2025-09-07T18:00:00.000Z');

const game = (fields: Partial<DemoGame>): DemoGame => ({ ...DEMO_GAMES[0]!, ...fields });

describe('stepDemoGame', () => {
  it('should run the clock, and score a touchdown or a field goal for one side when the dice say so', () => {
    const playing = game({ status: 'IN_PROGRESS', quarter: 1, clock: '10:00', homeScore: 0, awayScore: 0 });
    expect(stepDemoGame(playing, 1, never)).toMatchObject({ clock: '8:45', homeScore: 0, awayScore: 0 });
    expect(stepDemoGame(playing, 1, sequence(0.1, 0.1, 0.1))).toMatchObject({ homeScore: 7, awayScore: 0 });
    expect(stepDemoGame(playing, 1, sequence(0.1, 0.9, 0.9))).toMatchObject({ homeScore: 0, awayScore: 3 });
  });

  it('should go to the next quarter, to halftime after the second and out of it to the third', () => {
    expect(stepDemoGame(game({ status: 'IN_PROGRESS', quarter: 1, clock: '1:00', homeScore: 0, awayScore: 0 }), 1, never)).toMatchObject({
      quarter: 2,
      clock: '15:00',
    });
    const half = stepDemoGame(game({ status: 'IN_PROGRESS', quarter: 2, clock: '0:30', homeScore: 0, awayScore: 0 }), 1, never);
    expect(half).toMatchObject({ status: 'IN_PROGRESS', quarter: 2, clock: '0:00' });
    expect(stepDemoGame(half, 2, never)).toMatchObject({ quarter: 3, clock: '15:00' });
  });

  it('should end a decided game after the fourth quarter and send a tied one to overtime', () => {
    expect(stepDemoGame(game({ status: 'IN_PROGRESS', quarter: 4, clock: '0:10', homeScore: 21, awayScore: 17 }), 1, never)).toMatchObject({
      status: 'COMPLETE',
    });
    const overtime = stepDemoGame(game({ status: 'IN_PROGRESS', quarter: 4, clock: '0:10', homeScore: 17, awayScore: 17 }), 1, never);
    expect(overtime).toMatchObject({ status: 'IN_PROGRESS', quarter: 5, clock: '10:00' });
  });

  it('should kick a scheduled game off on its tick and leave final games alone', () => {
    const scheduled = game({ status: 'SCHEDULED', quarter: null, clock: null, homeScore: null, awayScore: null });
    expect(stepDemoGame(scheduled, DEMO_KICKOFF_TICK - 1, never)).toBe(scheduled);
    expect(stepDemoGame(scheduled, DEMO_KICKOFF_TICK, never)).toMatchObject({ status: 'IN_PROGRESS', quarter: 1, clock: '15:00', homeScore: 0, awayScore: 0 });
    const final = game({ status: 'COMPLETE', quarter: 4, clock: '0:00', homeScore: 3, awayScore: 0 });
    expect(stepDemoGame(final, 9, sequence(0))).toBe(final);
  });
});

describe('advanceDemo', () => {
  it('should play the whole day to final and then start over', () => {
    let state = initialDemoState();
    let ticks = 0;
    while (!state.games.every((g) => g.status === 'COMPLETE')) {
      state = advanceDemo(state, sequence(0.2, 0.7, 0.3, 0.9, 0.5));
      ticks += 1;
      expect(ticks).toBeLessThan(200);
    }
    for (let i = 1; i < DEMO_RESTART_AFTER_TICKS; i += 1) state = advanceDemo(state, never);
    expect(state.games.every((g) => g.status === 'COMPLETE')).toBe(true);
    expect(advanceDemo(state, never)).toEqual(initialDemoState());
  });
});

describe('demoBoardOf: a player of the demo pool', () => {
  // The player's line of the demo board on these games (scored by the contracts' rules).
  const scoreDemoEntry = (entry: DemoEntry, games: DemoGame[]) => demoBoardOf([entry], games, NOW).standings[0]!;
  // PHI -7 at home: PHI covers when it wins by more than 7.
  const phi = (homeScore: number, awayScore: number, status: DemoGame['status'] = 'COMPLETE') =>
    game({ gameId: 'g1', status, quarter: 4, clock: '0:00', homeScore, awayScore, spread: -7 });
  const other = (homeScore: number, awayScore: number, status: DemoGame['status'] = 'COMPLETE') =>
    game({ gameId: 'g2', homeTeamAbbr: 'BAL', awayTeamAbbr: 'KC', status, quarter: 4, clock: '0:00', homeScore, awayScore, spread: -2.5 });
  // Games not started yet: a week holds a pick of each rank 3, 2 and 1 on different games.
  const later = (gameId: string) =>
    game({ gameId, homeTeamAbbr: `H${gameId}`, awayTeamAbbr: `A${gameId}`, status: 'SCHEDULED', quarter: null, clock: null, homeScore: null, awayScore: null });
  const player = (picks: DemoEntry['picks']): DemoEntry => ({ userId: 'u', displayName: 'U', weekPoints: 0, seasonPoints: 10, rank: 1, picks });
  const pick = (gameId: string, abbr: string, confidenceRank: number, isPowerPick = false) => ({
    gameId,
    selectedTeam: abbr,
    selectedTeamAbbr: abbr,
    selectedTeamLogo: null,
    confidenceRank,
    isPowerPick,
    isCorrect: null,
    pointsEarned: null,
  });
  const g3 = later('g3');
  const g4 = later('g4');

  it('should earn the rank for a pick that covers, nothing for one that does not or a push, and add the week to the season', () => {
    const scored = scoreDemoEntry(player([pick('g1', 'PHI', 3), pick('g2', 'BAL', 2), pick('g3', 'Hg3', 1)]), [phi(31, 20), other(20, 20), g3]);
    expect(scored.picks.map((p) => [p.result, p.pointsEarned, p.isCorrect])).toEqual([
      ['WIN', 3, true],
      ['LOSS', 0, false],
      ['PENDING', null, null],
    ]);
    expect(scored).toMatchObject({ rawPoints: 3, weekPoints: 3, seasonPoints: 13, powerEffect: 'none' });
    const push = scoreDemoEntry(player([pick('g3', 'Hg3', 3), pick('g4', 'Hg4', 2), pick('g1', 'DAL', 1)]), [phi(27, 20), g3, g4]);
    expect(push.picks.find((p) => p.gameId === 'g1')!.result).toBe('PUSH');
  });

  it('should double the week for a winning power pick and void it for a losing one', () => {
    const base = [pick('g1', 'PHI', 3), pick('g3', 'Hg3', 2), pick('g4', 'Hg4', 1)];
    const games = [phi(31, 20), other(17, 24), g3, g4];
    expect(scoreDemoEntry(player([...base, pick('g2', 'KC', 0, true)]), games)).toMatchObject({ weekPoints: 6, powerBonus: 3, powerEffect: 'x2' });
    expect(scoreDemoEntry(player([...base, pick('g2', 'BAL', 0, true)]), games)).toMatchObject({ weekPoints: 0, powerBonus: -3, powerEffect: 'x0' });
  });

  it('should keep a pick on a game being played pending, tell whether it is covering now, and count what it could still add', () => {
    const scored = scoreDemoEntry(player([pick('g1', 'PHI', 3), pick('g3', 'Hg3', 2), pick('g4', 'Hg4', 1), pick('g2', 'KC', 0, true)]), [
      phi(14, 0, 'IN_PROGRESS'),
      other(3, 0, 'IN_PROGRESS'),
      g3,
      g4,
    ]);
    expect(scored.picks.filter((p) => p.gameId === 'g1' || p.gameId === 'g2').map((p) => [p.gameId, p.result, p.covering])).toEqual([
      ['g1', 'PENDING', 'COVERING'],
      ['g2', 'PENDING', 'NOT_COVERING'],
    ]);
    // Everything still to play: 3 + 2 + 1, doubled by the power pick.
    expect(scored).toMatchObject({ weekPoints: 0, powerEffect: 'pending', possiblePointsRemaining: 12 });
  });

  it('should show a pick exactly on the spread while the game is played as a push, for either team', () => {
    for (const team of ['PHI', 'DAL']) {
      const scored = scoreDemoEntry(player([pick('g1', team, 3), pick('g3', 'Hg3', 2), pick('g4', 'Hg4', 1)]), [phi(14, 7, 'IN_PROGRESS'), g3, g4]);
      expect([scored.picks[0]!.result, scored.picks[0]!.covering], team).toEqual(['PENDING', 'PUSH']);
    }
  });
});

describe('demoBoard', () => {
  it('should show pool, week 1 in GAMES_IN_PROGRESS with every player ranked by week points and every game with venue and spread', () => {
    const board = demoBoard(initialDemoState(), NOW);
    expect(board.metadata).toMatchObject({
      poolName: 'Demo Pool',
      weekNumber: 1,
      currentState: 'GAMES_IN_PROGRESS',
      gamesInProgress: true,
      generatedAt: NOW.toISOString(),
    });
    expect(board.standings).toHaveLength(DEMO_ENTRIES.length);
    const points = board.standings.map((s) => s.weekPoints);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(board.standings[0]!.rank).toBe(1);
    expect(board.gamesCentric.every((g) => g.venue !== null && g.spread !== null)).toBe(true);
    expect(board.gamesCentric.find((g) => g.status === 'COMPLETE')!.cover).not.toBeNull();
  });

  it('should open with picks covering, exactly on the spread (push) and not covering', () => {
    const covering = new Set(demoBoard(initialDemoState(), NOW).standings.flatMap((s) => s.picks.map((p) => p.covering)));
    expect(covering).toEqual(new Set(['COVERING', 'PUSH', 'NOT_COVERING', null]));
  });

  it('should move as the day is played', () => {
    let state = initialDemoState();
    const before = JSON.stringify(demoBoard(state, NOW).gamesCentric);
    state = advanceDemo(state, sequence(0.1, 0.2, 0.3));
    expect(JSON.stringify(demoBoard(state, NOW).gamesCentric)).not.toBe(before);
  });
});
