import { randomUUID } from 'node:crypto';
import { seasonTypeOf, type Game, type MemberEventSnapshot, type Pool, type Team, type Venue } from '@powerpool/contracts';

/**
 * The test data every suite shares, as their owners announce it: teams, venues, games
 * (sports-data-staging), pools and members (pools-invitations). Pure: nothing is started or sent.
 */

/** The season every suite plays. */
export const YEAR = 2025;

export const TEAMS: Team[] = [
  {
    espnId: '21',
    name: 'Philadelphia Eagles',
    shortName: 'Eagles',
    abbreviation: 'PHI',
    city: 'Philadelphia',
    color: '06424d',
    logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png',
    darkLogoUrl: null,
  },
  {
    espnId: '6',
    name: 'Dallas Cowboys',
    shortName: 'Cowboys',
    abbreviation: 'DAL',
    city: 'Dallas',
    color: '002a5c',
    logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/dal.png',
    darkLogoUrl: null,
  },
  { espnId: '12', name: 'Kansas City Chiefs', shortName: 'Chiefs', abbreviation: 'KC', city: 'Kansas City', color: 'e31837', logoUrl: null, darkLogoUrl: null },
  {
    espnId: '24',
    name: 'Los Angeles Chargers',
    shortName: 'Chargers',
    abbreviation: 'LAC',
    city: 'Los Angeles',
    color: '0080c6',
    logoUrl: null,
    darkLogoUrl: null,
  },
  { espnId: '2', name: 'Buffalo Bills', shortName: 'Bills', abbreviation: 'BUF', city: 'Buffalo', color: '00338d', logoUrl: null, darkLogoUrl: null },
  { espnId: '15', name: 'Miami Dolphins', shortName: 'Dolphins', abbreviation: 'MIA', city: 'Miami', color: '008e97', logoUrl: null, darkLogoUrl: null },
  { espnId: '3', name: 'Chicago Bears', shortName: 'Bears', abbreviation: 'CHI', city: 'Chicago', color: '0b162a', logoUrl: null, darkLogoUrl: null },
  { espnId: '8', name: 'Detroit Lions', shortName: 'Lions', abbreviation: 'DET', city: 'Detroit', color: '0076b6', logoUrl: null, darkLogoUrl: null },
  { espnId: '9', name: 'Green Bay Packers', shortName: 'Packers', abbreviation: 'GB', city: 'Green Bay', color: '203731', logoUrl: null, darkLogoUrl: null },
  {
    espnId: '16',
    name: 'Minnesota Vikings',
    shortName: 'Vikings',
    abbreviation: 'MIN',
    city: 'Minneapolis',
    color: '4f2683',
    logoUrl: null,
    darkLogoUrl: null,
  },
];

export const VENUES: Venue[] = [
  {
    espnVenueId: '3806',
    fullName: 'Lincoln Financial Field',
    city: 'Philadelphia',
    state: 'PA',
    zipCode: null,
    indoor: false,
    grass: true,
    exteriorImageUrl: null,
    interiorImageUrl: null,
  },
];

const team = (id: string) => TEAMS.find((t) => t.espnId === id)!;

/** What a test says of a game: its kickoff, and whatever else it cares about (`home` and `away`: two of TEAMS by ESPN id). */
export type GameFields = Partial<Game> & Pick<Game, 'gameTimeUtc'> & { home?: string; away?: string };

/**
 * Factory: a production game as sports-data-staging announces it: of the 2025 season, week 1,
 * DAL @ PHI (or `home` and `away` from TEAMS), scheduled, no line, last updated before the season
 * (so every later snapshot is newer), with `fields` on top. The season type follows the week
 * number; the season year is the one given, even for games played in the next calendar year.
 */
export function buildGame({ home = '21', away = '6', ...fields }: GameFields): Game {
  const h = team(home);
  const a = team(away);
  const espnId = fields.espnId ?? `g-${randomUUID().slice(0, 8)}`;
  const weekNumber = fields.weekNumber ?? 1;
  return {
    espnId,
    espnCompetitionId: espnId,
    year: YEAR,
    seasonType: seasonTypeOf(weekNumber),
    weekNumber,
    homeTeamEspnId: h.espnId,
    awayTeamEspnId: a.espnId,
    homeTeamAbbr: h.abbreviation,
    awayTeamAbbr: a.abbreviation,
    homeTeamShortName: h.shortName,
    awayTeamShortName: a.shortName,
    gameTimeCdt: fields.gameTimeUtc,
    spread: null,
    gameName: `${a.name} at ${h.name}`,
    currentPeriod: null,
    gameClock: null,
    gameStatus: 'SCHEDULED',
    winnerTeamEspnId: null,
    homeScore: null,
    awayScore: null,
    oddsProvider: null,
    oddsDetails: null,
    venueEspnId: null,
    statusDetail: null,
    updatedAt: '2025-08-01T00:00:00.000Z',
    ...fields,
  };
}

/** Factory: a pool as pools-invitations announces it. */
export function buildPoolSnapshot(commissionerId: string, overrides: Partial<Pool> = {}): Pool {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    name: `Pool ${randomUUID().slice(0, 6)}`,
    description: null,
    year: 2025,
    allowsPreseason: false,
    allowsRegularSeason: true,
    allowsPostseason: true,
    maxMembers: 50,
    isPublic: false,
    slug: `pool-${randomUUID().slice(0, 6)}`,
    isActive: true,
    poolType: 'standard',
    createdAt: now,
    updatedAt: now,
    poolCommissionerId: commissionerId,
    weeklyTiebreaker: 'none',
    ...overrides,
  };
}

export type MemberSubject = 'pools.member.joined' | 'pools.member.removed';

/** The payload of pools.member.joined (or .removed) for `userId` in `pool`, as pools-invitations sends it. */
export function memberEventOf(pool: Pool, userId: string, subject: MemberSubject = 'pools.member.joined') {
  const at = new Date().toISOString();
  const member: MemberEventSnapshot = {
    poolId: pool.id,
    poolName: pool.name,
    userId,
    role: 'member',
    isActive: subject === 'pools.member.joined',
    hasPaid: false,
    paymentNotes: null,
    notes: null,
    joinedAt: at,
    updatedAt: at,
  };
  return subject === 'pools.member.joined' ? { member, via: 'invitation' as const } : { member };
}
