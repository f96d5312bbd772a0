import { randomUUID } from 'node:crypto';
import { productionGameSnapshot } from '@powerpool/service-kit';
import {
  isFinalGame,
  nextWeekState,
  pickDeadlineOf,
  PICK_DEADLINE_LEAD_MS,
  seasonPartOf,
  SEASON_PART_LABELS,
  tiebreakerGameIdOf,
  TRANSITIONS,
  WEEK_MESSAGES,
  weekTitle,
  type DecidedGame,
  type DownloadSpreadsReply,
  type ImportScoresReply,
  type PoolSpread,
  type PublishedGame,
  type PublishReply,
  type TransitionReply,
  type TransitionSlug,
  type WeekGetReply,
  type WeekState,
} from '@powerpool/contracts';
import type { PoolGameWithGame, WeeksStore } from '../store/weeks.store.js';
import type { PoolRow, PoolWeekRow } from '../store/schema.js';
import { managedPool } from './access.js';
import type { Caller, Emit, WeeksContext, PoolWeekRequest } from './context.js';
import { allowsPart } from './weeks.js';
import {
  CannotCalculateScoresError,
  CannotCompleteWeekError,
  DeadlineNotPassedError,
  DeadlinePassedError,
  GameNotFoundError,
  GameNotInWeekError,
  GameNotPostponedError,
  InvalidTransitionError,
  MissingSpreadsError,
  NoGamesSelectedError,
  NothingPublishedError,
  SeasonPartNotInPoolError,
  WeekCompleteError,
  WeekNotInSetupError,
} from './errors.js';
import { gameLabel, presentPoolGame, presentSpread, presentStatus, voidReasonOf } from './present.js';
import { applyGames } from './sync.js';
import { publishedGamesOf, teamsOf } from './weeks.js';

/** How many due weeks one pass of the automatic start moves (the rest go on the next pass). */
export const AUTO_START_BATCH = 100;

/** What a change of state was decided on: the week's pool games (moves to SCORING and COMPLETE). */
export function decidedGamesOf(rows: PoolGameWithGame[]): DecidedGame[] {
  return rows.flatMap(({ poolGame, game }) => {
    if (!game) return [];
    const voided = poolGame.voidedAt && poolGame.voidReason !== null ? { reason: poolGame.voidReason, voidedAt: poolGame.voidedAt.toISOString() } : null;
    return [{ poolGameId: poolGame.id, game: productionGameSnapshot(game), voided }];
  });
}

/** The moves whose event carries the results they were decided on (docs/cross-service-decisions.md#how-a-result-travels). */
const DECIDED_ON_RESULTS: ReadonlySet<WeekState> = new Set(['SCORING', 'COMPLETE']);

interface ChangeOptions {
  /** The Testing tab's tool: timing conditions skipped, recorded as testing. */
  testing: boolean;
  /** The deadline passing (no user). */
  automatic: boolean;
  byUserId: string | null;
}

/**
 * Move a locked pool week to `to`, record who did it, and announce it (one unit of work). A move to
 * SCORING or COMPLETE announces the results it was decided on (the week's pool games as this
 * service has them now, inside the same transaction), so picks-scoring scores exactly those or
 * newer ones, never older (docs/week.md#move-to-scoring).
 */
async function changeState(
  store: WeeksStore,
  emit: Emit,
  move: { week: PoolWeekRow; to: WeekState; at: Date; options: ChangeOptions; patch?: Partial<PoolWeekRow> },
): Promise<PoolWeekRow> {
  const { week, to, at, options, patch = {} } = move;
  const updated = await store.updatePoolWeek(week, { ...patch, state: to, stateChangedAt: at });
  const record = { poolId: week.poolId, year: week.year, weekNumber: week.weekNumber, fromState: week.state, toState: to, ...options, at };
  await store.recordTransition(record);
  const results = DECIDED_ON_RESULTS.has(to) ? decidedGamesOf(await store.poolGamesOfWeek(week.poolId, week.year, week.weekNumber)) : undefined;
  await emit('weeks.week.state-changed', { ...record, at: at.toISOString(), ...(results ? { results } : {}) });
  return updated;
}

async function statusReply(
  store: WeeksStore,
  week: PoolWeekRow,
  { previousState, testing }: { previousState: WeekState; testing: boolean },
): Promise<TransitionReply> {
  const games = await store.poolGamesOfWeek(week.poolId, week.year, week.weekNumber);
  return {
    ...presentStatus({ poolId: week.poolId, year: week.year, weekNumber: week.weekNumber }, week, games),
    previousState,
    testing,
    message: WEEK_MESSAGES.transitioned(week.state),
  };
}

/**
 * SETUP -> PUBLISHED with the chosen games: each a game of that week, at least one, every one with
 * a pool spread; the deadline (10 minutes before the earliest kickoff among them) must still be
 * ahead unless testing. Locks the spreads into the pool games.
 */
async function publishGames(
  store: WeeksStore,
  emit: Emit,
  publication: { pool: PoolRow; week: PoolWeekRow; gameIds: string[]; now: Date; options: ChangeOptions },
): Promise<PoolWeekRow> {
  const { pool, week, gameIds, now, options } = publication;
  if (week.state !== 'SETUP')
    throw new InvalidTransitionError({ weekNumber: week.weekNumber, from: week.state, to: 'PUBLISHED', next: nextWeekState(week.state) });
  if (!allowsPart(pool, week.weekNumber)) throw new SeasonPartNotInPoolError(SEASON_PART_LABELS[seasonPartOf(week.weekNumber)].toLowerCase());
  const ids = [...new Set(gameIds)];
  if (ids.length === 0) throw new NoGamesSelectedError();
  const weekGames = new Map((await store.gamesOfWeek(pool.year, week.weekNumber)).map((g) => [g.espnId, g]));
  const unknown = ids.filter((id) => !weekGames.has(id));
  if (unknown.length) throw new GameNotInWeekError(week.weekNumber, unknown);
  const chosen = ids.map((id) => weekGames.get(id)!).sort((a, b) => a.gameTimeUtc.getTime() - b.gameTimeUtc.getTime());
  const spreads = new Map((await store.spreadsOf(pool.id, ids)).map((s) => [s.gameId, s.spread]));
  const missing = chosen.filter((g) => !spreads.has(g.espnId));
  if (missing.length) throw new MissingSpreadsError(missing.map(gameLabel));
  const deadline = pickDeadlineOf(chosen.map((g) => g.gameTimeUtc))!;
  if (!options.testing && deadline.getTime() <= now.getTime()) {
    throw new DeadlinePassedError(deadline, chosen.filter((g) => g.gameTimeUtc.getTime() - PICK_DEADLINE_LEAD_MS <= now.getTime()).map(gameLabel));
  }
  const rows = chosen.map((g) => ({
    id: randomUUID(),
    poolId: pool.id,
    year: pool.year,
    weekNumber: week.weekNumber,
    gameId: g.espnId,
    lockedSpread: spreads.get(g.espnId)!,
    publishedAt: now,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
  }));
  await store.insertPoolGames(rows);
  const tiebreakerGameId = tiebreakerGameIdOf(
    chosen.map((g) => ({ gameId: g.espnId, gameTimeUtc: g.gameTimeUtc })),
    pool.weeklyTiebreaker,
  );
  await emit('weeks.week.published', {
    poolId: pool.id,
    year: pool.year,
    weekNumber: week.weekNumber,
    pickDeadline: deadline.toISOString(),
    publishedAt: now.toISOString(),
    games: rows.map((r) => {
      const g = weekGames.get(r.gameId)!;
      return {
        gameId: r.gameId,
        poolGameId: r.id,
        lockedSpread: r.lockedSpread,
        gameTimeUtc: g.gameTimeUtc.toISOString(),
        homeTeamEspnId: g.homeTeamEspnId,
        awayTeamEspnId: g.awayTeamEspnId,
      };
    }),
    tiebreakerGameId,
  });
  return changeState(store, emit, { week, to: 'PUBLISHED', at: now, options, patch: { pickDeadline: deadline, publishedAt: now, tiebreakerGameId } });
}

/** Why a week cannot move to SCORING ("N game(s) missing final scores", ...); void games count as done. */
export function scoringBlockers(games: PoolGameWithGame[]): string[] {
  if (games.length === 0) return ['no games published'];
  const open = games.filter((g) => voidReasonOf(g.poolGame, g.game) === null);
  const reasons: string[] = [];
  const missingScores = open.filter((g) => !g.game || g.game.homeScore === null || g.game.awayScore === null).length;
  const notComplete = open.filter((g) => !g.game || !isFinalGame(g.game)).length;
  const missingSpreads = open.filter((g) => g.poolGame.lockedSpread === null || Number.isNaN(g.poolGame.lockedSpread)).length;
  if (missingScores) reasons.push(WEEK_MESSAGES.missingFinalScores(missingScores));
  if (notComplete) reasons.push(WEEK_MESSAGES.notYetComplete(notComplete));
  if (missingSpreads) reasons.push(WEEK_MESSAGES.missingSpreadData(missingSpreads));
  return reasons;
}

/**
 * POST .../transition/{target}: one step forward with that step's conditions. `testing` (the
 * Testing tab) skips the timing conditions only. Moving to SCORING first refreshes the week's
 * scores from the provider (best effort: the conditions decide on what is known).
 */
export async function transitionWeek(
  ctx: WeeksContext,
  caller: Caller,
  { poolId, weekNumber, slug, testing }: { poolId: string; weekNumber: number; slug: TransitionSlug; testing: boolean },
): Promise<TransitionReply> {
  const target = TRANSITIONS[slug];
  if (target === 'SCORING') {
    const pool = await ctx.uow.read((store) => managedPool(store, caller, poolId));
    const week = await ctx.uow.read((store) => store.findPoolWeek(pool.id, pool.year, weekNumber));
    if (week?.state === 'GAMES_IN_PROGRESS') await refreshScoresQuietly(ctx, pool, weekNumber);
  }
  // Asked before the transaction (picks-scoring answers from its own database, which in embedded
  // mode is the same single-connection PGlite): the move is then made on these results or newer.
  if (target === 'COMPLETE') await checkEveryPickScorable(ctx, { caller, poolId, weekNumber });
  return ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    const pool = await managedPool(store, caller, poolId);
    const week = await store.lockPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, now });
    const next = nextWeekState(week.state);
    if (target !== next) throw new InvalidTransitionError({ weekNumber, from: week.state, to: target, next });
    const options: ChangeOptions = { testing, automatic: false, byUserId: caller.id };
    let moved: PoolWeekRow;
    if (target === 'PUBLISHED') {
      const withSpreads = new Set(
        (
          await store.spreadsOf(
            pool.id,
            (await store.gamesOfWeek(pool.year, weekNumber)).map((g) => g.espnId),
          )
        ).map((s) => s.gameId),
      );
      moved = await publishGames(store, emit, { pool, week, gameIds: [...withSpreads], now, options });
    } else {
      if (target === 'GAMES_IN_PROGRESS' && !testing && week.pickDeadline && now.getTime() < week.pickDeadline.getTime())
        throw new DeadlineNotPassedError(week.pickDeadline);
      if (target === 'SCORING') {
        const reasons = scoringBlockers(await store.poolGamesOfWeek(pool.id, pool.year, weekNumber));
        if (reasons.length) throw new CannotCalculateScoresError(reasons);
      }
      moved = await changeState(store, emit, { week, to: target, at: now, options });
    }
    return statusReply(store, moved, { previousState: week.state, testing });
  });
}

/**
 * rpc.weeks.week.get: a pool week as this service has it, in the shape of its events (the
 * publication, and the latest change of state with the results it carries), so a service whose
 * copy is behind catches up at once through the handlers the events go through. The results are
 * the week's pool games as they are now: the ones the move was decided on, or newer.
 */
export async function weekAsEvents(ctx: WeeksContext, ref: { poolId: string; year: number; weekNumber: number }): Promise<WeekGetReply> {
  return ctx.uow.read(async (store) => {
    const week = await store.findPoolWeek(ref.poolId, ref.year, ref.weekNumber);
    if (!week || week.state === 'SETUP' || !week.publishedAt || !week.pickDeadline) return { published: null, latest: null };
    const rows = await store.poolGamesOfWeek(ref.poolId, ref.year, ref.weekNumber);
    const published = {
      ...ref,
      pickDeadline: week.pickDeadline.toISOString(),
      publishedAt: week.publishedAt.toISOString(),
      games: rows.flatMap(({ poolGame, game }) =>
        game
          ? [
              {
                gameId: poolGame.gameId,
                poolGameId: poolGame.id,
                lockedSpread: poolGame.lockedSpread,
                gameTimeUtc: game.gameTimeUtc.toISOString(),
                homeTeamEspnId: game.homeTeamEspnId,
                awayTeamEspnId: game.awayTeamEspnId,
              },
            ]
          : [],
      ),
      tiebreakerGameId: week.tiebreakerGameId,
    };
    const last = (await store.transitionsOf(ref.poolId, ref.year, ref.weekNumber)).at(-1);
    if (week.state === 'PUBLISHED' || !last || last.toState !== week.state) return { published, latest: null };
    const latest = {
      ...ref,
      fromState: last.fromState,
      toState: last.toState,
      testing: last.testing,
      automatic: last.automatic,
      byUserId: last.byUserId,
      at: last.at.toISOString(),
      ...(DECIDED_ON_RESULTS.has(last.toState) ? { results: decidedGamesOf(rows) } : {}),
    };
    return { published, latest };
  });
}

/** POST .../games/publish */
export async function publishWeek(
  ctx: WeeksContext,
  caller: Caller,
  { poolId, weekNumber, gameIds }: { poolId: string; weekNumber: number; gameIds: string[] },
): Promise<PublishReply> {
  return ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    const pool = await managedPool(store, caller, poolId);
    const week = await store.lockPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, now });
    const moved = await publishGames(store, emit, { pool, week, gameIds, now, options: { testing: false, automatic: false, byUserId: caller.id } });
    return { ...(await statusReply(store, moved, { previousState: week.state, testing: false })), games: await publishedGamesOf(store, pool, weekNumber) };
  });
}

/**
 * The automatic start: every PUBLISHED week whose deadline has passed moves to GAMES_IN_PROGRESS.
 * Rows are locked (others' skipped) and re-checked, so with any number of replicas each week
 * moves exactly once. Returns how many moved.
 */
export async function startDueWeeks(ctx: WeeksContext): Promise<number> {
  return ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    const due = await store.lockDuePublishedWeeks(now, AUTO_START_BATCH);
    for (const week of due)
      await changeState(store, emit, { week, to: 'GAMES_IN_PROGRESS', at: now, options: { testing: false, automatic: true, byUserId: null } });
    return due.length;
  });
}

/** A locked week in which spreads may still change. */
async function setupWeek(store: WeeksStore, { pool, weekNumber, now }: { pool: PoolRow; weekNumber: number; now: Date }): Promise<PoolWeekRow> {
  const week = await store.lockPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, now });
  if (week.state !== 'SETUP') throw new WeekNotInSetupError(weekNumber, week.state, 'Spreads are locked');
  return week;
}

/** PUT /api/pools/{poolId}/spreads/{gameId}: set or clear (null) while the game's week is in SETUP. */
export async function updateSpread(
  ctx: WeeksContext,
  caller: Caller,
  { poolId, gameId, spread }: { poolId: string; gameId: string; spread: number | null },
): Promise<PoolSpread> {
  return ctx.uow.write(async (store) => {
    const now = ctx.now();
    const pool = await managedPool(store, caller, poolId);
    const game = await store.findGame(gameId);
    if (!game || game.year !== pool.year) throw new GameNotFoundError(gameId, `the pool's ${pool.year} season`);
    await setupWeek(store, { pool, weekNumber: game.weekNumber, now });
    if (spread === null) {
      await store.clearSpread(pool.id, gameId);
      return presentSpread(game, undefined, undefined);
    }
    const saved = await store.setSpread({ poolId: pool.id, gameId, spread, updatedBy: caller.id, updatedAt: now });
    return presentSpread(game, saved, undefined);
  });
}

/**
 * POST /api/pools/{poolId}/spreads/{weekNumber}/download: the week's pool spreads from the
 * provider's current lines (SETUP only). A game without a line keeps its spread and is named.
 */
export async function downloadSpreads(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<DownloadSpreadsReply> {
  const pool = await ctx.uow.read((store) => managedPool(store, caller, poolId));
  const before = await ctx.uow.read((store) => store.findPoolWeek(pool.id, pool.year, weekNumber));
  if (before && before.state !== 'SETUP') throw new WeekNotInSetupError(weekNumber, before.state, 'Spreads are locked');
  const fresh = await ctx.sports.refreshOdds({ year: pool.year, weekNumber });
  return ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    await applyGames(store, emit, fresh);
    await setupWeek(store, { pool, weekNumber, now });
    const lines = new Map(fresh.map((g) => [g.espnId, g.spread]));
    const games = await store.gamesOfWeek(pool.year, weekNumber);
    const missing: string[] = [];
    let updated = 0;
    for (const game of games) {
      const line = lines.get(game.espnId) ?? game.spread;
      if (line === null || line === undefined) {
        missing.push(gameLabel(game));
        continue;
      }
      await store.setSpread({ poolId: pool.id, gameId: game.espnId, spread: line, updatedBy: caller.id, updatedAt: now });
      updated += 1;
    }
    const spreads = new Map(
      (
        await store.spreadsOf(
          pool.id,
          games.map((g) => g.espnId),
        )
      ).map((s) => [s.gameId, s]),
    );
    let message = `Downloaded spreads for ${updated} of ${games.length} game(s) of ${weekTitle(weekNumber)} from ESPN.`;
    if (missing.length) message += ` ESPN has no line for ${missing.join(', ')}; ${missing.length === 1 ? 'it keeps its' : 'they keep their'} current spread.`;
    return { message, updated, missing, spreads: games.map((g) => presentSpread(g, spreads.get(g.espnId), undefined)) };
  });
}

/**
 * docs/week.md#complete: COMPLETE is refused while any pick on a decided (final or void) game has
 * no result. The picks are picks-scoring's, so it is asked, with the results this move is decided
 * on; it answers how many picks scoring the week on them (or newer ones) would leave unscored.
 */
async function checkEveryPickScorable(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<void> {
  const { pool, week, rows } = await ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    const week = await store.findPoolWeek(pool.id, pool.year, weekNumber);
    return { pool, week, rows: week?.state === 'SCORING' ? await store.poolGamesOfWeek(pool.id, pool.year, weekNumber) : [] };
  });
  if (week?.state !== 'SCORING') return; // the transaction refuses it with the right reason
  const reply = await ctx.scoring.unscoredPicks({ poolId: pool.id, year: pool.year, weekNumber, results: decidedGamesOf(rows) });
  if (reply.unscoredPicks > 0) throw new CannotCompleteWeekError(reply.unscoredPicks, reply.reasons);
}

async function refreshScoresQuietly(ctx: WeeksContext, pool: PoolRow, weekNumber: number): Promise<void> {
  try {
    const fresh = await ctx.sports.refreshScores({ year: pool.year, weekNumber });
    await ctx.uow.write((store, emit) => applyGames(store, emit, fresh));
  } catch (err) {
    ctx.logger.warn({ err, poolId: pool.id, weekNumber }, 'could not refresh scores before scoring; deciding on the scores known');
  }
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/import-scores: a published week's scores from the provider. */
export async function importScores(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<ImportScoresReply> {
  const pool = await ctx.uow.read((store) => managedPool(store, caller, poolId));
  const week = await ctx.uow.read((store) => store.findPoolWeek(pool.id, pool.year, weekNumber));
  if (!week || week.state === 'SETUP') throw new NothingPublishedError(weekNumber);
  if (week.state === 'COMPLETE') throw new WeekCompleteError(weekNumber);
  const fresh = await ctx.sports.refreshScores({ year: pool.year, weekNumber });
  return ctx.uow.write(async (store, emit) => {
    await applyGames(store, emit, fresh);
    const freshIds = new Set(fresh.map((g) => g.espnId));
    const rows = await store.poolGamesOfWeek(pool.id, pool.year, weekNumber);
    const status = presentStatus({ poolId: pool.id, year: pool.year, weekNumber }, week, rows);
    const games = await publishedGamesOf(store, pool, weekNumber);
    const updated = rows.filter((r) => freshIds.has(r.poolGame.gameId)).length;
    const done = status.completedGames + status.voidGames;
    return {
      message: `Scores updated from ESPN: ${done} of ${status.gameCount} game(s) complete${status.voidGames ? ` (${status.voidGames} void)` : ''}.`,
      updated,
      completedGames: status.completedGames,
      totalGames: status.gameCount,
      games,
    };
  });
}

/** POST .../games/{gameId}/void: rule a postponed pool game void (recorded, with the reason). */
export async function voidGame(
  ctx: WeeksContext,
  caller: Caller,
  { poolId, weekNumber, gameId, reason }: { poolId: string; weekNumber: number; gameId: string; reason: string },
): Promise<PublishedGame> {
  return ctx.uow.write(async (store, emit) => {
    const now = ctx.now();
    const pool = await managedPool(store, caller, poolId);
    const week = await store.lockPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, now });
    if (week.state === 'COMPLETE') throw new WeekCompleteError(weekNumber);
    if (week.state === 'SETUP') throw new NothingPublishedError(weekNumber);
    const poolGame = await store.findPoolGame(pool.id, gameId);
    const game = await store.findGame(gameId);
    if (!poolGame || poolGame.weekNumber !== weekNumber || !game) throw new GameNotFoundError(gameId, `this pool's ${weekTitle(weekNumber)}`);
    const teams = await teamsOf(store, [game]);
    if (voidReasonOf(poolGame, game) !== null) return presentPoolGame({ poolGame, game }, teams)!;
    if (game.status !== 'POSTPONED') throw new GameNotPostponedError(game.status);
    const voided = await store.voidPoolGame({ id: poolGame.id, reason, by: caller.id, at: now });
    await emit('weeks.game.voided', {
      poolId: pool.id,
      year: pool.year,
      weekNumber,
      gameId,
      poolGameId: poolGame.id,
      reason,
      byUserId: caller.id,
      voidedAt: now.toISOString(),
    });
    return presentPoolGame({ poolGame: voided ?? poolGame, game }, teams)!;
  });
}
