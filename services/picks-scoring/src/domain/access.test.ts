import { describe, expect, it } from 'vitest';
import type { MemberRow, PoolRow, PoolWeekRow } from '../store/schema.js';
import { liveWeekAccessOf, picksAccessOf, savesOpenAt } from './access.js';

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
  tiebreakerGameId: null,
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

const POOL: PoolRow = { id: '00000000-0000-4000-8000-000000000001', name: 'Pool', year: 2025, commissionerId: 'commish', isPublic: false, updatedAt: DEADLINE };
const caller = (id: string, role = 'user') => ({ id, email: `${id}@example.com`, role });
const active: MemberRow = { poolId: POOL.id, userId: 'member', isActive: true, updatedAt: DEADLINE };
const published = week('PUBLISHED', ms(-86_400_000));

describe("picksAccessOf: who sees a pool week's picks, and how", () => {
  it('should give the commissioner and super admins COMMISSIONER_ACCESS always, before the deadline too', () => {
    expect(picksAccessOf({ caller: caller('commish', 'pool_commissioner'), pool: POOL, member: undefined, week: published, now: ms(-1) })).toBe(
      'COMMISSIONER_ACCESS',
    );
    expect(picksAccessOf({ caller: caller('admin', 'super_admin'), pool: POOL, member: undefined, week: undefined, now: ms(-1) })).toBe('COMMISSIONER_ACCESS');
  });

  it('should give an active member FULL_ACCESS once the deadline has passed, and nothing before', () => {
    expect(picksAccessOf({ caller: caller('member'), pool: POOL, member: active, week: published, now: ms(0) })).toBe('FULL_ACCESS');
    expect(picksAccessOf({ caller: caller('member'), pool: POOL, member: active, week: published, now: ms(-1) })).toBeNull();
  });

  it("should give a public pool's visitor PUBLIC_ACCESS once the deadline has passed, and refuse a private pool's", () => {
    expect(picksAccessOf({ caller: caller('visitor'), pool: { ...POOL, isPublic: true }, member: undefined, week: published, now: ms(0) })).toBe(
      'PUBLIC_ACCESS',
    );
    expect(() => picksAccessOf({ caller: caller('visitor'), pool: POOL, member: undefined, week: published, now: ms(0) })).toThrow(/not a member of this pool/);
    expect(() => picksAccessOf({ caller: caller('member'), pool: POOL, member: { ...active, isActive: false }, week: published, now: ms(0) })).toThrow(
      /not a member of this pool/,
    );
  });
});

describe("liveWeekAccessOf: the live board's refusals, in order", () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return (err as { code?: string }).code;
    }
    return 'none';
  };

  it("should refuse an unknown pool, then a private pool's non-member, then an unpublished week, then picks before the deadline", () => {
    expect(
      refusal(() => liveWeekAccessOf({ caller: caller('member'), facts: { pool: undefined, week: published, member: active }, weekNumber: 19, now: ms(0) })),
    ).toBe('pool_not_found');
    expect(
      refusal(() => liveWeekAccessOf({ caller: caller('visitor'), facts: { pool: POOL, week: undefined, member: undefined }, weekNumber: 19, now: ms(0) })),
    ).toBe('forbidden');
    expect(
      refusal(() => liveWeekAccessOf({ caller: caller('member'), facts: { pool: POOL, week: undefined, member: active }, weekNumber: 19, now: ms(0) })),
    ).toBe('week_not_found');
    expect(
      refusal(() => liveWeekAccessOf({ caller: caller('member'), facts: { pool: POOL, week: published, member: active }, weekNumber: 19, now: ms(-1) })),
    ).toBe('picks_not_available');
    expect(liveWeekAccessOf({ caller: caller('member'), facts: { pool: POOL, week: published, member: active }, weekNumber: 19, now: ms(0) })).toEqual({
      pool: POOL,
      week: published,
      access: 'FULL_ACCESS',
    });
  });
});
