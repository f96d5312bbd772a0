import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('should read a quoted and an unquoted file name', () => {
    expect(fileNameFromDisposition('attachment; filename="week-3-leaderboard.csv"', 'x.csv')).toBe('week-3-leaderboard.csv');
    expect(fileNameFromDisposition('attachment; filename=week-3.csv', 'x.csv')).toBe('week-3.csv');
  });

  it('should prefer the encoded name when both are given', () => {
    expect(fileNameFromDisposition('attachment; filename="plain.csv"; filename*=UTF-8\'\'S%C3%BCper%20Bowl.csv', 'x.csv')).toBe('Süper Bowl.csv');
  });

  it('should give the fallback when the header is missing or names nothing', () => {
    expect(fileNameFromDisposition(null, 'week-1-leaderboard.csv')).toBe('week-1-leaderboard.csv');
    expect(fileNameFromDisposition('attachment', 'week-1-leaderboard.csv')).toBe('week-1-leaderboard.csv');
    expect(fileNameFromDisposition('attachment; filename=""', 'week-1-leaderboard.csv')).toBe('week-1-leaderboard.csv');
  });

  it('should keep only the name when the header carries a path', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/week.csv"', 'x.csv')).toBe('week.csv');
  });
});
