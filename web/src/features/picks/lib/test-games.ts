import type { PublishedGame } from '@powerpool/contracts';

/* Test data of the picks unit tests (imported by *.test.ts only). */

/** A published game `g{n}`: away team `a{n}` at home team `h{n}`, pool game `pg{n}`. */
export function game(n: number, overrides: Partial<PublishedGame> = {}): PublishedGame {
  const team = (id: string, abbreviation: string) => ({ espnId: id, name: `Team ${abbreviation}`, abbreviation, logoUrl: null, color: null });
  return {
    id: `g${n}`,
    espnCompetitionId: `c${n}`,
    year: 2025,
    weekNumber: 3,
    gameName: `A${n} at H${n}`,
    gameTimeUtc: '2025-09-21T17:00:00.000Z',
    status: 'SCHEDULED',
    isComplete: false,
    homeScore: null,
    awayScore: null,
    currentPeriod: null,
    gameClock: null,
    espnSpread: null,
    oddsDetails: null,
    homeTeam: team(`h${n}`, `H${n}`),
    awayTeam: team(`a${n}`, `A${n}`),
    poolGameId: `pg${n}`,
    spread: -3.5,
    lockedSpread: -3.5,
    isVoid: false,
    voidReason: null,
    cover: null,
    ...overrides,
  };
}
