import { describe, expect, it } from 'vitest';
import { favoriteSideOf, favoriteText, formatSpread, spreadReading } from './spreads';

describe('formatSpread', () => {
  it("should sign the number and call 0 a pick'em when formatting", () => {
    expect(formatSpread(-3.5)).toBe('-3.5');
    expect(formatSpread(7)).toBe('+7');
    expect(formatSpread(0.5)).toBe('+0.5');
    expect(formatSpread(0)).toBe('PK');
    expect(formatSpread(-0)).toBe('PK');
  });
});

describe('favoriteText', () => {
  it('should name the home team for a negative spread and the away team for a positive one', () => {
    expect(favoriteText(-3.5, 'PHI', 'DAL')).toBe('PHI by 3.5');
    expect(favoriteText(7, 'PHI', 'DAL')).toBe('DAL by 7');
    expect(favoriteText(0, 'PHI', 'DAL')).toBe("Pick'em");
  });
});

describe('favoriteSideOf', () => {
  it('should favour home for a negative spread, away for a positive one and nobody for 0 or none', () => {
    expect(favoriteSideOf(-3.5)).toBe('home');
    expect(favoriteSideOf(7)).toBe('away');
    expect(favoriteSideOf(0)).toBeNull();
    expect(favoriteSideOf(-0)).toBeNull();
    expect(favoriteSideOf(null)).toBeNull();
    expect(favoriteSideOf(undefined)).toBeNull();
  });
});

describe('spreadReading', () => {
  it("should read a missing or zero spread as a pick'em", () => {
    expect(spreadReading(null, 'PHI', 'DAL')).toBe("Pick'em");
    expect(spreadReading(undefined, 'PHI', 'DAL')).toBe("Pick'em");
    expect(spreadReading(0, 'PHI', 'DAL')).toBe("Pick'em");
  });

  it('should name the favourite with the line when there is a spread', () => {
    expect(spreadReading(-3.5, 'PHI', 'DAL')).toBe('PHI by 3.5 (-3.5)');
    expect(spreadReading(2, 'PHI', 'DAL')).toBe('DAL by 2 (+2)');
  });
});
