import {
  isFinalGame,
  isLiveWeekState,
  PICK_MESSAGES,
  weekTitle,
  type CalculateReply,
  type Game,
  type UnscoredPicksReply,
  type UnscoredPicksRequest,
  type WeekGetReply,
} from '@powerpool/contracts';
import { StillSyncingError } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { PickRow, WeekScoreRow } from '../store/schema.js';
import type { PickResultUpdate } from '../store/scores.store.js';
import { managedPool } from './access.js';
import type { Calculation, CalculationReason, Emit, PicksContext, Recalculate, PoolWeekRef, PoolWeekRequest } from './context.js';
import { WeekNotFoundError, WeekNotInScoringError, WeekNotPublishedError } from './errors.js';
import { scoredGameOf } from './scored-game.js';
import { applyDecidedGames, recordPublishedWeek, recordWeekState, type WeekStateHook } from './sync.js';
import { scoreWeek, ScoringError, type ScoredGame } from '@powerpool/contracts';

/**
 * The calculation of a pool week's scores (docs/game.md#points), its recalculations (score
 * corrections, void games, commissioner overrides) and the hooks that trigger them from events.
 * Every rule comes from domain/scoring.ts; this file only gathers the games and picks and stores
 * what the rules give.
 */

/** What one calculation did. */
export interface CalculationSummary {
  calculatedAt: Date;
  /** Players scored without error. */
  usersCalculated: number;
  /** Players whose picks could not be scored (flagged, not failing the week). */
  errors: number;
}

/** A pool week scored in memory: what a calculation stores, and how many picks it leaves unscored. */
interface ScoredWeek {
  scores: WeekScoreRow[];
  results: PickResultUpdate[];
  errors: number;
  /** Picks left without a result on a game that is final or void (a player's ScoringError). */
  unscoredDecided: number;
  /** One line per player whose picks could not be scored. */
  reasons: string[];
}

/**
 * Score every player of a pool week from our copy (nothing written): each pick's result and
 * points, each player's week score (active members, with zeros when they made no picks, and anyone
 * else who has picks, such as a removed member). A player whose picks cannot be scored
 * (ScoringError) gets a week score flagged with the error, never failing the others.
 */
async function scoreStoredWeek(store: PicksStore, ref: PoolWeekRef, now: Date): Promise<ScoredWeek> {
  const { poolId, year, weekNumber } = ref;
  const weekGames = await store.scoringGamesOfWeek(poolId, year, weekNumber);
  const allPicks = await store.scoringPicksOfWeek(poolId, year, weekNumber);
  const members = await store.activeMembers(poolId);
  const poolGameById = new Map(weekGames.map((g) => [g.poolGame.id, g]));
  const poolGameByGameId = new Map(weekGames.map((g) => [g.poolGame.gameId, g]));
  // Games picked that the pool did not publish (a commissioner's power pick).
  const unpublishedIds = allPicks.filter((p) => !p.poolGameId && !poolGameByGameId.has(p.gameId)).map((p) => p.gameId);
  const unpublished = new Map((await store.findGames(unpublishedIds)).map((g) => [g.espnId, g]));

  const gameOf = (pick: PickRow): ScoredGame => {
    const published = pick.poolGameId ? poolGameById.get(pick.poolGameId) : poolGameByGameId.get(pick.gameId);
    if (pick.poolGameId && !published) throw new ScoringError(`Game ${pick.gameId} is not one of this pool's games of ${weekTitle(weekNumber)}`);
    const game = published ? published.game : unpublished.get(pick.gameId);
    if (!game) throw new ScoringError(`Game ${pick.gameId} is missing from the sports data`);
    return scoredGameOf(game, published?.poolGame);
  };
  /** Final or void, as far as our copy knows (a game we do not have counts as decided: it cannot be scored). */
  const isDecided = (pick: PickRow): boolean => {
    try {
      const game = gameOf(pick);
      return game.isVoid || isFinalGame({ status: game.status, homeScore: game.homeScore, awayScore: game.awayScore });
    } catch {
      return true;
    }
  };

  const picksByPlayer = new Map<string, PickRow[]>();
  for (const member of members) picksByPlayer.set(member.userId, []);
  for (const pick of allPicks) {
    const list = picksByPlayer.get(pick.userId);
    if (list) list.push(pick);
    else picksByPlayer.set(pick.userId, [pick]);
  }

  const week: ScoredWeek = { scores: [], results: [], errors: 0, unscoredDecided: 0, reasons: [] };
  for (const [userId, picks] of picksByPlayer) {
    const base = { poolId, userId, year, weekNumber, calculatedAt: now };
    try {
      const outcome = scoreWeek(picks, gameOf);
      for (const p of outcome.picks) week.results.push({ id: p.pick.id, result: p.result, pointsEarned: p.pointsEarned });
      week.scores.push({
        ...base,
        rawPoints: outcome.rawPoints,
        multiplier: outcome.multiplier,
        finalPoints: outcome.finalPoints,
        powerEffect: outcome.powerEffect,
        hasPicks: outcome.hasPicks,
        hasCalculationError: false,
        errorMessage: null,
      });
    } catch (err) {
      if (!(err instanceof ScoringError)) throw err;
      week.errors += 1;
      week.unscoredDecided += picks.filter(isDecided).length;
      week.reasons.push(err.message);
      // The player's picks stay unscored; the week counts 0 for them until it can be scored.
      for (const p of picks) week.results.push({ id: p.id, result: null, pointsEarned: null });
      week.scores.push({
        ...base,
        rawPoints: 0,
        multiplier: 1,
        finalPoints: 0,
        powerEffect: 'none',
        hasPicks: picks.length > 0,
        hasCalculationError: true,
        errorMessage: err.message,
      });
    }
  }
  return week;
}

/**
 * Score every player of a pool week (scoreStoredWeek) and store it: each pick's result and points,
 * each player's week score, the week's calculated_at; then announce it. Holds the pool week's row
 * lock for the transaction, so two calculations (two replicas, a correction arriving during a
 * calculation) run one after the other. Idempotent: the same games and picks give the same rows.
 */
export async function calculateWeek(store: PicksStore, emit: Emit, { ref, reason, now }: Calculation): Promise<CalculationSummary> {
  const { poolId, year, weekNumber } = ref;
  const week = await store.findPoolWeek({ poolId, year, weekNumber, lock: 'update' });
  if (!week) throw new WeekNotFoundError(weekNumber);
  const { scores, results, errors } = await scoreStoredWeek(store, ref, now);

  await store.writePickResults(results);
  await store.replaceWeekScores({ poolId, year, weekNumber, rows: scores });
  await store.markWeekCalculated({ poolId, year, weekNumber, at: now });
  // A completed week's scores are part of the season totals the standings read.
  if (week.state === 'COMPLETE') await store.refreshSeasonTotals({ poolId, year, at: now });
  const summary: CalculationSummary = { calculatedAt: now, usersCalculated: scores.length - errors, errors };
  await emit('picks.week.calculated', { poolId, year, weekNumber, calculatedAt: now.toISOString(), usersCalculated: summary.usersCalculated, errors, reason });
  await emit('picks.standings.changed', { poolId, year, weekNumber, at: now.toISOString() });
  return summary;
}

/**
 * rpc.picks.week.unscored-picks: how many picks on a decided game scoring the week on `results`
 * (or newer ones) would leave without a result. The results are applied to our copy first, as the
 * week's move will apply them (they are weeks-workflow's facts, newest kept); nothing else is
 * written. weeks-workflow refuses COMPLETE unless it is 0 (docs/week.md#complete).
 */
export async function unscoredPicks(ctx: PicksContext, request: UnscoredPicksRequest): Promise<UnscoredPicksReply> {
  const ref: PoolWeekRef = { poolId: request.poolId, year: request.year, weekNumber: request.weekNumber };
  return ctx.uow.write(async (store) => {
    await applyDecidedGames(store, request.results);
    if (!(await store.findPoolWeek({ poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber }))) return { unscoredPicks: 0, reasons: [] };
    const week = await scoreStoredWeek(store, ref, ctx.now());
    return { unscoredPicks: week.unscoredDecided, reasons: week.reasons };
  });
}

/**
 * Bring our copy of a pool week up to weeks-workflow's at once (rpc.weeks.week.get), through the
 * handlers its events go through: for an action that arrives before the events did (Calculate
 * right after Move to Scoring, a save right after Publish). Returns false when weeks-workflow could
 * not be asked (logged): the caller then refuses with its own reason.
 */
export async function catchUpWeek(ctx: PicksContext, ref: PoolWeekRef): Promise<boolean> {
  let reply: WeekGetReply;
  try {
    reply = await ctx.weeks.get(ref);
  } catch (err) {
    ctx.logger.warn({ err, ...ref }, 'could not ask weeks-workflow for a pool week our copy lacks');
    return false;
  }
  if (reply.published) await recordPublishedWeek(ctx, reply.published);
  if (reply.latest) await recordWeekState(ctx, reply.latest, onWeekStateChanged);
  return true;
}

/**
 * Run `action`; when it finds that our copy lacks the pool week (its publication has not arrived),
 * catch up from weeks-workflow and run it once more. The action keeps what it was given (a save
 * keeps its arrival time, so the deadline is judged as before).
 */
export async function withWeekCaughtUp<T>(ctx: PicksContext, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (!(err instanceof WeekNotPublishedError) || !err.ref || !(await catchUpWeek(ctx, err.ref))) throw err;
    return action();
  }
}

/**
 * The context's recalculation seam: recalculate a pool week that was already scored. Before
 * COMPLETE any reason does (score corrections, void games, overrides); after COMPLETE only a
 * commissioner's correction ('override') changes results (docs/game.md#corrections). Returns true when it
 * recalculated.
 */
export const recalculateIfScored: Recalculate = async (store, emit, calculation) => {
  const { ref, reason } = calculation;
  const week = await store.findPoolWeek({ poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber, lock: 'update' });
  if (!week || week.calculatedAt === null) return false;
  if (week.state === 'COMPLETE' && reason !== 'override') return false;
  await calculateWeek(store, emit, calculation);
  return true;
};

/** POST /api/pools/{poolId}/weeks/{weekNumber}/scores/calculate: the commissioner's Calculate User Scores (SCORING only). */
export async function calculateScores(ctx: PicksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<CalculateReply> {
  // Clicked right after Move to Scoring, before its event arrived: catch up first, so the week is
  // scored on the results the move was decided on (applied with its state), never on older ones.
  const seen = await ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    return { ref: { poolId: pool.id, year: pool.year, weekNumber }, week: await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber }) };
  });
  if (seen.week?.state !== 'SCORING' && !(await catchUpWeek(ctx, seen.ref))) throw new StillSyncingError(PICK_MESSAGES.scoringNotYetSynced(weekNumber));
  const reply = await ctx.uow.write(async (store, emit) => {
    const pool = await managedPool(store, caller, poolId);
    const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, lock: 'update' });
    if (!week) throw new WeekNotFoundError(weekNumber);
    if (week.state !== 'SCORING') throw new WeekNotInScoringError(weekNumber, week.state);
    const ref: PoolWeekRef = { poolId: pool.id, year: pool.year, weekNumber };
    const summary = await calculateWeek(store, emit, { ref, reason: 'calculate', now: ctx.now() });
    const reply: CalculateReply = {
      message: PICK_MESSAGES.calculated(summary.usersCalculated, summary.errors),
      calculatedAt: summary.calculatedAt.toISOString(),
      usersCalculated: summary.usersCalculated,
      errors: summary.errors,
    };
    return reply;
  });
  await ctx.announce();
  return reply;
}

/**
 * Something changed a week's results (a game, a void ruling): recalculate it when it was scored,
 * otherwise tell the live boards of a live week to refresh. One unit of work per week.
 */
async function refreshWeek(ctx: PicksContext, ref: PoolWeekRef, reason: CalculationReason): Promise<void> {
  await ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    if (await recalculateIfScored(store, emit, { ref, reason, now })) return;
    const week = await store.findPoolWeek({ poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber });
    // The live board is shown in the live states: a change there is worth announcing.
    if (week && isLiveWeekState(week.state)) await emit('picks.standings.changed', { ...ref, at: now.toISOString() });
  });
}

/**
 * Run each week's refresh on its own: one failing (logged) does not keep the others from theirs,
 * and then the whole fails, so the bus delivers the event again (every refresh is idempotent).
 */
async function refreshEach(ctx: PicksContext, refs: PoolWeekRef[], reason: CalculationReason): Promise<void> {
  const failures: unknown[] = [];
  for (const ref of refs) {
    try {
      await refreshWeek(ctx, ref, reason);
    } catch (err) {
      ctx.logger.error({ err, ...ref, reason }, 'could not refresh the scores of a pool week');
      failures.push(err);
    }
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} pool week(s) could not be refreshed`);
}

/**
 * Games changed (scores, status, corrections): every pool week not COMPLETE that they touch. One
 * statement finds and locks them all (a calculation under way finishes first, so whether a week is
 * calculated is settled); the weeks already scored (SCORING, or a recalculated earlier state) are
 * then recalculated one by one, each in its own unit of work. The live ones never scored store
 * nothing and are not announced one by one: their boards are read live, and open ones hear of the
 * change from the live change log (docs/architecture.md#a-scores-path). A score is announced once,
 * by `sports.game.updated`, whatever the number of pools; `picks.standings.changed` says that a
 * pool's own standings moved (a calculation, a ruling, an override).
 */
export async function onGamesChanged(ctx: PicksContext, changed: Game[]): Promise<void> {
  const gameIds = [...new Set(changed.map((game) => game.espnId))];
  const scored = await ctx.uow.write(async (store) => {
    const weeks = await store.lockUnfinishedWeeksWithGames(gameIds);
    return weeks
      .filter((week) => week.calculatedAt !== null)
      .map((week): PoolWeekRef => ({ poolId: week.poolId, year: week.year, weekNumber: week.weekNumber }));
  });
  await refreshEach(ctx, scored, 'correction');
}

/** A pool game was ruled void: its picks are pushes from now on. */
export async function onGameVoided(ctx: PicksContext, ref: PoolWeekRef): Promise<void> {
  const week = { poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber };
  try {
    await refreshEach(ctx, [week], 'void');
  } finally {
    // The ruling itself committed before the refresh: its board changed either way.
    await ctx.announce();
  }
}

/**
 * A week moved forward. When it reaches COMPLETE it is calculated again, in the same transaction,
 * on the results the move carried (applied just before) or newer ones: whatever an earlier
 * calculation saw, the frozen week is scored on results at least as new as those it was completed
 * on, and no pick on a decided game is left pending (docs/week.md#complete). The calculation
 * refreshes the season totals and announces the standings.
 */
export const onWeekStateChanged: WeekStateHook = async (store, emit, { event, now }) => {
  if (event.toState !== 'COMPLETE') return;
  const ref: PoolWeekRef = { poolId: event.poolId, year: event.year, weekNumber: event.weekNumber };
  const week = await store.findPoolWeek({ poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber, lock: 'update' });
  if (!week || week.state !== 'COMPLETE') return;
  await calculateWeek(store, emit, { ref, reason: 'calculate', now });
};
