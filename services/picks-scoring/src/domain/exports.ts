import { byName, CONFIDENCE_RANKS } from '@powerpool/contracts';
import type { LivePickRow } from '../store/live.store.js';
import { managedPool } from './access.js';
import type { PicksContext, PoolWeekRequest } from './context.js';
import { toCsv, slugify, type CsvCell } from './csv.js';
import { WeekNotFoundError } from './errors.js';
import type { PlayerWeek, WeekTiebreak } from './board/standings.js';
import { liveBoardOf, readLiveWeekAccess, weekBoardOf } from './live-board.js';

/** A CSV download: its file name and content. */
export interface CsvFile {
  fileName: string;
  body: string;
}

/** `<pool>-week-<n>-<what>.csv` (preseason weeks keep their sign: `week--2`). */
const fileNameOf = (poolName: string, weekNumber: number, what: string) => `${slugify(poolName)}-week-${weekNumber}-${what}.csv`;

/** The player's pick of a rank (0: the power pick), if any. */
const pickOf = (player: PlayerWeek, rank: number) => player.outcome.picks.find((o) => o.pick.confidenceRank === rank && o.pick.isPowerPick === (rank === 0));
const teamOf = (pick: { pick: LivePickRow } | undefined): CsvCell => (pick ? (pick.pick.teamAbbr ?? pick.pick.selectedTeamEspnId) : null);

/**
 * The columns a week with a tiebreaker game adds at the end of both exports (docs/game.md#weekly-winners):
 * the player's prediction, and whether they won the week (named in SCORING and COMPLETE; in the week's
 * scores export, as in the scoring review, only once the week has been calculated: `namesWinners`).
 */
export const TIEBREAKER_CSV_HEADER = ['Tiebreaker', 'Week Winner'] as const;
const tiebreakerCells = (tiebreak: WeekTiebreak | null, player: PlayerWeek, namesWinners = true): CsvCell[] =>
  tiebreak ? [tiebreak.predictions.get(player.userId) ?? null, namesWinners && tiebreak.winners.has(player.userId) ? 'Yes' : 'No'] : [];
const withTiebreaker = (header: readonly string[], tiebreak: WeekTiebreak | null): readonly string[] =>
  tiebreak ? [...header, ...TIEBREAKER_CSV_HEADER] : header;

export const LEADERBOARD_CSV_HEADER = [
  'Rank',
  'Player',
  'Season Points',
  '3pt Pick',
  '2pt Pick',
  '1pt Pick',
  'Power Pick',
  'Raw Points',
  'Power Bonus',
  'Final Score',
] as const;

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/leaderboard/export/csv: the live leaderboard as CSV,
 * with the live leaderboard's access (picks_not_available before the deadline included), one row
 * per active member in the board's order.
 */
export async function exportLeaderboard(ctx: PicksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<CsvFile> {
  return ctx.uow.read(async (store) => {
    const seen = await readLiveWeekAccess(store, { caller, poolId, weekNumber, now: ctx.now() });
    const board = await liveBoardOf(store, ctx.logger, seen);
    const rows = board.players.map((p): CsvCell[] => [
      p.rank,
      p.displayName,
      p.seasonPoints,
      ...CONFIDENCE_RANKS.map((rank) => teamOf(pickOf(p, rank))),
      teamOf(pickOf(p, 0)),
      p.outcome.rawPoints,
      p.outcome.powerBonus,
      p.weekPoints,
      ...tiebreakerCells(board.tiebreak, p),
    ]);
    return { fileName: fileNameOf(seen.pool.name, weekNumber, 'leaderboard'), body: toCsv(withTiebreaker(LEADERBOARD_CSV_HEADER, board.tiebreak), rows) };
  });
}

export const WEEK_CSV_HEADER = [
  'Player',
  'Email',
  '3pt Pick',
  '3pt Result',
  '2pt Pick',
  '2pt Result',
  '1pt Pick',
  '1pt Result',
  'Power Pick',
  'Power Result',
  'Raw Points',
  'Power Effect',
  'Final Score',
  'Calculation Error',
] as const;

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/export/csv (the commissioner's): the week's scoring
 * review, as last calculated (members not calculated yet are scored as the games stand), sorted
 * by final score (calculation errors last), then name.
 */
export async function exportWeek(ctx: PicksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<CsvFile> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber });
    if (!week) throw new WeekNotFoundError(weekNumber);
    const board = await weekBoardOf(store, ctx.logger, { pool, week, stored: true });
    // Before the week's first calculation the scoring review names no winner; nor does its export.
    const calculated = week.calculatedAt !== null;
    const players = [...board.players].sort((a, b) => Number(a.error !== null) - Number(b.error !== null) || b.weekPoints - a.weekPoints || byName(a, b));
    const rows = players.map((p): CsvCell[] => {
      const pickCells = [...CONFIDENCE_RANKS, 0].flatMap((rank) => {
        const pick = pickOf(p, rank);
        return [teamOf(pick), pick ? pick.result : null];
      });
      const failed = p.error !== null;
      return [
        p.displayName,
        p.email,
        ...pickCells,
        failed ? null : p.outcome.rawPoints,
        failed ? null : p.outcome.powerEffect,
        failed ? null : p.weekPoints,
        p.error,
        ...tiebreakerCells(board.tiebreak, p, calculated),
      ];
    });
    return { fileName: fileNameOf(pool.name, weekNumber, 'scores'), body: toCsv(withTiebreaker(WEEK_CSV_HEADER, board.tiebreak), rows) };
  });
}
