import { describe, expect, it } from 'vitest';
import { liveGameStatus, PICK_STATE_LABELS, pickState, venueText } from './games';

const game = { status: 'SCHEDULED' as const, quarter: null, clock: null, isVoid: false };

describe('liveGameStatus', () => {
  it('should show Live with the quarter and clock while a game is played', () => {
    expect(liveGameStatus({ ...game, status: 'IN_PROGRESS', quarter: 3, clock: '5:12' })).toEqual({ label: 'Live', clock: 'Q3 · 5:12' });
    expect(liveGameStatus({ ...game, status: 'IN_PROGRESS', quarter: 5, clock: null })).toEqual({ label: 'Live', clock: 'OT' });
    expect(liveGameStatus({ ...game, status: 'IN_PROGRESS' })).toEqual({ label: 'Live', clock: null });
  });

  it("should show the provider's words while it has some", () => {
    expect(liveGameStatus({ ...game, status: 'IN_PROGRESS', quarter: 2, clock: '0:00', statusDetail: 'Halftime' })).toEqual({
      label: 'Live',
      clock: 'Halftime',
    });
    expect(liveGameStatus({ ...game, status: 'COMPLETE', statusDetail: 'Final/OT' })).toEqual({ label: 'Final', clock: 'Final/OT' });
    expect(liveGameStatus({ ...game, status: 'COMPLETE', statusDetail: 'Final' })).toEqual({ label: 'Final', clock: null });
  });

  it('should show Scheduled, Final, and a void game as Void', () => {
    expect(liveGameStatus(game).label).toBe('Scheduled');
    expect(liveGameStatus({ ...game, status: 'COMPLETE' }).label).toBe('Final');
    expect(liveGameStatus({ ...game, status: 'CANCELLED', isVoid: true }).label).toBe('Void');
  });
});

describe('venueText', () => {
  it('should join what is known of the venue', () => {
    expect(venueText({ name: 'Arena', city: 'Philadelphia', state: 'PA', exteriorImageUrl: null, interiorImageUrl: null })).toBe('Arena, Philadelphia, PA');
    expect(venueText({ name: 'Arena', city: null, state: null, exteriorImageUrl: null, interiorImageUrl: null })).toBe('Arena');
    expect(venueText(null)).toBeNull();
  });
});

describe('pickState', () => {
  it('should tell decided picks from pending ones, and whether a pending one is covering, a push or not covering now', () => {
    expect(pickState({ result: 'WIN', covering: null })).toBe('won');
    expect(pickState({ result: 'LOSS', covering: null })).toBe('lost');
    expect(pickState({ result: 'PUSH', covering: null })).toBe('push');
    expect(pickState({ result: 'PENDING', covering: 'COVERING' })).toBe('covering');
    expect(pickState({ result: 'PENDING', covering: 'PUSH' })).toBe('pushing');
    expect(pickState({ result: 'PENDING', covering: 'NOT_COVERING' })).toBe('not-covering');
    expect(pickState({ result: 'PENDING', covering: null })).toBe('pending');
  });

  it("should name the live states in the product's words", () => {
    expect([PICK_STATE_LABELS.covering, PICK_STATE_LABELS.pushing, PICK_STATE_LABELS['not-covering']]).toEqual(['Covering', 'Push', 'Not covering']);
  });
});
