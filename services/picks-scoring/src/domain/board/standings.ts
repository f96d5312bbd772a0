import {
  isCorrectOf,
  rankedWeeks,
  ScoringError,
  scoreWeek,
  tiebreakerTotalOf,
  unscoredOutcome,
  type ScoredGame,
  type TiebreakerGame,
  type WeekOutcome,
  type WeekState,
} from '@powerpool/contracts';
import type { LiveGameRow, LiveMemberRow, LivePickRow } from '../../store/live.store.js';
import type { PoolRow, PoolWeekRow, WeekScoreRow } from '../../store/schema.js';
import { byRank } from '../present-picks.js';
import { weekWinnersOf } from '../winners.js';

/**
 * A pool week's standings, from rows already read: each active member's week scored on the fly
 * with scoring.ts (which also says what each pick is covering now and the points still possible),
 * or as the calculation stored it. No store, no clock, no logger: the caller reads, this decides.
 */

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
  /** Only for a week with a tiebreaker game (docs/game.md#weekly-winners); null otherwise. */
  tiebreak: WeekTiebreak | null;
}

/** A week's tiebreaker on the board: each player's prediction and the week's winners. */
export interface WeekTiebreak {
  /** Predicted totals by userId (a player without one is absent). */
  predictions: ReadonlyMap<string, number>;
  /** The week's winners (weekWinnersOf), named once the week is in SCORING or COMPLETE; empty before. */
  winners: ReadonlySet<string>;
}

/** The states in which a week names its winners: its results are all in (docs/game.md#weekly-winners). */
const WINNERS_NAMED_IN: ReadonlySet<WeekState> = new Set(['SCORING', 'COMPLETE']);

/**
 * The tiebreaker of a week's board: null without a tiebreaker game; else the predictions, and the
 * winners among the players who made picks once the week is in SCORING or COMPLETE, decided on the
 * tiebreaker game as the board has it (void or not final: no total, ties shared).
 */
export function weekTiebreakOf(
  week: Pick<PoolWeekRow, 'state' | 'tiebreakerGameId'>,
  { players, predictions, tiebreakerGame }: { players: readonly PlayerWeek[]; predictions: ReadonlyMap<string, number>; tiebreakerGame: TiebreakerGame | null },
): WeekTiebreak | null {
  if (week.tiebreakerGameId === null) return null;
  if (!WINNERS_NAMED_IN.has(week.state)) return { predictions, winners: new Set() };
  const candidates = players
    .filter((p) => p.outcome.hasPicks && p.error === null)
    .map((p) => ({ userId: p.userId, finalPoints: p.weekPoints, tiebreaker: predictions.get(p.userId) ?? null }));
  return { predictions, winners: new Set(weekWinnersOf(candidates, tiebreakerTotalOf(tiebreakerGame))) };
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
    powerPickCorrect: power ? isCorrectOf(power.result ?? 'PENDING') : null,
    finalPoints: row.finalPoints,
    powerBonus: row.finalPoints - row.rawPoints,
    possiblePointsRemaining: 0,
    hasPicks: row.hasPicks,
  };
}

/** What the standings are made of. */
export interface StandingsInput {
  /** The pool's active members, with their points of the COMPLETE weeks before this one. */
  members: readonly LiveMemberRow[];
  /** Every pick of the pool week. */
  picks: readonly LivePickRow[];
  /** Calculated weeks (week_scores) shown as stored instead of scored now; empty: everyone is scored now. */
  stored: readonly WeekScoreRow[];
  /** The scored game a pick is on, by its ESPN id (undefined: unknown, the player's week cannot be scored). */
  gameOf: (gameId: string) => ScoredGame | undefined;
  /** Told of each player whose picks cannot be scored now (they are listed with zeros and pending picks). */
  onUnscorable?: (userId: string, reason: string) => void;
}

/**
 * Every active member's week, ranked (shared ranks by week points, and by season points), ordered
 * by rank, then season points, then name (rankedWeeks). A player with a stored row shows it; any other is scored
 * now, and one whose picks cannot be scored is listed with zeros and pending picks.
 */
export function standingsOf(input: StandingsInput): PlayerWeek[] {
  const picksByUser = new Map<string, LivePickRow[]>();
  for (const p of input.picks) {
    const list = picksByUser.get(p.userId) ?? [];
    list.push(p);
    picksByUser.set(p.userId, list);
  }
  const storedByUser = new Map(input.stored.map((r) => [r.userId, r]));

  const weeks = input.members.map((member) => {
    const picks = (picksByUser.get(member.userId) ?? []).sort(byRank);
    const row = storedByUser.get(member.userId);
    let outcome: WeekOutcome<LivePickRow>;
    let error: string | null = null;
    if (row) {
      outcome = storedOutcome(row, picks);
      error = row.hasCalculationError ? (row.errorMessage ?? 'Could not calculate') : null;
    } else {
      try {
        outcome = scoreWeek(picks, (p) => input.gameOf(p.gameId));
      } catch (err) {
        if (!(err instanceof ScoringError)) throw err;
        error = err.message;
        input.onUnscorable?.(member.userId, err.message);
        outcome = unscoredOutcome(picks);
      }
    }
    return { ...member, picks, outcome, error, weekPoints: outcome.finalPoints, seasonPoints: member.priorSeasonPoints + outcome.finalPoints };
  });

  return rankedWeeks(weeks);
}
