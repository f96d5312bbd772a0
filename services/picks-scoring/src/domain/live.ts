import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  coverOf,
  IMPACT_GAMES_TOP,
  isFinalGame,
  liveLeaderboardSchema,
  weekLabel,
  type AccessLevel,
  type ImpactGame,
  type LiveGame,
  type LiveLeaderboard,
  type LivePick,
  type LiveStanding,
  type PowerEffect,
} from '@powerpool/contracts';
import type { KitLogger } from '@powerpool/service-kit';
import type { LiveGameRow, LiveMemberRow, LivePickRow } from '../store/live.store.js';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { MemberRow, PoolRow, PoolWeekRow, WeekScoreRow } from '../store/schema.js';
import { deadlinePassed, picksAccessOf } from './access.js';
import type { Caller, PicksContext } from './context.js';
import { createLiveBoardCache, createSharedReads, type BoardVersion, type LiveBoardCache } from './live-cache.js';
import { PicksNotAvailableError, PoolNotFoundError, WeekNotFoundError } from './errors.js';
import { overridesSeenBy } from './overrides.js';
import { byRank, isCorrectOf } from './present-picks.js';
import { isVoidGame, scoredGameOf } from './scored-game.js';
import { impactOf, ScoringError, scoreWeek, sharedRanks, type ScoredGame, type WeekOutcome } from './scoring.js';

/**
 * The live leaderboard of a pool week (player spec section 3, game-rules.md "Leaderboards" and
 * "Who sees what"), and the week's standings the CSV exports are made of. Standings are scored
 * on the fly with scoring.ts over the pool's published games (locked spreads, void rulings) and
 * the production games' current status and scores; a COMPLETE week shows what was calculated
 * (stored week scores), since after COMPLETE only a recorded correction changes results.
 */

const gzipAsync = promisify(gzip);

// ---------------------------------------------------------------------------------------------
// Access

/** A pool week someone may see the picks of, and how. */
export interface LiveWeekAccess {
  pool: PoolRow;
  week: PoolWeekRow;
  access: AccessLevel;
}

/**
 * The live leaderboard's access (and the leaderboard CSV's): 404 unknown pool; 403 a non-member
 * of a private pool; 404 a week the pool never published; 403 picks_not_available before the
 * deadline for anyone but the commissioner and super admins.
 */
export async function liveWeekAccessOf(store: PicksStore, caller: Caller, poolId: string, weekNumber: number, now: Date): Promise<LiveWeekAccess> {
  const pool = await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError(undefined, poolId);
  const week = await store.findPoolWeek(pool.id, pool.year, weekNumber);
  return liveWeekAccessIn(store, caller, pool, week, weekNumber, now);
}

/** liveWeekAccessOf once the pool and week are read; `members` answers the membership question. */
async function liveWeekAccessIn(
  members: Pick<PicksStore, 'findMember'>,
  caller: Caller,
  pool: PoolRow | undefined,
  week: PoolWeekRow | undefined,
  weekNumber: number,
  now: Date,
): Promise<LiveWeekAccess> {
  if (!pool) throw new PoolNotFoundError();
  const access = await picksAccessOf(members, caller, pool, week, now);
  if (!week) throw new WeekNotFoundError(weekNumber);
  if (access === null) throw new PicksNotAvailableError();
  return { pool, week, access };
}

// ---------------------------------------------------------------------------------------------
// The week's standings

/** One player's week on the board. */
export interface PlayerWeek extends LiveMemberRow {
  picks: LivePickRow[];
  outcome: WeekOutcome<LivePickRow>;
  /** Why this player's week cannot be scored (their picks are shown pending), else null. */
  error: string | null;
  /** This week's final score so far. */
  weekPoints: number;
  /** Completed weeks before this one + weekPoints. */
  seasonPoints: number;
  /** Shared rank by weekPoints. */
  rank: number;
  /** Shared rank by seasonPoints. */
  seasonRank: number;
}

/** A pool week's games and every active member's week, ordered by rank. */
export interface WeekBoard {
  pool: PoolRow;
  week: PoolWeekRow;
  games: LiveGameRow[];
  players: PlayerWeek[];
}

/** A week that cannot be scored: every pick pending, zeros. */
function unscoredOutcome(picks: LivePickRow[], powerEffect?: PowerEffect): WeekOutcome<LivePickRow> {
  const hasPower = picks.some((p) => p.isPowerPick);
  return {
    picks: picks.map((p) => ({ pick: p, result: 'PENDING', pointsEarned: null, covering: null })),
    rawPoints: 0,
    multiplier: 1,
    powerEffect: powerEffect ?? (hasPower ? 'pending' : 'none'),
    powerPickCorrect: null,
    finalPoints: 0,
    powerBonus: 0,
    possiblePointsRemaining: 0,
    hasPicks: picks.length > 0,
  };
}

/** A week as the calculation stored it (week_scores, and each pick's result and points). */
function storedOutcome(row: WeekScoreRow, picks: LivePickRow[]): WeekOutcome<LivePickRow> {
  if (row.hasCalculationError) return unscoredOutcome(picks, row.powerEffect);
  const power = picks.find((p) => p.isPowerPick);
  return {
    picks: picks.map((p) => ({ pick: p, result: p.result ?? 'PENDING', pointsEarned: p.pointsEarned, covering: null })),
    rawPoints: row.rawPoints,
    multiplier: row.multiplier,
    powerEffect: row.powerEffect,
    powerPickCorrect: power?.result === 'WIN' ? true : power?.result === 'LOSS' ? false : null,
    finalPoints: row.finalPoints,
    powerBonus: row.finalPoints - row.rawPoints,
    possiblePointsRemaining: 0,
    hasPicks: row.hasPicks,
  };
}

/**
 * Every active member's week in a pool: scored on the fly, or as stored when `stored` (for members
 * with a stored row). A player whose picks cannot be scored is listed with zeros and pending
 * picks, and logged. A handful of queries whatever the pool's size.
 */
export async function weekBoardOf(store: PicksStore, logger: KitLogger, pool: PoolRow, week: PoolWeekRow, options: { stored: boolean }): Promise<WeekBoard> {
  const { year, weekNumber } = week;
  const [games, members, pickRows, storedRows] = await Promise.all([
    store.liveGamesOf(pool.id, year, weekNumber),
    store.liveMembersOf(pool.id, year, weekNumber),
    store.weekPicksOf(pool.id, year, weekNumber),
    options.stored ? store.weekScoresOf(pool.id, year, weekNumber) : Promise.resolve([]),
  ]);

  const scored = new Map<string, ScoredGame>(games.map((g) => [g.game.espnId, scoredGameOf(g.game, g.poolGame)]));
  // A commissioner's power pick may be on a game the pool did not publish: scored straight up, as the calculation does.
  const unpublished = [...new Set(pickRows.map((p) => p.gameId).filter((id) => !scored.has(id)))];
  for (const game of await store.findGames(unpublished)) scored.set(game.espnId, scoredGameOf(game));

  const picksByUser = new Map<string, LivePickRow[]>();
  for (const p of pickRows) {
    const list = picksByUser.get(p.userId) ?? [];
    list.push(p);
    picksByUser.set(p.userId, list);
  }
  const storedByUser = new Map(storedRows.map((r) => [r.userId, r]));

  const weeks = members.map((member) => {
    const picks = (picksByUser.get(member.userId) ?? []).sort(byRank);
    const row = storedByUser.get(member.userId);
    let outcome: WeekOutcome<LivePickRow>;
    let error: string | null = null;
    if (row) {
      outcome = storedOutcome(row, picks);
      error = row.hasCalculationError ? (row.errorMessage ?? 'Could not calculate') : null;
    } else {
      try {
        outcome = scoreWeek(picks, (p) => scored.get(p.gameId));
      } catch (err) {
        if (!(err instanceof ScoringError)) throw err;
        error = err.message;
        logger.warn({ poolId: pool.id, year, weekNumber, userId: member.userId, reason: err.message }, "live leaderboard: a player's picks cannot be scored; shown pending");
        outcome = unscoredOutcome(picks);
      }
    }
    return { ...member, picks, outcome, error, weekPoints: outcome.finalPoints, seasonPoints: member.priorSeasonPoints + outcome.finalPoints };
  });

  const ranks = sharedRanks(weeks.map((w) => w.weekPoints));
  const seasonRanks = sharedRanks(weeks.map((w) => w.seasonPoints));
  const players: PlayerWeek[] = weeks.map((w, i) => ({ ...w, rank: ranks[i]!, seasonRank: seasonRanks[i]! }));
  players.sort((a, b) => a.rank - b.rank || b.seasonPoints - a.seasonPoints || byName(a, b));
  return { pool, week, games, players };
}

/** Names compare case- and accent-insensitively (one collator: building one per comparison is slow). */
const names = new Intl.Collator('en', { sensitivity: 'base' });
export const byName = (a: { displayName: string; userId: string }, b: { displayName: string; userId: string }): number =>
  names.compare(a.displayName, b.displayName) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Presenting

function presentStanding(player: PlayerWeek): LiveStanding {
  const { outcome } = player;
  return {
    userId: player.userId,
    displayName: player.displayName,
    rank: player.rank,
    weekPoints: player.weekPoints,
    seasonPoints: player.seasonPoints,
    rawPoints: outcome.rawPoints,
    powerBonus: outcome.powerBonus,
    powerEffect: outcome.powerEffect,
    possiblePointsRemaining: outcome.possiblePointsRemaining,
    hasPicks: outcome.hasPicks,
    picks: outcome.picks.map(
      (o): LivePick => ({
        gameId: o.pick.gameId,
        selectedTeamEspnId: o.pick.selectedTeamEspnId,
        selectedTeamAbbr: o.pick.teamAbbr,
        selectedTeamLogo: o.pick.teamLogo,
        confidenceRank: o.pick.confidenceRank,
        isPowerPick: o.pick.isPowerPick,
        isCorrect: isCorrectOf(o.result),
        result: o.result,
        pointsEarned: o.pointsEarned,
        covering: o.covering,
      }),
    ),
  };
}

function presentGame({ poolGame, game, venue, home, away }: LiveGameRow): LiveGame {
  const isVoid = isVoidGame(game, poolGame);
  return {
    gameId: game.espnId,
    poolGameId: poolGame.id,
    gameTime: game.gameTimeUtc.toISOString(),
    homeTeam: home?.name ?? game.homeTeamShortName,
    awayTeam: away?.name ?? game.awayTeamShortName,
    homeTeamAbbr: home?.abbreviation ?? game.homeTeamAbbr,
    awayTeamAbbr: away?.abbreviation ?? game.awayTeamAbbr,
    homeTeamLogo: home?.logoUrl ?? null,
    awayTeamLogo: away?.logoUrl ?? null,
    status: game.status,
    quarter: game.currentPeriod,
    clock: game.gameClock,
    statusDetail: game.statusDetail,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    spread: poolGame.lockedSpread,
    isVoid,
    cover: !isVoid && isFinalGame(game) ? coverOf(game.homeScore!, game.awayScore!, poolGame.lockedSpread) : null,
    venue: venue
      ? { name: venue.fullName, city: venue.city, state: venue.state, exteriorImageUrl: venue.exteriorImageUrl, interiorImageUrl: venue.interiorImageUrl }
      : null,
  };
}

/**
 * The games still to be decided (not final, not void) with the picks on them: counts per rank and
 * power, the points at stake (impactOf with each player's best raw points), the players by season
 * rank. The top IMPACT_GAMES_TOP by points at stake, ties by kickoff; games nobody picked are left
 * out, and so are players whose week cannot be scored (nothing of theirs is at stake).
 */
export function impactGamesOf(board: WeekBoard): ImpactGame[] {
  const open = board.games.filter((g) => !isVoidGame(g.game, g.poolGame) && !isFinalGame(g.game));
  const impact = open.map(({ game, home, away }) => {
    const details = { threePtPicks: 0, twoPtPicks: 0, onePtPicks: 0, powerPicks: 0 };
    let totalImpactPoints = 0;
    const players: ImpactGame['pickDetails']['players'] = [];
    for (const player of board.players) {
      if (player.error !== null) continue;
      const bestRaw = player.outcome.rawPoints + player.outcome.picks.filter((o) => !o.pick.isPowerPick && o.result === 'PENDING').reduce((sum, o) => sum + o.pick.confidenceRank, 0);
      for (const o of player.outcome.picks) {
        const pick = o.pick;
        if (pick.gameId !== game.espnId || o.result !== 'PENDING') continue;
        if (pick.isPowerPick) details.powerPicks += 1;
        else if (pick.confidenceRank === 3) details.threePtPicks += 1;
        else if (pick.confidenceRank === 2) details.twoPtPicks += 1;
        else details.onePtPicks += 1;
        totalImpactPoints += impactOf(pick, bestRaw);
        players.push({
          userId: player.userId,
          displayName: player.displayName,
          seasonPoints: player.seasonPoints,
          seasonRank: player.seasonRank,
          selectedTeamAbbr: o.pick.teamAbbr,
          isPowerPick: pick.isPowerPick,
          confidenceRank: pick.confidenceRank,
        });
      }
    }
    players.sort((a, b) => a.seasonRank - b.seasonRank || byName(a, b));
    return {
      gameId: game.espnId,
      gameTime: game.gameTimeUtc.toISOString(),
      homeTeamAbbr: home?.abbreviation ?? game.homeTeamAbbr,
      awayTeamAbbr: away?.abbreviation ?? game.awayTeamAbbr,
      status: game.status,
      totalImpactPoints,
      pickDetails: { ...details, players },
    } satisfies ImpactGame;
  });
  return impact
    .filter((g) => g.pickDetails.players.length > 0)
    .sort((a, b) => b.totalImpactPoints - a.totalImpactPoints || a.gameTime.localeCompare(b.gameTime) || a.gameId.localeCompare(b.gameId))
    .slice(0, IMPACT_GAMES_TOP);
}

/** The board of a week the caller may see (live standings; a COMPLETE week as calculated). */
export const liveBoardOf = (store: PicksStore, logger: KitLogger, seen: LiveWeekAccess): Promise<WeekBoard> =>
  weekBoardOf(store, logger, seen.pool, seen.week, { stored: seen.week.state === 'COMPLETE' });

/** The live leaderboard of a week the caller may see. */
async function buildLiveLeaderboard(store: PicksStore, logger: KitLogger, caller: Caller, seen: LiveWeekAccess, now: Date): Promise<LiveLeaderboard> {
  const { pool, week } = seen;
  const board = await liveBoardOf(store, logger, seen);
  // The pool's members see the overrides (game-rules.md); a public pool's visitors are not members.
  const [overrides, weeks] = await Promise.all([
    seen.access === 'PUBLIC_ACCESS' ? Promise.resolve([]) : overridesSeenBy(store, caller, pool, week.weekNumber, now),
    store.poolWeeksOf(pool.id),
  ]);
  const gamesCentric = board.games.map(presentGame);
  return {
    status: 'ok',
    message: null,
    standings: board.players.map(presentStanding),
    gamesCentric,
    impactGames: impactGamesOf(board),
    overrides,
    metadata: {
      poolId: pool.id,
      poolName: pool.name,
      year: week.year,
      weekNumber: week.weekNumber,
      weekDisplayName: weekLabel(week.weekNumber),
      currentState: week.state,
      pickDeadline: week.pickDeadline.toISOString(),
      gamesInProgress: gamesCentric.some((g) => g.status === 'IN_PROGRESS' && !g.isVoid),
      picksAvailable: deadlinePassed(week, now),
      accessLevel: seen.access,
      allWeeks: weeks.filter((w) => w.year === pool.year).map((w) => ({ weekNumber: w.weekNumber, displayName: weekLabel(w.weekNumber), state: w.state })),
      generatedAt: now.toISOString(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Serving

/** One board version as sent: its ETag, the JSON, and the same JSON gzipped (made once). */
export interface LiveReply {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

/**
 * What the access checks of a board version read: the pool, the week and the pool's members
 * (covered by the same fingerprint as the board, so never older than it).
 */
export interface LiveScope {
  pool: PoolRow | undefined;
  week: PoolWeekRow | undefined;
  members: ReadonlyMap<string, MemberRow>;
}

/** The live leaderboard's state in one service instance: the cache, and the shared fingerprint reads. */
export interface LiveBoards {
  cache: LiveBoardCache<LiveScope, LiveReply>;
  fingerprint: (key: string, read: () => Promise<string>) => Promise<string>;
}

/**
 * How long a pool week's fingerprint read queued behind another waits after it (requests
 * arriving meanwhile share it). Only under concurrent load; see createSharedReads.
 */
export const LIVE_FINGERPRINT_GAP_MS = Number(process.env.LIVE_FINGERPRINT_GAP_MS ?? 10);

export const createLiveBoards = (): LiveBoards => ({ cache: createLiveBoardCache(), fingerprint: createSharedReads(LIVE_FINGERPRINT_GAP_MS) });

/** Bump when the board's JSON changes shape, so browsers holding an old ETag get the new board. */
const LIVE_REPLY_FORMAT = 2; // 2: covering is COVERING, PUSH or NOT_COVERING (was a boolean)

/** A weak ETag (two replicas' builds of one version differ in `generatedAt` only) naming the version and the variant. */
export function liveEtagOf(key: string, variant: string, fingerprint: string): string {
  const hash = createHash('sha256').update(`${LIVE_REPLY_FORMAT}|${key}|${variant}|${fingerprint}`).digest('base64url');
  return `W/"lb-${hash.slice(0, 27)}"`;
}

async function liveScopeOf(store: PicksStore, poolId: string, weekNumber: number): Promise<LiveScope> {
  const pool = await store.findPool(poolId);
  if (!pool) return { pool, week: undefined, members: new Map() };
  const [week, members] = await Promise.all([store.findPoolWeek(pool.id, pool.year, weekNumber), store.poolMembersOf(pool.id)]);
  return { pool, week, members: new Map(members.map((m) => [m.userId, m])) };
}

/** The version of a pool week's board the data now makes (fingerprint read first), with its access scope. */
export interface CurrentLiveVersion {
  key: string;
  fingerprint: string;
  version: BoardVersion<LiveScope, LiveReply>;
  scope: LiveScope;
}

/** The cache key of a pool week. */
export const liveKeyOf = (poolId: string, weekNumber: number): string => `${poolId}:${weekNumber}`;

/**
 * The pool week's current version: its fingerprint (one query, shared with the callers waiting
 * for the same pool week, always started after this call), then the version's scope (cached).
 */
export async function currentLiveVersion(store: PicksStore, poolId: string, weekNumber: number, boards: LiveBoards): Promise<CurrentLiveVersion> {
  const key = liveKeyOf(poolId, weekNumber);
  const fingerprint = await boards.fingerprint(key, () => store.liveFingerprint(poolId, weekNumber));
  const version = boards.cache.version(
    key,
    fingerprint,
    () => liveScopeOf(store, poolId, weekNumber),
    (scope) => scope.pool !== undefined && scope.week !== undefined,
  );
  return { key, fingerprint, version, scope: await version.scope };
}

/** The live leaderboard's access (liveWeekAccessOf) decided from a version's scope, without a query. */
export function liveAccessInScope(scope: LiveScope, caller: Caller, weekNumber: number, now: Date): Promise<LiveWeekAccess> {
  const members: Pick<PicksStore, 'findMember'> = { findMember: async (_poolId, userId) => scope.members.get(userId) };
  return liveWeekAccessIn(members, caller, scope.pool, scope.week, weekNumber, now);
}

/**
 * What a caller sees depends only on the access level and whether the deadline has passed
 * (override picks: the commissioner always, members after the deadline, public visitors never),
 * so those name the variant.
 */
export const liveVariantOf = (seen: LiveWeekAccess, now: Date): string => `${seen.access}:${deadlinePassed(seen.week, now)}`;

/** The reply of `seen`'s variant of a version: built (checked, serialized and gzipped) once per version and variant. */
export function liveReplyOf(ctx: PicksContext, store: PicksStore, current: CurrentLiveVersion, caller: Caller, seen: LiveWeekAccess, now: Date): Promise<LiveReply> {
  const variant = liveVariantOf(seen, now);
  return current.version.reply(variant, async () => {
    const json = Buffer.from(JSON.stringify(liveLeaderboardSchema.parse(await buildLiveLeaderboard(store, ctx.logger, caller, seen, now))));
    return { etag: liveEtagOf(current.key, variant, current.fingerprint), json, gzip: await gzipAsync(json) };
  });
}

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard, ready to send. Per request: the
 * pool week's current version (currentLiveVersion), then access from the version's scope with the
 * rules of access.ts, then the variant's reply (liveReplyOf), each made once per version.
 */
export async function getLiveLeaderboard(ctx: PicksContext, caller: Caller, poolId: string, weekNumber: number, boards: LiveBoards): Promise<LiveReply> {
  return ctx.uow.read(async (store) => {
    const current = await currentLiveVersion(store, poolId, weekNumber, boards);
    const now = ctx.now();
    const seen = await liveAccessInScope(current.scope, caller, weekNumber, now);
    return liveReplyOf(ctx, store, current, caller, seen, now);
  });
}
