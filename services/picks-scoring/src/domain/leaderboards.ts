import {
  type WeekResultsReply,
  weekLabel,
  type SavedPick,
  type ScoringReviewReply,
  type ScoringReviewRow,
  type SeasonLeaderboardEntry,
  type WeeklyScoringReview,
} from '@powerpool/contracts';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { PickWithTeam } from '../store/scores.store.js';
import type { PoolRow, WeekScoreRow } from '../store/schema.js';
import { managedPool, readablePool } from './access.js';
import type { Caller, PicksContext, PoolWeekRequest } from './context.js';
import { ReviewPlayerNotFoundError, SeasonNotFoundError, WeekNotFoundError } from './errors.js';
import type { WeekTiebreak } from './board/standings.js';
import { weekBoardOf } from './live-board.js';
import { pickReplyOf } from './present-picks.js';
import { compareNames, seasonTotalsFromAggregate, sharedRanks } from '@powerpool/contracts';

/** A stored pick joined to its team (scores.store picksWithTeams), as the API shows it. */
const presentScoredPick = (row: PickWithTeam) =>
  pickReplyOf(row, { abbreviation: row.teamAbbreviation, logoUrl: row.teamLogoUrl }, row.gameEspnCompetitionId ?? row.gameId);

/**
 * Season standings, completed weeks and the scoring reviews (docs/game.md#season-standings), all
 * from the stored calculation: what the commissioner last calculated is what everyone sees.
 */

/** The week-score fields of a review row: the stored calculation, or zeros before there is one. */
function scoreFieldsOf(score: WeekScoreRow | undefined, picks: SavedPick[]) {
  if (!score) {
    return {
      rawPoints: 0,
      multiplier: 1,
      powerBonus: 0,
      totalPoints: 0,
      powerEffect: picks.some((p) => p.isPowerPick) ? ('pending' as const) : ('none' as const),
      powerPickCorrect: null,
      hasCalculationError: false,
      errorMessage: null,
    };
  }
  return {
    rawPoints: score.rawPoints,
    multiplier: score.multiplier,
    powerBonus: score.finalPoints - score.rawPoints,
    totalPoints: score.finalPoints,
    powerEffect: score.powerEffect,
    powerPickCorrect: score.powerEffect === 'x2' ? true : score.powerEffect === 'x0' ? false : null,
    hasCalculationError: score.hasCalculationError,
    errorMessage: score.errorMessage,
  };
}

/**
 * A pool's season standings: every active member (zeros when they have not played), totals over
 * the pool's COMPLETE weeks, ranks shared on ties by total points; sorted by rank then name. The
 * sums are the database's (one grouped scan), the rules (average, best week, ranks) scoring.ts's.
 */
export async function seasonStandingsOf(store: PicksStore, pool: PoolRow): Promise<SeasonLeaderboardEntry[]> {
  return (await seasonStandingsWithSource(store, pool)).entries;
}

async function seasonStandingsWithSource(store: PicksStore, pool: PoolRow): Promise<{ entries: SeasonLeaderboardEntry[]; fromKeptTotals: boolean }> {
  const { rows, fromKeptTotals } = await store.seasonAggregateOf(pool.id, pool.year);
  const totals = rows.map((r) => seasonTotalsFromAggregate(r));
  const ranks = sharedRanks(totals.map((t) => t.totalPoints));
  const entries = rows.map((r, i) => ({ user: { id: r.userId, displayName: r.displayName }, rank: ranks[i]!, ...totals[i]! }));
  entries.sort((a, b) => a.rank - b.rank || compareNames(a.user.displayName, b.user.displayName) || a.user.id.localeCompare(b.user.id));
  return { entries, fromKeptTotals };
}

/**
 * GET /api/pools/{poolId}/seasons/{seasonId}/leaderboard: the season is the pool's year. The kept
 * season totals are refreshed by the calculation and by a week completing; when they did not cover
 * the pool's COMPLETE weeks (a refresh that failed or has not run yet, scores loaded by other
 * means) this reply was aggregated from the week scores, and the totals are refreshed for the next
 * readers.
 */
export async function getSeasonLeaderboard(
  ctx: PicksContext,
  { caller, poolId, seasonId }: { caller: Caller; poolId: string; seasonId: number },
): Promise<SeasonLeaderboardEntry[]> {
  const { pool, entries, fromKeptTotals } = await ctx.uow.read(async (store) => {
    const found = await readablePool(store, caller, poolId);
    if (seasonId !== found.year) throw new SeasonNotFoundError();
    return { pool: found, ...(await seasonStandingsWithSource(store, found)) };
  });
  if (!fromKeptTotals) await ctx.uow.write((store) => store.refreshSeasonTotals({ poolId: pool.id, year: pool.year, at: ctx.now(), onlyIfStale: true }));
  return entries;
}

/** GET /api/pools/{poolId}/completed-weeks: the pool's COMPLETE weeks, ascending. */
export async function getCompletedWeeks(ctx: PicksContext, caller: Caller, poolId: string): Promise<Array<{ weekNumber: number }>> {
  return ctx.uow.read(async (store) => {
    const pool = await readablePool(store, caller, poolId);
    return (await store.completeWeeksOf(pool.id, pool.year)).map((w) => ({ weekNumber: w.weekNumber }));
  });
}

/**
 * GET /api/users/{userId}/pools/{poolId}/weekly-scoring-review: one entry per completed week (the
 * player's picks, results and points). Any reader of the pool may look at any member's, or former
 * member's who played, completed weeks: their deadlines have passed.
 */
export async function getWeeklyScoringReview(
  ctx: PicksContext,
  { caller, userId, poolId }: { caller: Caller; userId: string; poolId: string },
): Promise<WeeklyScoringReview[]> {
  return ctx.uow.read(async (store) => {
    const pool = await readablePool(store, caller, poolId);
    const member = await store.findMember(pool.id, userId);
    const scores = await store.weekScoresOfPlayer(pool.id, pool.year, userId);
    // A former member is reviewable when they played (a scored week with picks), not for the zero rows of weeks they sat out.
    if (!member?.isActive && !scores.some((s) => s.hasPicks)) throw new ReviewPlayerNotFoundError();
    const completeWeeks = await store.completeWeeksOf(pool.id, pool.year);
    const weeks = completeWeeks.map((w) => w.weekNumber);
    const picks = (await store.picksWithTeams({ poolId: pool.id, year: pool.year, weekNumbers: weeks, userId })).map(presentScoredPick);
    const scoreByWeek = new Map(scores.map((s) => [s.weekNumber, s]));
    // The weeks with a tiebreaker game name their winners as their board does (docs/game.md#weekly-winners).
    const tiebreaks = new Map<number, WeekTiebreak>();
    for (const week of completeWeeks) {
      if (week.tiebreakerGameId === null) continue;
      const { tiebreak } = await weekBoardOf(store, ctx.logger, { pool, week, stored: true });
      if (tiebreak) tiebreaks.set(week.weekNumber, tiebreak);
    }
    return weeks.map((weekNumber) => {
      const weekPicks = picks.filter((p) => p.weekNumber === weekNumber);
      const tiebreak = tiebreaks.get(weekNumber);
      return {
        weekNumber,
        displayName: weekLabel(weekNumber),
        picks: weekPicks,
        ...scoreFieldsOf(scoreByWeek.get(weekNumber), weekPicks),
        ...(tiebreak ? { tiebreaker: tiebreak.predictions.get(userId) ?? null, isWeekWinner: tiebreak.winners.has(userId) } : {}),
      };
    });
  });
}

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/scoring-review (commissioners): one row per active
 * member, plus anyone else with picks that week (a removed member), as last calculated; before
 * any calculation (calculatedAt null) the rows show the picks as pending and zeros. Sorted by
 * final score, calculation errors last, then name.
 */
export async function getScoringReview(ctx: PicksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<ScoringReviewReply> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber });
    if (!week) throw new WeekNotFoundError(weekNumber);
    const scores = week.calculatedAt ? await store.weekScoresOfWeek(pool.id, pool.year, weekNumber) : [];
    const picksByPlayer = new Map<string, SavedPick[]>();
    for (const row of await store.picksWithTeams({ poolId: pool.id, year: pool.year, weekNumbers: [weekNumber] })) {
      const list = picksByPlayer.get(row.userId) ?? [];
      list.push(presentScoredPick(row));
      picksByPlayer.set(row.userId, list);
    }
    const scoreByPlayer = new Map(scores.map((s) => [s.userId, s]));

    const people = new Map((await store.poolPeopleOf(pool.id)).filter((p) => p.isActive || picksByPlayer.has(p.userId)).map((p) => [p.userId, p]));
    // Picks of someone the pool's member list does not know (should not happen; never hide picks).
    const strangers = [...picksByPlayer.keys()].filter((id) => !people.has(id));
    for (const u of await store.findUsers(strangers)) people.set(u.id, { userId: u.id, displayName: u.displayName, email: u.email, isActive: false });
    for (const id of strangers) if (!people.has(id)) people.set(id, { userId: id, displayName: 'User', email: '', isActive: false });

    // A week with a tiebreaker game: the predictions and the winners as the board decides them
    // (docs/game.md#weekly-winners). Before the week's first calculation the review shows zeros and
    // pending picks, so it names no winner beside them.
    const tiebreak = week.tiebreakerGameId === null ? null : (await weekBoardOf(store, ctx.logger, { pool, week, stored: true })).tiebreak;
    const calculated = week.calculatedAt !== null;
    const rows: ScoringReviewRow[] = [...people.values()].map((p) => {
      const playerPicks = picksByPlayer.get(p.userId) ?? [];
      return {
        userId: p.userId,
        displayName: p.displayName,
        email: p.email,
        picks: playerPicks,
        ...scoreFieldsOf(scoreByPlayer.get(p.userId), playerPicks),
        ...(tiebreak ? { tiebreaker: tiebreak.predictions.get(p.userId) ?? null, isWeekWinner: calculated && tiebreak.winners.has(p.userId) } : {}),
      };
    });
    rows.sort(
      (a, b) =>
        Number(a.hasCalculationError) - Number(b.hasCalculationError) ||
        b.totalPoints - a.totalPoints ||
        compareNames(a.displayName, b.displayName) ||
        a.userId.localeCompare(b.userId),
    );
    return { poolId: pool.id, weekNumber, state: week.state, calculatedAt: week.calculatedAt?.toISOString() ?? null, rows };
  });
}

/**
 * rpc.picks.week.results: each player's final points of a completed week and their shared rank
 * (`sharedRanks`), as last calculated, for the notifications service's week-results message
 * (docs/notifications.md#kinds). Only a COMPLETE week has results to tell; otherwise none.
 */
export async function weekResultsOf(ctx: PicksContext, ref: { poolId: string; year: number; weekNumber: number }): Promise<WeekResultsReply> {
  return ctx.uow.read(async (store) => {
    const week = await store.findPoolWeek({ poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber });
    if (week?.state !== 'COMPLETE') return { players: [] };
    const scores = (await store.weekScoresOfWeek(ref.poolId, ref.year, ref.weekNumber)).filter((s) => s.hasPicks && !s.hasCalculationError);
    const ranks = sharedRanks(scores.map((s) => s.finalPoints));
    return { players: scores.map((s, i) => ({ userId: s.userId, points: s.finalPoints, rank: ranks[i]! })) };
  });
}
