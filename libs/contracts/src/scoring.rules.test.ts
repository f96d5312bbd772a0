import { describe, expect, it } from 'vitest';
import { confidencePointsOf, powerEffectOf } from './picks.rules.js';
import type { GameStatus } from './sports.schemas.js';
import {
  compareNames,
  coveringNow,
  pickResultOf,
  scoreWeek,
  ScoringError,
  seasonTotalsFromAggregate,
  seasonTotalsOf,
  sharedRanks,
  type ScoredGame,
  type ScoredPick,
} from './scoring.rules.js';

const HOME = 'H';
const AWAY = 'A';
const game = (homeScore: number | null, awayScore: number | null, lockedSpread: number, status: GameStatus = 'COMPLETE', isVoid = false): ScoredGame => ({
  homeTeamEspnId: HOME,
  awayTeamEspnId: AWAY,
  status,
  homeScore,
  awayScore,
  lockedSpread,
  isVoid,
});
const pick = (team: string, confidenceRank = 3): ScoredPick => ({ selectedTeamEspnId: team, confidenceRank, isPowerPick: confidenceRank === 0 });

describe('pickResultOf: against the locked, home-relative spread', () => {
  // [home, away, spread, result of a home pick, result of an away pick, why]
  const cases: Array<[number, number, number, string, string, string]> = [
    [24, 20, -3, 'WIN', 'LOSS', 'home favoured by 3 wins by 4: home covers'],
    [23, 20, -3, 'PUSH', 'PUSH', 'home favoured by 3 wins by 3: push'],
    [22, 20, -3, 'LOSS', 'WIN', 'home favoured by 3 wins by 2: away covers'],
    [20, 24, -3, 'LOSS', 'WIN', 'home favoured loses outright'],
    [24, 20, -3.5, 'WIN', 'LOSS', 'half point: home by 4 covers -3.5'],
    [23, 20, -3.5, 'LOSS', 'WIN', 'half point: home by 3 does not cover -3.5 (no push possible)'],
    [20, 22, 3, 'WIN', 'LOSS', 'away favoured by 3 wins by 2: home (dog) covers'],
    [20, 23, 3, 'PUSH', 'PUSH', 'away favoured by 3 wins by 3: push'],
    [20, 24, 3, 'LOSS', 'WIN', 'away favoured by 3 wins by 4: away covers'],
    [21, 20, 3, 'WIN', 'LOSS', 'away favoured loses outright'],
    [20, 23, 2.5, 'LOSS', 'WIN', 'half point: away by 3 covers +2.5'],
    [20, 22, 2.5, 'WIN', 'LOSS', 'half point: away by 2 does not cover +2.5'],
    [21, 20, 0, 'WIN', 'LOSS', "pick'em: the winner covers"],
    [20, 21, 0, 'LOSS', 'WIN', "pick'em: the winner covers (away)"],
    [20, 20, 0, 'PUSH', 'PUSH', "pick'em tie: push"],
    [17, 17, -0.5, 'LOSS', 'WIN', 'tie against a half-point home favourite: away covers'],
    [17, 17, 0.5, 'WIN', 'LOSS', 'tie against a half-point away favourite: home covers'],
  ];
  it.each(cases)('%i-%i at %d: home %s, away %s (%s)', (home, away, spread, homeResult, awayResult) => {
    expect(pickResultOf(pick(HOME), game(home, away, spread))).toBe(homeResult);
    expect(pickResultOf(pick(AWAY), game(home, away, spread))).toBe(awayResult);
  });

  it('should count every pick on a void game as a push, whatever the score', () => {
    expect(pickResultOf(pick(HOME), game(30, 0, -3, 'CANCELLED', true))).toBe('PUSH');
    expect(pickResultOf(pick(AWAY), game(null, null, -3, 'POSTPONED', true))).toBe('PUSH');
  });

  it('should leave a pick pending until the game is final with both scores', () => {
    for (const status of ['SCHEDULED', 'IN_PROGRESS', 'POSTPONED', 'CANCELLED'] as const)
      expect(pickResultOf(pick(HOME), game(30, 0, -3, status))).toBe('PENDING');
    expect(pickResultOf(pick(HOME), game(30, null, -3))).toBe('PENDING');
    expect(pickResultOf(pick(HOME), game(null, 3, -3))).toBe('PENDING');
  });

  it('should refuse a team that does not play in the game, even on a void or pending game', () => {
    expect(() => pickResultOf(pick('X'), game(1, 0, 0))).toThrow(ScoringError);
    expect(() => pickResultOf(pick('X'), game(null, null, 0, 'CANCELLED', true))).toThrow(ScoringError);
    expect(() => pickResultOf(pick('X'), game(0, 0, 0, 'IN_PROGRESS'))).toThrow(ScoringError);
  });
});

describe('coveringNow: covering, push or not covering while the game is played (docs/game.md#live-standings)', () => {
  it('should say covering for the team that covers right now and not covering for the other', () => {
    expect(coveringNow(pick(HOME), game(14, 7, -3.5, 'IN_PROGRESS'))).toBe('COVERING');
    expect(coveringNow(pick(AWAY), game(14, 7, -3.5, 'IN_PROGRESS'))).toBe('NOT_COVERING');
    expect(coveringNow(pick(AWAY), game(7, 10, 6.5, 'IN_PROGRESS'))).toBe('NOT_COVERING'); // the away favourite leads by 3 of 6.5
    expect(coveringNow(pick(HOME), game(7, 10, 6.5, 'IN_PROGRESS'))).toBe('COVERING');
  });
  it('should say push for both teams when the score is exactly on the spread', () => {
    expect(coveringNow(pick(HOME), game(10, 7, -3, 'IN_PROGRESS'))).toBe('PUSH');
    expect(coveringNow(pick(AWAY), game(10, 7, -3, 'IN_PROGRESS'))).toBe('PUSH');
    expect(coveringNow(pick(HOME), game(0, 0, 0, 'IN_PROGRESS'))).toBe('PUSH'); // straight up (an unpublished game), tied
  });
  it('should agree with the result the pick would have if the game ended on this score', () => {
    for (const [home, away, spread] of [
      [24, 20, -3],
      [23, 20, -3],
      [22, 20, -3],
      [20, 20, 0.5],
    ] as const) {
      for (const team of [HOME, AWAY]) {
        const final = pickResultOf(pick(team), game(home, away, spread));
        expect(coveringNow(pick(team), game(home, away, spread, 'IN_PROGRESS'))).toBe(
          { WIN: 'COVERING', PUSH: 'PUSH', LOSS: 'NOT_COVERING' }[final as 'WIN' | 'PUSH' | 'LOSS'],
        );
      }
    }
  });
  it('should be null when the game is not being played, has no score yet or is void', () => {
    expect(coveringNow(pick(HOME), game(14, 7, -3.5, 'COMPLETE'))).toBeNull();
    expect(coveringNow(pick(HOME), game(null, null, -3.5, 'IN_PROGRESS'))).toBeNull();
    expect(coveringNow(pick(HOME), game(0, 0, -3.5, 'SCHEDULED'))).toBeNull();
    expect(coveringNow(pick(HOME), game(14, 7, -3.5, 'IN_PROGRESS', true))).toBeNull();
  });
});

describe('points and the power multiplier', () => {
  it('should give a winning confidence pick its rank and everything else 0', () => {
    expect([3, 2, 1].map((r) => confidencePointsOf(r, 'WIN'))).toEqual([3, 2, 1]);
    for (const result of ['LOSS', 'PUSH', 'PENDING'] as const) expect(confidencePointsOf(3, result)).toBe(0);
  });
  it('should map the power result to x2, x0, push, none and pending', () => {
    expect(powerEffectOf('WIN')).toEqual({ effect: 'x2', multiplier: 2 });
    expect(powerEffectOf('LOSS')).toEqual({ effect: 'x0', multiplier: 0 });
    expect(powerEffectOf('PUSH')).toEqual({ effect: 'push', multiplier: 1 });
    expect(powerEffectOf(null)).toEqual({ effect: 'none', multiplier: 1 });
    expect(powerEffectOf('PENDING')).toEqual({ effect: 'pending', multiplier: 1 });
  });
});

describe('scoreWeek', () => {
  // Games g3, g2, g1 carry the confidence picks, gp the power pick; every pick is on the home team.
  const week = (results: { g3: ScoredGame; g2: ScoredGame; g1: ScoredGame; gp?: ScoredGame }) => {
    const picks = [
      { ...pick(HOME, 3), game: 'g3' },
      { ...pick(HOME, 2), game: 'g2' },
      { ...pick(HOME, 1), game: 'g1' },
      ...(results.gp ? [{ ...pick(HOME, 0), game: 'gp' }] : []),
    ];
    return scoreWeek(picks, (p) => (results as Record<string, ScoredGame>)[p.game]);
  };
  const win = game(10, 0, 0);
  const loss = game(0, 10, 0);
  const push = game(10, 10, 0);
  const pending = game(7, 0, 0, 'IN_PROGRESS');
  const voided = game(null, null, 0, 'CANCELLED', true);

  it('should sum the confidence picks with no power pick (x1, none)', () => {
    const w = week({ g3: win, g2: loss, g1: win });
    expect([w.rawPoints, w.multiplier, w.finalPoints, w.powerBonus, w.powerEffect, w.powerPickCorrect]).toEqual([4, 1, 4, 0, 'none', null]);
    expect(w.picks.map((p) => p.pointsEarned)).toEqual([3, 0, 1]);
  });
  it('should double the week with a winning power pick; the power pick earns the bonus', () => {
    const w = week({ g3: win, g2: win, g1: loss, gp: win });
    expect([w.rawPoints, w.multiplier, w.finalPoints, w.powerBonus, w.powerEffect, w.powerPickCorrect]).toEqual([5, 2, 10, 5, 'x2', true]);
    expect(w.picks.at(-1)!.pointsEarned).toBe(5);
  });
  it('should void the week with a losing power pick (bonus negative)', () => {
    const w = week({ g3: win, g2: win, g1: win, gp: loss });
    expect([w.rawPoints, w.multiplier, w.finalPoints, w.powerBonus, w.powerEffect, w.powerPickCorrect]).toEqual([6, 0, 0, -6, 'x0', false]);
  });
  it('should leave the week as it is when the power pick pushes or is on a void game', () => {
    for (const gp of [push, voided]) {
      const w = week({ g3: win, g2: push, g1: voided, gp });
      expect([w.rawPoints, w.multiplier, w.finalPoints, w.powerEffect, w.powerPickCorrect]).toEqual([3, 1, 3, 'push', null]);
      expect(w.picks.map((p) => p.result)).toEqual(['WIN', 'PUSH', 'PUSH', 'PUSH']);
    }
  });
  it('should keep a pending power pick at x1 and count what could still come', () => {
    const w = week({ g3: win, g2: pending, g1: loss, gp: pending });
    expect([w.rawPoints, w.multiplier, w.finalPoints, w.powerEffect]).toEqual([3, 1, 3, 'pending']);
    // Best case: 2pt wins (raw 5) and the power pick wins (x2) = 10, 7 more than now.
    expect(w.possiblePointsRemaining).toBe(7);
    expect(w.picks.map((p) => p.pointsEarned)).toEqual([3, null, 0, null]);
    expect(w.picks.map((p) => p.covering)).toEqual([null, 'COVERING', null, 'COVERING']);
  });
  it('should score a week of pushes as 0, whatever the power pick', () => {
    expect(week({ g3: push, g2: push, g1: push, gp: win }).finalPoints).toBe(0);
  });
  it('should reach the sample figure: a correct power pick with a correct 3pt pick earns 6', () => {
    expect(week({ g3: win, g2: loss, g1: loss, gp: win }).finalPoints).toBe(6);
  });
  it('should give a week without picks 0 points and no error', () => {
    expect(scoreWeek([], () => undefined)).toMatchObject({ hasPicks: false, finalPoints: 0, powerEffect: 'none' });
  });
  it('should refuse incomplete or doubled ranks, two power picks and unknown games', () => {
    expect(() => scoreWeek([pick(HOME, 3), pick(HOME, 2)], () => win)).toThrow(/ranks 2, 3/);
    expect(() => scoreWeek([pick(HOME, 3), pick(HOME, 3), pick(HOME, 1)], () => win)).toThrow(ScoringError);
    expect(() => scoreWeek([pick(HOME, 3), pick(HOME, 2), pick(HOME, 1), pick(HOME, 0), pick(HOME, 0)], () => win)).toThrow(/at most one power/);
    expect(() => scoreWeek([pick(HOME, 3), pick(HOME, 2), pick(HOME, 1)], () => undefined)).toThrow(/missing/);
  });
});

describe('season totals and ranks', () => {
  it('should total the final scores, count the weeks with picks and round the average', () => {
    expect(
      seasonTotalsOf([
        { finalPoints: 10, hasPicks: true },
        { finalPoints: 0, hasPicks: false },
        { finalPoints: 5, hasPicks: true },
        { finalPoints: 0, hasPicks: true },
      ]),
    ).toEqual({
      totalPoints: 15,
      weeksPlayed: 3,
      averagePoints: 5,
      bestWeek: 10,
    });
    expect(
      seasonTotalsOf([
        { finalPoints: 7, hasPicks: true },
        { finalPoints: 8, hasPicks: true },
      ]).averagePoints,
    ).toBe(8); // 7.5 rounds up
    expect(seasonTotalsOf([])).toEqual({ totalPoints: 0, weeksPlayed: 0, averagePoints: 0, bestWeek: 0 });
  });
  it('should give the same totals from the database aggregate (sum, weeks with picks, max)', () => {
    expect(seasonTotalsFromAggregate({ totalPoints: 15, weeksPlayed: 3, bestFinal: 10 })).toEqual({
      totalPoints: 15,
      weeksPlayed: 3,
      averagePoints: 5,
      bestWeek: 10,
    });
    expect(seasonTotalsFromAggregate({ totalPoints: 15, weeksPlayed: 2, bestFinal: 8 }).averagePoints).toBe(8); // 7.5 rounds up
    expect(seasonTotalsFromAggregate({ totalPoints: 7, weeksPlayed: 3, bestFinal: 6 }).averagePoints).toBe(2); // 2.33 rounds down
    expect(seasonTotalsFromAggregate({ totalPoints: 0, weeksPlayed: 0, bestFinal: null })).toEqual({
      totalPoints: 0,
      weeksPlayed: 0,
      averagePoints: 0,
      bestWeek: 0,
    });
  });
  it('should share ranks on ties (1, 2, 2, 4)', () => {
    expect(sharedRanks([5, 9, 5, 1])).toEqual([2, 1, 2, 4]);
    expect(sharedRanks([3, 3, 3])).toEqual([1, 1, 1]);
    expect(sharedRanks([])).toEqual([]);
  });
});

describe('compareNames', () => {
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const sign = (n: number) => Math.sign(n);

  it('should order names exactly as the collator does, plain and not', () => {
    // A fixed-seed generator: names from plain characters, with now and then one the collator must take.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const plain = 'aAbBzZ09 5mM';
    const other = ["'", '-', 'é', 'É', '.', 'ß', 'ø', '_', '\u0301'];
    const nameOf = () => {
      const length = Math.floor(next() * 6);
      let s = '';
      for (let i = 0; i < length; i++) s += next() < 0.1 ? other[Math.floor(next() * other.length)] : plain[Math.floor(next() * plain.length)];
      return s;
    };
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [nameOf(), nameOf()];
      if (sign(compareNames(a, b)) !== sign(collator.compare(a, b))) mismatches.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('should ignore case and accents, and put a shorter name first when it begins the longer one', () => {
    expect(compareNames('emile', 'Emile')).toBe(0);
    expect(compareNames('Émile', 'emile')).toBe(0);
    expect(compareNames('Ann', 'Anna')).toBeLessThan(0);
    expect(compareNames('Ann Lee', 'Anna')).toBeLessThan(0);
    expect(compareNames('Bob 2', 'bob 10')).toBeGreaterThan(0);
    expect(compareNames("O'Brien", 'Obrien')).toBe(sign(collator.compare("O'Brien", 'Obrien')));
  });
});
