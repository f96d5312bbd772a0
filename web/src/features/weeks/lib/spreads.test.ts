import { WEEK_MESSAGES } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { readSpreadEntry, SPREAD_RANGE_TEXT, spreadDisplay, spreadFieldText } from './spreads';

const game = { spread: null, lockedSpread: null, espnSpread: null, isComplete: false };

describe('spreadDisplay', () => {
  it('should prefer the pool spread, then the provider line, in setup mode', () => {
    expect(spreadDisplay('setup', { ...game, spread: -3, espnSpread: -2.5 })).toEqual({ text: '-3', source: 'pool' });
    expect(spreadDisplay('setup', { ...game, espnSpread: -2.5 })).toEqual({ text: '-2.5', source: 'provider' });
  });

  it('should say Expired for a complete game and Not available otherwise when setup mode has no spread', () => {
    expect(spreadDisplay('setup', { ...game, isComplete: true })).toEqual({ text: 'Expired', source: 'none' });
    expect(spreadDisplay('setup', game)).toEqual({ text: 'Not available', source: 'none' });
  });

  it('should show the locked spread, else the provider line marked unlocked, else Not set, in live and complete modes', () => {
    for (const mode of ['live', 'complete'] as const) {
      expect(spreadDisplay(mode, { ...game, spread: 1, lockedSpread: 0, espnSpread: 3 })).toEqual({ text: 'PK', source: 'locked' });
      expect(spreadDisplay(mode, { ...game, spread: 1, espnSpread: 3 })).toEqual({ text: '+3 (unlocked)', source: 'provider' });
      expect(spreadDisplay(mode, { ...game, spread: 1, isComplete: true })).toEqual({ text: 'Not set', source: 'none' });
    }
  });
});

describe('readSpreadEntry', () => {
  it('should accept numbers in half points when the field holds one', () => {
    expect(readSpreadEntry('-3.5')).toEqual({ ok: true, spread: -3.5 });
    expect(readSpreadEntry(' 7 ')).toEqual({ ok: true, spread: 7 });
    expect(readSpreadEntry('-0')).toEqual({ ok: true, spread: 0 });
    expect(Object.is((readSpreadEntry('-0') as { spread: number }).spread, 0)).toBe(true);
  });

  it('should clear the spread when the field is empty', () => {
    expect(readSpreadEntry('')).toEqual({ ok: true, spread: null });
    expect(readSpreadEntry('   ')).toEqual({ ok: true, spread: null });
  });

  it("should refuse with the product's texts when the entry is not a number", () => {
    const refusal = { ok: false, title: WEEK_MESSAGES.invalidSpreadTitle, description: WEEK_MESSAGES.invalidSpread };
    expect(readSpreadEntry('abc')).toEqual(refusal);
    expect(readSpreadEntry('3..5')).toEqual(refusal);
    // The number input reports typed non-numbers as an empty value with badInput set.
    expect(readSpreadEntry('', { badInput: true })).toEqual(refusal);
  });

  it('should refuse numbers that are not in half points or too large', () => {
    expect(readSpreadEntry('1.25')).toEqual({ ok: false, title: 'Invalid Spread', description: SPREAD_RANGE_TEXT });
    expect(readSpreadEntry('51')).toEqual({ ok: false, title: 'Invalid Spread', description: SPREAD_RANGE_TEXT });
  });

  it('should give the field text of a saved spread', () => {
    expect(spreadFieldText(null)).toBe('');
    expect(spreadFieldText(-3.5)).toBe('-3.5');
  });
});
