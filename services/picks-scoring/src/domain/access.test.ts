import { describe, expect, it } from 'vitest';
import type { PoolWeekRow } from '../store/schema.js';
import { savesOpenAt } from './access.js';

const DEADLINE = new Date('2026-01-10T21:20:00.000Z');
const ms = (offset: number) => new Date(DEADLINE.getTime() + offset);
const week = (state: PoolWeekRow['state'], stateChangedAt: Date): PoolWeekRow => ({
  poolId: '00000000-0000-4000-8000-000000000001',
  year: 2025,
  weekNumber: 19,
  state,
  pickDeadline: DEADLINE,
  publishedAt: ms(-86_400_000),
  stateChangedAt,
  calculatedAt: null,
});

describe('savesOpenAt: whether a save that arrived at a moment is taken', () => {
  it('takes a save that arrived before the deadline on a PUBLISHED week, and refuses one that arrived at it or after', () => {
    const published = week('PUBLISHED', ms(-86_400_000));
    expect(savesOpenAt(published, ms(-1))).toBe(true);
    expect(savesOpenAt(published, ms(0))).toBe(false);
    expect(savesOpenAt(published, ms(1))).toBe(false);
  });

  it('takes a save that arrived before the week moved on at the deadline (its turn came after the move)', () => {
    const started = week('GAMES_IN_PROGRESS', ms(150));
    expect(savesOpenAt(started, ms(-1))).toBe(true);
    expect(savesOpenAt(started, ms(0))).toBe(false);
  });

  it('refuses a save that arrived after the Testing tab started the games early, though before the deadline', () => {
    const startedEarly = week('GAMES_IN_PROGRESS', ms(-60_000));
    expect(savesOpenAt(startedEarly, ms(-60_001))).toBe(true);
    expect(savesOpenAt(startedEarly, ms(-60_000))).toBe(false);
    expect(savesOpenAt(startedEarly, ms(-1))).toBe(false);
  });

  it('refuses every save once the week is past GAMES_IN_PROGRESS, and on a week in SETUP', () => {
    for (const state of ['SCORING', 'COMPLETE', 'SETUP'] as const) expect(savesOpenAt(week(state, ms(60_000)), ms(-120_000)), state).toBe(false);
  });
});
