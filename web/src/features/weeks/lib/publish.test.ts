import type { WeekGame } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { publishBlocker, publishFailureTitle, toggleAll } from './publish';
import { mergeSpreads } from './setup-rows';

describe('publishBlocker', () => {
  it('should block when nothing is selected or a selected game has no pool spread', () => {
    expect(publishBlocker([])).toBe('none-selected');
    expect(publishBlocker([{ spread: -3 }, { spread: null }])).toBe('missing-spreads');
    expect(publishBlocker([{ spread: -3 }, { spread: 0 }])).toBeNull();
  });
});

describe('toggleAll', () => {
  it('should select everything unless everything is selected, then nothing', () => {
    expect([...toggleAll(new Set(), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });
});

describe('publishFailureTitle', () => {
  it("should give the product's titles of the publish refusals and Error otherwise", () => {
    expect(publishFailureTitle('no_games_selected')).toBe('No Games Selected');
    expect(publishFailureTitle('missing_spreads')).toBe('Missing Spreads');
    expect(publishFailureTitle('deadline_passed')).toBe('Error');
    expect(publishFailureTitle(undefined)).toBe('Error');
  });
});

describe('mergeSpreads', () => {
  const team = (abbreviation: string) => ({ espnId: abbreviation, name: abbreviation, abbreviation, logoUrl: null, color: null });
  const game = (id: string, espnSpread: number | null): WeekGame => ({
    id,
    espnCompetitionId: id,
    year: 2025,
    weekNumber: 1,
    gameName: 'x',
    gameTimeUtc: '2025-09-05T00:20:00Z',
    status: 'SCHEDULED',
    isComplete: false,
    homeScore: null,
    awayScore: null,
    currentPeriod: null,
    gameClock: null,
    espnSpread,
    oddsDetails: null,
    homeTeam: team('PHI'),
    awayTeam: team('DAL'),
  });

  it('should attach the pool spreads by game, keeping the game order, and fall back to the spread row for the provider line', () => {
    const rows = mergeSpreads(
      [game('1', -7), game('2', null), game('3', null)],
      [
        { gameId: '2', weekNumber: 1, spread: 3, lockedSpread: null, espnSpread: 2.5, updatedAt: null },
        { gameId: '1', weekNumber: 1, spread: null, lockedSpread: -6.5, espnSpread: -6, updatedAt: null },
      ],
    );
    expect(rows.map((r) => [r.id, r.spread, r.lockedSpread, r.espnSpread])).toEqual([
      ['1', null, -6.5, -7],
      ['2', 3, null, 2.5],
      ['3', null, null, null],
    ]);
  });
});
