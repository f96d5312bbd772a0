import type { GameStatus } from '@powerpool/contracts';

/*
 * The demo leaderboard's sample data (/live-leaderboard-demo, docs/screens.md#demo-leaderboard): a pool
 * of players with their week 1 picks, and the week's games with venues and spreads. Static: the
 * simulation (demo-simulation.ts) plays the games from here and scores the picks as they go.
 */

/** Demo leaderboard entry (docs/screens.md#demo-leaderboard). */
export interface DemoEntry {
  userId: string;
  displayName: string;
  weekPoints: number;
  seasonPoints: number;
  rank: number;
  picks: DemoPick[];
}

export interface DemoPick {
  gameId: string;
  /** The team's name. */
  selectedTeam: string;
  selectedTeamAbbr: string;
  selectedTeamLogo: string | null;
  confidenceRank: number;
  isPowerPick: boolean;
  isCorrect: boolean | null;
  pointsEarned: number | null;
}

export interface DemoTeam {
  name: string;
  abbreviation: string;
}

export interface DemoVenue {
  espnId: string;
  name: string;
  city: string;
  state: string;
  exteriorImageUrl: string | null;
  interiorImageUrl: string | null;
}

/** Demo game (docs/screens.md#demo-leaderboard). `clock` is "m:ss" left in the quarter. */
export interface DemoGame {
  gameId: string;
  homeTeam: DemoTeam;
  awayTeam: DemoTeam;
  homeTeamAbbr: string;
  awayTeamAbbr: string;
  status: GameStatus;
  quarter: number | null;
  clock: string | null;
  homeScore: number | null;
  awayScore: number | null;
  /** Home-relative: negative favours the home team. */
  spread: number;
  venue: DemoVenue;
}

export const DEMO_POOL = { poolId: 'demo-pool', poolName: 'Demo Pool', year: 2025, weekNumber: 1 } as const;

const team = (name: string, abbreviation: string): DemoTeam => ({ name, abbreviation });
const venue = (espnId: string, name: string, city: string, state: string): DemoVenue => ({
  espnId,
  name,
  city,
  state,
  exteriorImageUrl: null,
  interiorImageUrl: null,
});

function game(gameId: string, away: DemoTeam, home: DemoTeam, spread: number, at: DemoVenue, fields: Partial<DemoGame> = {}): DemoGame {
  return {
    gameId,
    homeTeam: home,
    awayTeam: away,
    homeTeamAbbr: home.abbreviation,
    awayTeamAbbr: away.abbreviation,
    status: 'SCHEDULED',
    quarter: null,
    clock: null,
    homeScore: null,
    awayScore: null,
    spread,
    venue: at,
    ...fields,
  };
}

const TEAMS = {
  DAL: team('Dallas Cowboys', 'DAL'),
  PHI: team('Philadelphia Eagles', 'PHI'),
  KC: team('Kansas City Chiefs', 'KC'),
  BAL: team('Baltimore Ravens', 'BAL'),
  GB: team('Green Bay Packers', 'GB'),
  CHI: team('Chicago Bears', 'CHI'),
  SF: team('San Francisco 49ers', 'SF'),
  SEA: team('Seattle Seahawks', 'SEA'),
  BUF: team('Buffalo Bills', 'BUF'),
  MIA: team('Miami Dolphins', 'MIA'),
  DET: team('Detroit Lions', 'DET'),
  MIN: team('Minnesota Vikings', 'MIN'),
} as const;
type Abbr = keyof typeof TEAMS;

/** The week's games as the demo opens: some being played, one final, one still to kick off. */
export const DEMO_GAMES: readonly DemoGame[] = [
  game('demo-1', TEAMS.DAL, TEAMS.PHI, -7, venue('3806', 'Lincoln Financial Field', 'Philadelphia', 'PA'), {
    status: 'IN_PROGRESS',
    quarter: 2,
    clock: '6:40',
    homeScore: 14, // PHI -7, up by 7: exactly on the spread, a push right now
    awayScore: 7,
  }),
  game('demo-2', TEAMS.KC, TEAMS.BAL, -2.5, venue('3814', 'M&T Bank Stadium', 'Baltimore', 'MD'), {
    status: 'IN_PROGRESS',
    quarter: 3,
    clock: '11:05',
    homeScore: 17,
    awayScore: 20,
  }),
  game('demo-3', TEAMS.GB, TEAMS.CHI, 1.5, venue('3933', 'Soldier Field', 'Chicago', 'IL'), {
    status: 'IN_PROGRESS',
    quarter: 1,
    clock: '9:30',
    homeScore: 0,
    awayScore: 3,
  }),
  game('demo-4', TEAMS.SF, TEAMS.SEA, 0, venue('3673', 'Lumen Field', 'Seattle', 'WA'), {
    status: 'COMPLETE',
    quarter: 4,
    clock: '0:00',
    homeScore: 24,
    awayScore: 27,
  }),
  game('demo-5', TEAMS.BUF, TEAMS.MIA, 3.5, venue('3948', 'Hard Rock Stadium', 'Miami Gardens', 'FL')),
  game('demo-6', TEAMS.DET, TEAMS.MIN, -1, venue('5239', 'U.S. Bank Stadium', 'Minneapolis', 'MN'), {
    status: 'IN_PROGRESS',
    quarter: 4,
    clock: '8:15',
    homeScore: 21,
    awayScore: 24,
  }),
];

/** [gameId, team, rank] for the 3pt, 2pt and 1pt picks, then the power pick or null. */
type PickRow = readonly [string, Abbr, 3 | 2 | 1];
type PowerRow = readonly [string, Abbr] | null;

function entry(userId: string, displayName: string, seasonPoints: number, picks: readonly PickRow[], power: PowerRow): DemoEntry {
  const pick = (gameId: string, abbr: Abbr, confidenceRank: number, isPowerPick: boolean): DemoPick => ({
    gameId,
    selectedTeam: TEAMS[abbr].name,
    selectedTeamAbbr: abbr,
    selectedTeamLogo: null,
    confidenceRank,
    isPowerPick,
    isCorrect: null,
    pointsEarned: null,
  });
  return {
    userId,
    displayName,
    weekPoints: 0,
    seasonPoints,
    rank: 1,
    picks: [...picks.map(([gameId, abbr, rank]) => pick(gameId, abbr, rank, false)), ...(power ? [pick(power[0], power[1], 0, true)] : [])],
  };
}

/** The pool's players and their week 1 picks; `seasonPoints` are their points before this week. */
export const DEMO_ENTRIES: readonly DemoEntry[] = [
  entry(
    'demo-u1',
    'Alex Morgan',
    41,
    [
      ['demo-1', 'PHI', 3],
      ['demo-2', 'KC', 2],
      ['demo-4', 'SF', 1],
    ],
    ['demo-6', 'DET'],
  ),
  entry(
    'demo-u2',
    'Jordan Lee',
    38,
    [
      ['demo-2', 'BAL', 3],
      ['demo-3', 'GB', 2],
      ['demo-5', 'BUF', 1],
    ],
    null,
  ),
  entry(
    'demo-u3',
    'Sam Rivera',
    36,
    [
      ['demo-6', 'MIN', 3],
      ['demo-1', 'DAL', 2],
      ['demo-4', 'SEA', 1],
    ],
    ['demo-5', 'BUF'],
  ),
  entry(
    'demo-u4',
    'Taylor Brooks',
    35,
    [
      ['demo-4', 'SF', 3],
      ['demo-5', 'MIA', 2],
      ['demo-3', 'CHI', 1],
    ],
    ['demo-2', 'KC'],
  ),
  entry(
    'demo-u5',
    'Casey Nguyen',
    33,
    [
      ['demo-3', 'GB', 3],
      ['demo-6', 'DET', 2],
      ['demo-1', 'PHI', 1],
    ],
    null,
  ),
  entry(
    'demo-u6',
    'Riley Patel',
    31,
    [
      ['demo-5', 'BUF', 3],
      ['demo-4', 'SEA', 2],
      ['demo-2', 'BAL', 1],
    ],
    ['demo-1', 'PHI'],
  ),
  entry(
    'demo-u7',
    'Morgan Diaz',
    30,
    [
      ['demo-1', 'PHI', 3],
      ['demo-6', 'MIN', 2],
      ['demo-3', 'GB', 1],
    ],
    ['demo-4', 'SF'],
  ),
  entry(
    'demo-u8',
    'Jamie Chen',
    28,
    [
      ['demo-2', 'KC', 3],
      ['demo-1', 'DAL', 2],
      ['demo-6', 'DET', 1],
    ],
    null,
  ),
  entry(
    'demo-u9',
    'Drew Foster',
    27,
    [
      ['demo-4', 'SEA', 3],
      ['demo-3', 'CHI', 2],
      ['demo-5', 'MIA', 1],
    ],
    ['demo-6', 'MIN'],
  ),
  entry(
    'demo-u10',
    'Avery Kim',
    25,
    [
      ['demo-6', 'DET', 3],
      ['demo-2', 'BAL', 2],
      ['demo-5', 'BUF', 1],
    ],
    ['demo-3', 'GB'],
  ),
  entry(
    'demo-u11',
    'Quinn Walker',
    22,
    [
      ['demo-5', 'MIA', 3],
      ['demo-1', 'PHI', 2],
      ['demo-2', 'KC', 1],
    ],
    null,
  ),
  entry('demo-u12', 'Parker Hayes', 19, [], null),
];
