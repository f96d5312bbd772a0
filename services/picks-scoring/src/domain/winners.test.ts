import { describe, expect, it } from 'vitest';
import { weekWinnersOf, type WinnerCandidate } from './winners.js';

const player = (userId: string, finalPoints: number, tiebreaker: number | null = null): WinnerCandidate => ({ userId, finalPoints, tiebreaker });

describe('weekWinnersOf: the week winner (docs/game.md#weekly-winners)', () => {
  it('should name the single highest score when no one equals it', () => {
    expect(weekWinnersOf([player('a', 6, 40), player('b', 12, 99), player('c', 3, 45)], 45)).toEqual(['b']);
  });
  it('should name the highest score without a tiebreaker game', () => {
    expect(weekWinnersOf([player('a', 6), player('b', 12)], null)).toEqual(['b']);
  });
  it('should decide equal scores by the prediction closest to the total when the total is known', () => {
    expect(weekWinnersOf([player('a', 12, 40), player('b', 12, 47), player('c', 3, 45)], 45)).toEqual(['b']);
  });
  it('should let an exact prediction beat a near one when scores are equal', () => {
    expect(weekWinnersOf([player('a', 8, 44), player('b', 8, 45)], 45)).toEqual(['b']);
  });
  it('should share the win when over and under miss by the same distance', () => {
    expect(weekWinnersOf([player('a', 8, 42), player('b', 8, 48)], 45)).toEqual(['a', 'b']);
  });
  it('should share the win when equal scores made the same prediction', () => {
    expect(weekWinnersOf([player('a', 8, 50), player('b', 8, 50), player('c', 8, 60)], 45)).toEqual(['a', 'b']);
  });
  it('should give the tie to a player with a prediction over one without when scores are equal', () => {
    expect(weekWinnersOf([player('a', 8, null), player('b', 8, 190)], 45)).toEqual(['b']);
  });
  it('should share the win among equal scores when none of them entered a prediction', () => {
    expect(weekWinnersOf([player('a', 8, null), player('b', 8, null), player('c', 4, 45)], 45)).toEqual(['a', 'b']);
  });
  it('should share the win among equal scores when the tiebreaker game cannot decide (void or not final)', () => {
    expect(weekWinnersOf([player('a', 8, 45), player('b', 8, 10)], null)).toEqual(['a', 'b']);
  });
  it('should share the win among every player when all scored 0', () => {
    expect(weekWinnersOf([player('a', 0, 45), player('b', 0, 45)], 45)).toEqual(['a', 'b']);
  });
  it('should name no winner when no one made picks', () => {
    expect(weekWinnersOf([], 45)).toEqual([]);
  });
});
