import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  RPC,
  type Game,
  type MemberEventSnapshot,
  type Pool,
  type PoolAccessReply,
  type Team,
  type WeeklyTiebreaker,
  type WeekGetReply,
} from '@powerpool/contracts';
import { ServiceUnavailableError, type BusMessage } from '@powerpool/service-kit';
import {
  buildGame,
  moveWeekTo,
  poolWithPublishedWeek,
  startServiceHarness,
  updateGame,
  YEAR,
  type Cast,
  type Person,
  type PublishedWeek,
  type ServiceHarness,
} from '@powerpool/testing';
import { buildApp, type PicksScoringDeps } from '../src/app.js';
import { loadPicksScoringConfig } from '../src/config.js';

/**
 * picks-scoring's harness: the service with its peers (weeks-workflow and pools-invitations
 * answering on the bus), its season and what only its suites read. The people, the teams, and what
 * other services announce (users, pools, members, games, published weeks, picks) come from
 * @powerpool/testing (world.ts), re-exported here so a suite imports one place.
 */
export {
  announceMember,
  announcePool,
  asScheduled,
  batchOf,
  beforeDeadline,
  buildGame,
  call,
  castOf,
  finalScore,
  pushSeason,
  moveWeekTo,
  newerTimestamp,
  overrideOf,
  person,
  poolWithPublishedWeek,
  publishWeek,
  resultsArrive,
  savePicks,
  stored,
  updateGame,
  voidGame,
  YEAR,
  type Cast,
  type Person,
  type PublishedWeek,
} from '@powerpool/testing';

export interface PicksHarness extends ServiceHarness {
  /**
   * weeks-workflow's side of each pool week (by `weekKey`), as the peer answers rpc.weeks.week.get:
   * what the test announced, or set here to play weeks-workflow ahead of the events.
   */
  weeksWorkflow: Map<string, WeekGetReply>;
  /** Pool weeks (by `weekKey`) for which the peer answers with a failure, as an unreachable weeks-workflow would. */
  weeksWorkflowDown: Set<string>;
  /**
   * pools-invitations as a peer answering rpc.pools.pool.access: the pools and memberships the
   * test announced, or set here to play pools-invitations ahead of its events (key `poolId:userId`).
   */
  poolsInvitations: PoolsPeer;
}

const config = (extra: Record<string, string> = {}) => loadPicksScoringConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed', ...extra });

/** picks-scoring on real storage and bus, with a movable clock and an event recorder of picks.* (`liveStream`: the streams' timing). */
export async function startPicks(options: { liveStream?: PicksScoringDeps['liveStream'] } = {}): Promise<PicksHarness> {
  // weeks-workflow as a peer on the real bus: it knows a week as soon as the test announces it
  // (the events it publishes), and answers rpc.weeks.week.get from that, as weeks-workflow would.
  const weeks = new Map<string, WeekGetReply>();
  const down = new Set<string>();
  const poolsPeer: PoolsPeer = { pools: new Map(), members: new Map() };
  const h = await startServiceHarness({
    schema: 'picks',
    keepsUsers: true,
    record: ['picks.>'],
    build: (runtime, now) => buildApp({ ...runtime, now, config: config(), ...(options.liveStream ? { liveStream: options.liveStream } : {}) }),
    peers: async (runtime) => [
      await runtime.bus.subscribe('weeks.week.*', (m: BusMessage<any>) => {
        const known = weeks.get(weekKey(m.data)) ?? { published: null, latest: null };
        if (m.subject === 'weeks.week.published') weeks.set(weekKey(m.data), { ...known, published: m.data });
        else weeks.set(weekKey(m.data), { ...known, latest: m.data });
      }),
      await runtime.bus.subscribe('pools.>', (m: BusMessage<any>) => {
        if (m.data.pool) poolsPeer.pools.set(m.data.pool.id, m.data.pool);
        const key = m.data.member && `${m.data.member.poolId}:${m.data.member.userId}`;
        // pools-invitations deletes a removed membership: it then answers "no membership".
        if (key && m.subject === 'pools.member.removed') poolsPeer.members.delete(key);
        else if (key) poolsPeer.members.set(key, m.data.member);
      }),
      await runtime.bus.handle(
        RPC.poolsPoolAccess,
        async (m: BusMessage<any>): Promise<PoolAccessReply> => ({
          pool: poolsPeer.pools.get(m.data.poolId) ?? null,
          member: poolsPeer.members.get(`${m.data.poolId}:${m.data.userId}`) ?? null,
        }),
        { queue: 'pools-invitations' },
      ),
      await runtime.bus.handle(
        RPC.weeksWeekGet,
        async (m: BusMessage<any>) => {
          if (down.has(weekKey(m.data))) throw new ServiceUnavailableError('weeks-workflow');
          return weeks.get(weekKey(m.data)) ?? { published: null, latest: null };
        },
        { queue: 'weeks-workflow' },
      ),
    ],
  });
  return Object.assign(h, { weeksWorkflow: weeks, weeksWorkflowDown: down, poolsInvitations: poolsPeer });
}

/** What the pools-invitations peer knows (PicksHarness.poolsInvitations). */
export interface PoolsPeer {
  pools: Map<string, Pool>;
  members: Map<string, MemberEventSnapshot>;
}

/** The key of a pool week in `PicksHarness.weeksWorkflow`. */
export const weekKey = (r: { poolId: string; year: number; weekNumber: number }): string => `${r.poolId}:${r.year}:${r.weekNumber}`;

/** Week 1 of buildSeason as the picks suites publish it: a clock before it, its deadline, its spreads. */
export const WEEK1 = {
  before: new Date('2025-09-01T12:00:00Z'),
  /** 10 minutes before w1-a (Thursday 2025-09-05T00:20Z), the week's earliest published game. */
  deadline: new Date('2025-09-05T00:10:00.000Z'),
  /** w1-a PHI(21)-DAL(6), w1-b KC(12)-LAC(24), w1-c BUF(2)-MIA(15), w1-d CHI(3)-DET(8) published; w1-e GB(9)-MIN(16) not. */
  spreads: { 'w1-a': -3.5, 'w1-b': 2.5, 'w1-c': 0, 'w1-d': -1 },
} as const;

/** Week 1 of most suites: five games on Thursday and Sunday (ids w1-a .. w1-e), and one of week 2. */
export function buildSeason(): Game[] {
  return [
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-05T00:20:00.000Z', home: '21', away: '6', espnId: 'w1-a', venueEspnId: '3806' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '12', away: '24', espnId: 'w1-b' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '2', away: '15', espnId: 'w1-c' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T20:25:00.000Z', home: '3', away: '8', espnId: 'w1-d' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-08T00:20:00.000Z', home: '9', away: '16', espnId: 'w1-e' }),
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-12T00:15:00.000Z', home: '6', away: '21', espnId: 'w2-a' }),
  ];
}

// ---- a pool's week ------------------------------------------------------------------------------

/**
 * Week 2's five games (fresh ids a call), Sunday 2025-09-14: kickoffs 17:00Z to 21:00Z, so the
 * deadline is 16:50Z (WEEK2_DEADLINE). `poolWeek` publishes the first four.
 */
export function weekTwoGames(): Game[] {
  return [
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-14T17:00:00.000Z', home: '21', away: '6', venueEspnId: '3806' }), // PHI (home) v DAL
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-14T17:05:00.000Z', home: '12', away: '24' }), // KC v LAC
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-14T18:00:00.000Z', home: '2', away: '15' }), // BUF v MIA
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-14T20:25:00.000Z', home: '3', away: '8' }), // CHI v DET
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-14T21:00:00.000Z', home: '9', away: '16' }), // GB v MIN
  ];
}

/** New games, announced one by one as the provider updates them (a push to production would replace the season's). */
export async function announceGames(h: PicksHarness, games: Game[]): Promise<Game[]> {
  const announced: Game[] = [];
  for (const game of games) announced.push(await updateGame(h, game));
  return announced;
}

/** Week 2's pick deadline (weekTwoGames): 10 minutes before its first kickoff. */
export const WEEK2_DEADLINE = '2025-09-14T16:50:00.000Z';

/** A clock past week 2's deadline (weekTwoGames), its first three games kicked off. */
export const WEEK2_AFTER = new Date('2025-09-14T18:30:00.000Z');

/** The default locked spreads of a week of `poolWeek`, on its games in order. */
const SPREADS = [-3.5, 2.5, 0, -1];

/** A pick by where the game stands in the week's `games` and the side taken: [index, side, rank] (rank 0 = power pick). */
export type SidePick = [number, 'home' | 'away', number];

/** The cast's player's picks of a week of `poolWeek`: 3 on the first game's home team, 2 on the second's away team, 1 and the power pick on the home teams. */
const PLAYER_PICKS: SidePick[] = [
  [0, 'home', 3],
  [1, 'away', 2],
  [2, 'home', 1],
  [3, 'home', 0],
];

export interface PoolWeekOptions {
  /** The week's games, already known to the service; default: weekTwoGames()'s first four, announced here. */
  games?: Game[];
  /** Default 2. */
  weekNumber?: number;
  /** Locked spreads by game id (the games without one are not published); default -3.5, 2.5, 0 and -1 on the four games. */
  spreads?: Record<string, number>;
  /** The pool's weekly tiebreaker; with one, the week is published with its tiebreaker game. Default 'none'. */
  tiebreaker?: WeeklyTiebreaker;
  /** Who joins the pool besides its commissioner; default the cast's player. */
  members?: Person[];
  /** Each member's picks, saved before the deadline; default the cast's player's PLAYER_PICKS. */
  picks?: Array<[Person, SidePick[]]>;
  /** The service's clock once the week is built; default WEEK2_AFTER. */
  now?: Date;
  /** Whether the week is moved to GAMES_IN_PROGRESS once built (else it stays PUBLISHED); default true. */
  started?: boolean;
}

/**
 * A private pool of the cast's commissioner with its members, a week published, the members' picks
 * saved before the deadline, then the clock moved on (past week 2's deadline) and the week under way
 * (`started`): how the live-board suites open.
 */
export async function poolWeek(h: PicksHarness, cast: Cast, options: PoolWeekOptions = {}): Promise<{ pool: Pool; week: PublishedWeek; games: Game[] }> {
  const games = options.games ?? (await announceGames(h, weekTwoGames().slice(0, 4)));
  const spreads = options.spreads ?? Object.fromEntries(games.slice(0, 4).map((g, i) => [g.espnId, SPREADS[i]!]));
  const side = ([index, team, rank]: SidePick): [string, string, number] => {
    const game = games[index]!;
    return [game.espnId, team === 'home' ? game.homeTeamEspnId : game.awayTeamEspnId, rank];
  };
  const { pool, week } = await poolWithPublishedWeek(h, {
    commissioner: cast.commissioner,
    members: options.members ?? [cast.player],
    games,
    spreads,
    weekNumber: options.weekNumber ?? 2,
    pool: { isPublic: false, weeklyTiebreaker: options.tiebreaker ?? 'none' },
    picks: (options.picks ?? [[cast.player, PLAYER_PICKS]]).map(([who, picks]): [Person, Array<[string, string, number]>] => [who, picks.map(side)]),
  });
  h.clock.now = options.now ?? WEEK2_AFTER;
  if (options.started ?? true) await moveWeekTo(h, { pool, weekNumber: week.weekNumber, to: 'GAMES_IN_PROGRESS' });
  return { pool, week, games };
}

// ---- stored picks -------------------------------------------------------------------------------

/** A player's stored picks of a pool week as [gameId, teamEspnId, rank], 3, 2, 1, then the power pick. */
export async function storedPicks(h: PicksHarness, poolId: string, userId: string, weekNumber: number): Promise<Array<[string, string, number]>> {
  const rows = await h.runtime.database.sql.query<{ game_id: string; selected_team_espn_id: string; confidence_rank: number }>(
    'SELECT game_id, selected_team_espn_id, confidence_rank FROM picks.picks WHERE pool_id = $1 AND user_id = $2 AND week_number = $3',
    [poolId, userId, weekNumber],
  );
  const order = (rank: number) => (rank === 0 ? 0 : rank);
  return rows.map((r): [string, string, number] => [r.game_id, r.selected_team_espn_id, r.confidence_rank]).sort((a, b) => order(b[2]) - order(a[2]));
}

/**
 * TEST-ONLY: picks no API accepts (e.g. a week without its 1pt pick, a team not in the game),
 * written straight into picks.picks, to show what scoring and the boards do with a week that
 * cannot be scored. `picks` as [gameId, teamEspnId, rank] (rank 0 = power pick).
 */
export async function insertUnscorablePicksForTest(h: PicksHarness, week: PublishedWeek, who: Person, picks: Array<[string, string, number]>): Promise<void> {
  const at = new Date().toISOString();
  for (const [gameId, team, rank] of picks) {
    await h.runtime.database.sql.query(
      `INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $3, $11, $11)`,
      [randomUUID(), week.poolId, who.id, YEAR, week.weekNumber, gameId, week.poolGameIds[gameId] ?? null, team, rank, rank === 0, at],
    );
  }
}

// ---- recorded ESPN weeks ------------------------------------------------------------------------

/** ESPN scoreboards recorded from the real API (services/sports-data-staging/fixtures/espn, see its SOURCES.md). */
const ESPN_FIXTURES = new URL('../../sports-data-staging/fixtures/espn/', import.meta.url);

interface EspnCompetitor {
  homeAway: 'home' | 'away';
  score: string;
  winner?: boolean;
  team: { id: string; abbreviation: string; displayName: string; shortDisplayName: string; location: string; color?: string; logo?: string };
}

/** Postseason weeks of ESPN (1 Wild Card .. 5 Super Bowl) are our weeks 19..22 (4 is the Pro Bowl's gap). */
const weekNumberOfEspn = (seasonType: number, week: number) => (seasonType === 3 ? Math.min(18 + week, 22) : seasonType === 1 ? week - 5 : week);

/**
 * A recorded ESPN scoreboard as sports-data-staging would push it to production: the production games of that
 * week (real teams, kickoffs, statuses and scores) and their teams. Read from the file itself, so
 * the tests score what really happened.
 */
function recordedWeek(file: string): { games: Game[]; teams: Team[] } {
  const board = JSON.parse(readFileSync(new URL(file, ESPN_FIXTURES), 'utf8')) as {
    season: { year: number; type: number };
    week: { number: number };
    events: Array<{
      id: string;
      date: string;
      name: string;
      competitions: Array<{
        id: string;
        venue?: { id: string };
        competitors: EspnCompetitor[];
        status: { period: number; displayClock: string; type: { state: string; completed: boolean } };
      }>;
    }>;
  };
  const weekNumber = weekNumberOfEspn(board.season.type, board.week.number);
  const teams = new Map<string, Team>();
  const games = board.events.map((event) => {
    const comp = event.competitions[0]!;
    const home = comp.competitors.find((c) => c.homeAway === 'home')!;
    const away = comp.competitors.find((c) => c.homeAway === 'away')!;
    for (const c of [home, away]) {
      teams.set(c.team.id, {
        espnId: c.team.id,
        name: c.team.displayName,
        shortName: c.team.shortDisplayName,
        abbreviation: c.team.abbreviation,
        city: c.team.location,
        color: c.team.color ?? null,
        logoUrl: c.team.logo ?? null,
        darkLogoUrl: null,
      });
    }
    const { state, completed } = comp.status.type;
    const started = state !== 'pre';
    return buildGame({
      espnId: event.id,
      espnCompetitionId: comp.id,
      year: board.season.year,
      weekNumber,
      gameTimeUtc: new Date(event.date).toISOString(),
      homeTeamEspnId: home.team.id,
      awayTeamEspnId: away.team.id,
      homeTeamAbbr: home.team.abbreviation,
      awayTeamAbbr: away.team.abbreviation,
      homeTeamShortName: home.team.shortDisplayName,
      awayTeamShortName: away.team.shortDisplayName,
      gameName: event.name,
      gameStatus: completed ? 'COMPLETE' : state === 'in' ? 'IN_PROGRESS' : 'SCHEDULED',
      homeScore: started ? Number(home.score) : null,
      awayScore: started ? Number(away.score) : null,
      currentPeriod: started ? comp.status.period : null,
      gameClock: state === 'in' ? comp.status.displayClock : null,
      winnerTeamEspnId: home.winner ? home.team.id : away.winner ? away.team.id : null,
      venueEspnId: comp.venue?.id ?? null,
      updatedAt: '2025-08-01T00:00:00.000Z',
    });
  });
  return { games, teams: [...teams.values()] };
}

/** Recorded weeks' games and teams (for `pushSeason`). */
export function recordedWeeks(files: string[]): { games: Game[]; teams: Team[] } {
  const weeks = files.map(recordedWeek);
  return { games: weeks.flatMap((w) => w.games), teams: [...new Map(weeks.flatMap((w) => w.teams).map((t) => [t.espnId, t])).values()] };
}
