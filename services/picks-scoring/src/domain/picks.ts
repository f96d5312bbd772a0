import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CONFIDENCE_RANKS,
  gameHasStarted,
  PICK_MESSAGES,
  POWER_PICK_RANK,
  type BatchPicksReply,
  type MyTiebreaker,
  type batchPicksBodySchema,
  type SavedPick,
  type PickStats,
  type WeekRef,
  type WeekSavesReply,
} from '@powerpool/contracts';
import type { PickOwner } from '../store/picks.store.js';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { GameRow, PickRow, PoolGameRow, PoolRow, PoolWeekRow } from '../store/schema.js';
import { managedPool, readablePool, savesOpenAt } from './access.js';
import type { Caller, Emit, PicksContext } from './context.js';
import {
  GameNotAvailableError,
  GameStartedError,
  IncompletePicksError,
  NotAMemberError,
  PickNotOfBatchError,
  PicksLockedError,
  PoolNotFoundError,
  PowerPickFlagError,
  SeasonNotFoundError,
  TeamNotInGameError,
  WeekNotPublishedError,
} from './errors.js';
import { withWeekCaughtUp } from './calculate.js';
import { presentPicks } from './present-picks.js';

/**
 * A player's picks of a week: exactly one pick of each rank 3, 2, 1 on three different games, at
 * most one power pick (rank 0) on a fourth, every game one the pool published that week, every
 * team one of its game's two. Saving replaces the week's picks in one transaction, or changes
 * nothing.
 */

export type BatchPicksInput = z.output<typeof batchPicksBodySchema>;

/** A pick as a request gives it (the Make Picks screen, or the commissioner's emergency entry). */
export interface PickChoice {
  /** The game's id (or its competition id). */
  gameEspnCompetitionId: string;
  /** Optional; when given it must be the pool game of that game. */
  poolGameId?: string | null | undefined;
  selectedTeamEspnId: string;
  confidenceRank: number;
  isPowerPick: boolean;
}

/** A pick checked against the week's games. */
export interface ResolvedPick {
  gameId: string;
  /** Null only for a commissioner's power pick on a game the pool did not publish. */
  poolGameId: string | null;
  selectedTeamEspnId: string;
  confidenceRank: number;
  isPowerPick: boolean;
  /** The two teams of the game. */
  teams: [string, string];
}

/**
 * The ranks of a week's picks: the power flag exactly on rank 0; each confidence rank present
 * (`incomplete(missing)` otherwise); no rank twice; every pick on its own game (the power pick
 * on a fourth game).
 */
export function checkRanks(picks: readonly PickChoice[], incomplete: (missing: number[]) => string): void {
  if (picks.some((p) => p.isPowerPick !== (p.confidenceRank === POWER_PICK_RANK))) throw new PowerPickFlagError();
  const missing = CONFIDENCE_RANKS.filter((rank) => !picks.some((p) => p.confidenceRank === rank));
  if (missing.length) throw new IncompletePicksError(incomplete(missing), { missing });
  for (const rank of [...CONFIDENCE_RANKS, POWER_PICK_RANK]) {
    if (picks.filter((p) => p.confidenceRank === rank).length > 1) throw new IncompletePicksError(PICK_MESSAGES.duplicateRank(rank), { rank });
  }
  const confidenceGames = picks.filter((p) => !p.isPowerPick).map((p) => p.gameEspnCompetitionId);
  if (new Set(confidenceGames).size < confidenceGames.length) throw new IncompletePicksError(PICK_MESSAGES.duplicateGame);
  const power = picks.find((p) => p.isPowerPick);
  if (power && confidenceGames.includes(power.gameEspnCompetitionId)) {
    throw new IncompletePicksError(PICK_MESSAGES.cannotSelectPower, { title: PICK_MESSAGES.cannotSelectPowerTitle, gameId: power.gameEspnCompetitionId });
  }
}

/** The games a week's picks may be on: the pool's published games, and the production games of that week. */
export interface WeekGames {
  poolGames: PoolGameRow[];
  games: GameRow[];
}

export async function weekGamesOf(store: PicksStore, pool: PoolRow, weekNumber: number): Promise<WeekGames> {
  return { poolGames: await store.poolGamesOfWeek(pool.id, pool.year, weekNumber), games: await store.gamesOfWeek(pool.year, weekNumber) };
}

/** The production game a pick names, by its id or its competition id. */
const productionGameOf = (id: string, week: WeekGames): GameRow | undefined =>
  week.games.find((g) => g.espnId === id) ?? week.games.find((g) => g.espnCompetitionId === id);

/** The pool game a pick names (by game id or competition id); a given poolGameId must be that game's. */
function poolGameOf(pick: PickChoice, week: WeekGames): PoolGameRow | undefined {
  const id = pick.gameEspnCompetitionId;
  const poolGame = week.poolGames.find((pg) => pg.gameId === id) ?? week.poolGames.find((pg) => pg.gameId === productionGameOf(id, week)?.espnId);
  if (poolGame && pick.poolGameId != null && pick.poolGameId !== poolGame.id) return undefined;
  return poolGame;
}

/**
 * Check every pick's game, then every pick's team. Confidence picks (and a player's power pick)
 * must be on the pool's published games; with `powerAnyGame` (commissioner override) the power
 * pick may be on any production game of the week, unpublished ones with no pool game.
 */
export function resolvePicks(picks: readonly PickChoice[], week: WeekGames, { powerAnyGame }: { powerAnyGame: boolean }): ResolvedPick[] {
  const resolved = picks.map((pick): ResolvedPick => {
    const poolGame = poolGameOf(pick, week);
    const base = { selectedTeamEspnId: pick.selectedTeamEspnId, confidenceRank: pick.confidenceRank, isPowerPick: pick.isPowerPick };
    if (poolGame) return { ...base, gameId: poolGame.gameId, poolGameId: poolGame.id, teams: [poolGame.homeTeamEspnId, poolGame.awayTeamEspnId] };
    const game = powerAnyGame && pick.isPowerPick && pick.poolGameId == null ? productionGameOf(pick.gameEspnCompetitionId, week) : undefined;
    // An unpublished game, or a poolGameId that is not its game's: the same refusal.
    if (!game || week.poolGames.some((pg) => pg.gameId === game.espnId)) throw new GameNotAvailableError(pick.gameEspnCompetitionId);
    return { ...base, gameId: game.espnId, poolGameId: null, teams: [game.homeTeamEspnId, game.awayTeamEspnId] };
  });
  if (new Set(resolved.map((r) => r.gameId)).size < resolved.length) throw new IncompletePicksError(PICK_MESSAGES.duplicateGame);
  for (const r of resolved) if (!r.teams.includes(r.selectedTeamEspnId)) throw new TeamNotInGameError(r.selectedTeamEspnId, r.gameId);
  return resolved;
}

const keyOf = (p: { confidenceRank: number; gameId: string; poolGameId: string | null; selectedTeamEspnId: string }) =>
  `${p.confidenceRank}|${p.gameId}|${p.poolGameId ?? ''}|${p.selectedTeamEspnId}`;

/**
 * A player's save takes no new pick on a game the provider reports started or final
 * (`gameHasStarted`, docs/game.md#started-games). A pick already saved on it, sent again exactly
 * as it is, stays: the rest of the week can still be edited around it.
 */
export function refuseStartedGames(chosen: readonly ResolvedPick[], games: readonly GameRow[], existing: readonly PickRow[]): void {
  const kept = new Set(existing.map(keyOf));
  for (const pick of chosen) {
    const game = games.find((g) => g.espnId === pick.gameId);
    if (game && gameHasStarted(game.status) && !kept.has(keyOf(pick))) throw new GameStartedError(game.espnCompetitionId, game.gameName);
  }
}

/**
 * The rows replacing a player's picks of a week. A pick that did not change keeps its id and
 * creation time; results are kept only when nothing changed (otherwise pending until scored again).
 */
export function replacementRows({
  owner,
  existing,
  chosen,
  enteredBy,
  now,
}: {
  owner: PickOwner;
  existing: readonly PickRow[];
  chosen: readonly ResolvedPick[];
  enteredBy: string;
  now: Date;
}): PickRow[] {
  const before = new Map(existing.map((p) => [keyOf(p), p]));
  const unchanged = existing.length === chosen.length && chosen.every((c) => before.has(keyOf(c)));
  return chosen.map((c) => {
    const prev = before.get(keyOf(c));
    return {
      id: prev?.id ?? randomUUID(),
      ...owner,
      gameId: c.gameId,
      poolGameId: c.poolGameId,
      selectedTeamEspnId: c.selectedTeamEspnId,
      confidenceRank: c.confidenceRank,
      isPowerPick: c.isPowerPick,
      enteredBy,
      createdAt: prev?.createdAt ?? now,
      updatedAt: now,
      result: unchanged ? (prev?.result ?? null) : null,
      pointsEarned: unchanged ? (prev?.pointsEarned ?? null) : null,
    };
  });
}

/**
 * Replace a player's picks of a week (the member row already locked) and announce it. `byUserId`
 * entered them: the player, or the commissioner when `override`.
 */
export async function replaceWeekPicks(
  store: PicksStore,
  emit: Emit,
  { owner, chosen, byUserId, now, override }: { owner: PickOwner; chosen: readonly ResolvedPick[]; byUserId: string; now: Date; override: boolean },
): Promise<PickRow[]> {
  const rows = replacementRows({ owner, existing: await store.picksOf(owner), chosen, enteredBy: byUserId, now });
  await store.replacePicks(owner, rows);
  await emit('picks.picks.saved', { ...owner, byUserId, override, pickCount: rows.length, savedAt: now.toISOString() });
  return rows;
}

/**
 * The tiebreaker prediction a player's save keeps (docs/game.md#weekly-winners): required when the
 * week fixed a tiebreaker game at publish (400 incomplete_picks, naming the game, otherwise); with
 * no tiebreaker game, none is kept whatever was sent.
 */
export function tiebreakerToSave(week: Pick<PoolWeekRow, 'tiebreakerGameId'>, given: number | null | undefined, games: readonly GameRow[]): number | null {
  if (week.tiebreakerGameId === null) return null;
  if (given === null || given === undefined) {
    const game = games.find((g) => g.espnId === week.tiebreakerGameId);
    throw new IncompletePicksError(PICK_MESSAGES.tiebreakerRequired(game?.gameName ?? week.tiebreakerGameId), { field: 'tiebreaker' });
  }
  return given;
}

/** The week a weekId names in a pool: its season must be the pool's. */
function weekOfPool(pool: PoolRow, ref: WeekRef): number {
  if (ref.year !== null && ref.year !== pool.year) throw new SeasonNotFoundError();
  return ref.weekNumber;
}

/**
 * POST /api/picks/batch: replace the caller's picks of a pool week, all or nothing. Checked in
 * this order: the pool, the caller's active membership, every pick of the batch's pool and week,
 * the week published and open for picks when the save arrived (savesOpenAt: before the deadline
 * by the server's clock, the week still PUBLISHED then; read after locking the week row), the
 * ranks, the games, the teams, no new pick on a game already started. A save counts from its arrival (`arrivedAt`, taken when the request
 * reached the service): one that arrived in time is taken even when a rush delays its turn past
 * the deadline, and its content was fixed before anyone's picks became visible.
 */
export async function savePicks(
  ctx: PicksContext,
  { caller, body, arrivedAt = ctx.now() }: { caller: Caller; body: BatchPicksInput; arrivedAt?: Date },
): Promise<BatchPicksReply> {
  const first = body.picks[0];
  if (!first) throw new IncompletePicksError(PICK_MESSAGES.incompletePicks(CONFIDENCE_RANKS), { missing: CONFIDENCE_RANKS });
  const reply = await withWeekCaughtUp(ctx, () =>
    ctx.uow.write(async (store, emit) => {
      const pool = await store.findPool(first.poolId);
      if (!pool) throw new PoolNotFoundError({ poolId: first.poolId });
      const member = await store.lockMember(pool.id, caller.id);
      if (!member?.isActive) throw new NotAMemberError(pool.id);
      const weekNumber = weekOfPool(pool, body.weekId);
      if (body.picks.some((p) => p.poolId !== pool.id || p.weekNumber !== weekNumber)) throw new PickNotOfBatchError(weekNumber);
      const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, lock: 'share' });
      if (!week) throw new WeekNotPublishedError(weekNumber, { poolId: pool.id, year: pool.year, weekNumber });
      if (!savesOpenAt(week, arrivedAt)) throw new PicksLockedError(week.pickDeadline);
      // Its time once its locks are held: saves of one player commit in this order.
      const now = ctx.now();
      checkRanks(body.picks, PICK_MESSAGES.incompletePicks);
      const weekGames = await weekGamesOf(store, pool, weekNumber);
      const chosen = resolvePicks(body.picks, weekGames, { powerAnyGame: false });
      const owner = { poolId: pool.id, userId: caller.id, year: pool.year, weekNumber };
      refuseStartedGames(chosen, weekGames.games, await store.picksOf(owner));
      const tiebreaker = tiebreakerToSave(week, body.tiebreaker, weekGames.games);
      const rows = await replaceWeekPicks(store, emit, { owner, chosen, byUserId: caller.id, now, override: false });
      await store.replaceTiebreaker(owner, tiebreaker === null ? null : { ...owner, prediction: tiebreaker, enteredBy: caller.id, updatedAt: now });
      const picks = await presentPicks(store, rows);
      return { message: PICK_MESSAGES.saved(weekNumber), poolId: pool.id, year: pool.year, weekNumber, savedAt: now.toISOString(), picks, tiebreaker };
    }),
  );
  await ctx.announce();
  return reply;
}

/** GET /api/weeks/{weekId}/picks?poolId=: the caller's own picks of the week (members, and managers for themselves). */
export async function myPicks(ctx: PicksContext, { caller, ref, poolId }: { caller: Caller; ref: WeekRef; poolId: string }): Promise<SavedPick[]> {
  return ctx.uow.read(async (store) => {
    const pool = await readablePool(store, caller, poolId);
    const weekNumber = weekOfPool(pool, ref);
    return presentPicks(store, await store.picksOf({ poolId: pool.id, userId: caller.id, year: pool.year, weekNumber }));
  });
}

/** GET /api/weeks/{weekId}/tiebreaker?poolId=: the week's tiebreaker game and the caller's own prediction. */
export async function myTiebreaker(ctx: PicksContext, { caller, ref, poolId }: { caller: Caller; ref: WeekRef; poolId: string }): Promise<MyTiebreaker> {
  return ctx.uow.read(async (store) => {
    const pool = await readablePool(store, caller, poolId);
    const weekNumber = weekOfPool(pool, ref);
    const owner = { poolId: pool.id, userId: caller.id, year: pool.year, weekNumber };
    const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber });
    return {
      poolId: pool.id,
      year: pool.year,
      weekNumber,
      tiebreakerGameId: week?.tiebreakerGameId ?? null,
      tiebreaker: (await store.tiebreakerOf(owner))?.prediction ?? null,
    };
  });
}

/** GET /api/admin/weeks/{weekNumber}/pick-stats?poolId=: active members, and those with their three picks saved. */
export async function pickStats(ctx: PicksContext, { caller, weekNumber, poolId }: { caller: Caller; weekNumber: number; poolId: string }): Promise<PickStats> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    return { totalUsers: (await store.activeMembers(pool.id)).length, completedUsers: await store.completedUsers(pool.id, pool.year, weekNumber) };
  });
}

/**
 * rpc.picks.week.saves: each player's latest save of a pool week as stored now, in the shape of
 * `picks.picks.saved`, for the notifications service to catch up its copy before it sends a
 * reminder or a nudge (docs/notifications.md#who).
 */
export async function weekSavesOf(ctx: PicksContext, ref: { poolId: string; year: number; weekNumber: number }): Promise<WeekSavesReply> {
  const saves = await ctx.uow.read((store) => store.latestSavesOfWeek(ref.poolId, ref.year, ref.weekNumber));
  return { saves: saves.map((s) => ({ userId: s.userId, pickCount: s.pickCount, savedAt: s.savedAt.toISOString() })) };
}
