import { CONFIDENCE_RANKS, PICK_MESSAGES, POWER_PICK_RANK } from '@powerpool/contracts';
import type { BatchPicksBody, ConfidenceRank, SavedPick, PickInput, PublishedGame } from '@powerpool/contracts';

/**
 * The Make Picks edit rules (docs/game.md#picks), as plain functions over the player's
 * selections. The screen holds the selections, asks these functions what a click does and what is
 * disabled, and builds the save body with them.
 */

/** What the player chose on one game: a confidence rank or the power pick (never both), and a team. */
export interface GameSelection {
  rank: ConfidenceRank | null;
  power: boolean;
  /** The chosen team's ESPN id; null until a team is picked. */
  teamId: string | null;
}

/**
 * The player's selections by game id. A game may be missing from the pool's games: a
 * commissioner's power pick on a game the pool did not publish.
 */
export type Selections = Readonly<Record<string, GameSelection>>;

/** A toast that explains why a click did nothing. */
export interface Refusal {
  title: string;
  description: string;
}

/** What a click gives: the new selections, or a refusal (the selections stay as they are). */
export type EditResult = { ok: true; selections: Selections } | { ok: false; refusal: Refusal };

/** Whether editing is possible at all: in edit mode, before the deadline, not while saving. */
export interface EditContext {
  editing: boolean;
  /** Past the deadline (by the browser's clock, or the server said so), or the week is not open. */
  locked: boolean;
}

const NONE: GameSelection = { rank: null, power: false, teamId: null };

/** The selection of a game (an empty one when the player has not touched it). */
export const selectionOf = (selections: Selections, gameId: string): GameSelection => selections[gameId] ?? NONE;

/** The game holding a confidence rank, if any. */
export function gameWithRank(selections: Selections, rank: ConfidenceRank): string | null {
  return Object.keys(selections).find((gameId) => selections[gameId]?.rank === rank) ?? null;
}

/** The power pick's game, if any. */
export function powerGame(selections: Selections): string | null {
  return Object.keys(selections).find((gameId) => selections[gameId]?.power) ?? null;
}

/** The selections with `gameId` set to `next`; a game left with neither rank nor power is dropped. */
function withGame(selections: Selections, gameId: string, next: GameSelection): Selections {
  const out: Record<string, GameSelection> = { ...selections };
  if (next.rank === null && !next.power) delete out[gameId];
  else out[gameId] = next;
  return out;
}

/**
 * Clicking a rank button (docs/game.md#picks). On the power pick's game: refused ('Cannot select confidence
 * pick'). The rank the game already has: removes the pick. Otherwise the rank moves to this game:
 * it leaves any other game (which loses its pick), and this game's team is cleared (a team must
 * be picked afterwards).
 */
export function chooseRank(selections: Selections, gameId: string, rank: ConfidenceRank): EditResult {
  const current = selectionOf(selections, gameId);
  if (current.power) {
    return { ok: false, refusal: { title: PICK_MESSAGES.cannotSelectConfidenceTitle, description: PICK_MESSAGES.cannotSelectConfidence } };
  }
  if (current.rank === rank) return { ok: true, selections: withGame(selections, gameId, NONE) };
  let next = selections;
  const holder = gameWithRank(selections, rank);
  if (holder !== null) next = withGame(next, holder, NONE);
  return { ok: true, selections: withGame(next, gameId, { rank, power: false, teamId: null }) };
}

/**
 * Clicking a power button (docs/game.md#picks). On a game with a confidence rank: refused ('Cannot
 * select power pick'). On the current power game: removes the power pick. Otherwise the power
 * pick moves to this game (leaving the other one) and this game's team is cleared.
 */
export function choosePower(selections: Selections, gameId: string): EditResult {
  const current = selectionOf(selections, gameId);
  if (current.rank !== null) {
    return { ok: false, refusal: { title: PICK_MESSAGES.cannotSelectPowerTitle, description: PICK_MESSAGES.cannotSelectPower } };
  }
  if (current.power) return { ok: true, selections: withGame(selections, gameId, NONE) };
  let next = selections;
  const holder = powerGame(selections);
  if (holder !== null) next = withGame(next, holder, NONE);
  return { ok: true, selections: withGame(next, gameId, { rank: null, power: true, teamId: null }) };
}

/** Removes the power pick wherever it is (a commissioner's power pick on a game not in the pool). */
export function removePower(selections: Selections): Selections {
  const holder = powerGame(selections);
  return holder === null ? selections : withGame(selections, holder, NONE);
}

/**
 * Clicking a team row: picks that team for the game's rank or power pick. Null (nothing changes)
 * when team rows are not clickable (see `gameControls`).
 */
export function chooseTeam(selections: Selections, gameId: string, teamId: string, context: EditContext): Selections | null {
  const current = selectionOf(selections, gameId);
  if (!gameControls(selections, gameId, context).teams) return null;
  if (current.teamId === teamId) return selections;
  return withGame(selections, gameId, { ...current, teamId });
}

/**
 * How a button looks and acts: `enabled`; `disabled` (cannot be pressed); `refused` (looks
 * disabled, a press toasts why: the product's 'Cannot select ...' toasts).
 */
export type ControlState = 'enabled' | 'disabled' | 'refused';

export interface GameControls {
  ranks: Record<ConfidenceRank, ControlState>;
  power: ControlState;
  /** Team rows are clickable. */
  teams: boolean;
  /** A rank or the power pick is set but no team: 'Choose a team below'. */
  needsTeam: boolean;
}

/**
 * What is disabled on a game card (docs/game.md#picks). Nothing can be pressed when not editing or when
 * locked. A rank button is disabled when another game holds that rank, refused on the power
 * pick's game. The power button is refused on a game with a confidence rank. Team rows are
 * clickable only on a game with a rank or the power pick.
 */
export function gameControls(selections: Selections, gameId: string, { editing, locked }: EditContext): GameControls {
  const current = selectionOf(selections, gameId);
  const open = editing && !locked;
  const ranks = {} as Record<ConfidenceRank, ControlState>;
  for (const rank of CONFIDENCE_RANKS) {
    const holder = gameWithRank(selections, rank);
    if (!open || (holder !== null && holder !== gameId)) ranks[rank] = 'disabled';
    else ranks[rank] = current.power ? 'refused' : 'enabled';
  }
  const chosen = current.rank !== null || current.power;
  return {
    ranks,
    power: !open ? 'disabled' : current.rank !== null ? 'refused' : 'enabled',
    teams: open && chosen,
    needsTeam: chosen && current.teamId === null,
  };
}

/**
 * The game a saved pick is on, among the pool's games: by pool game, else by game id; a pick whose
 * game the pool did not publish keeps its own game id.
 */
export function gameIdOfPick(pick: SavedPick, games: readonly PublishedGame[]): string {
  const game =
    (pick.poolGameId ? games.find((g) => g.poolGameId === pick.poolGameId) : undefined) ??
    games.find((g) => g.id === pick.gameId || g.id === pick.gameEspnCompetitionId);
  return game?.id ?? pick.gameId;
}

/** The saved picks as selections (docs/game.md#picks: the power pick is the one flagged as such). */
export function selectionsFromPicks(picks: readonly SavedPick[], games: readonly PublishedGame[]): Selections {
  const out: Record<string, GameSelection> = {};
  for (const pick of picks) {
    const rank = CONFIDENCE_RANKS.find((r) => r === pick.confidenceRank) ?? null;
    if (!pick.isPowerPick && rank === null) continue;
    out[gameIdOfPick(pick, games)] = { rank: pick.isPowerPick ? null : rank, power: pick.isPowerPick, teamId: pick.selectedTeamEspnId };
  }
  return out;
}

/** True when two sets of selections are the same picks. */
export function sameSelections(a: Selections, b: Selections): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    return !!x && !!y && x.rank === y.rank && x.power === y.power && x.teamId === y.teamId;
  });
}

/** Where the save goes: the pool, the week id of GET /api/weeks/current and its number. */
export interface SaveTarget {
  poolId: string;
  weekId: string;
  weekNumber: number;
}

/** The save body, or the toast that says why the picks cannot be saved yet. */
export type BatchResult = { ok: true; body: BatchPicksBody } | { ok: false; refusal: Refusal };

/**
 * The POST /api/picks/batch body (docs/game.md#picks). Ranks 3, 2 and 1 must each be on a game with a team,
 * else 'Incomplete Picks' naming the missing ranks. The power pick is sent (rank 0) only once its
 * team is chosen. Every pick's game must be among the pool's games.
 */
export function buildBatch(selections: Selections, games: readonly PublishedGame[], target: SaveTarget): BatchResult {
  const missing = CONFIDENCE_RANKS.filter((rank) => {
    const gameId = gameWithRank(selections, rank);
    return gameId === null || selectionOf(selections, gameId).teamId === null;
  });
  if (missing.length > 0) {
    return { ok: false, refusal: { title: PICK_MESSAGES.incompletePicksTitle, description: PICK_MESSAGES.incompletePicks(missing) } };
  }
  const picks: PickInput[] = [];
  for (const [gameId, selection] of Object.entries(selections)) {
    if (selection.teamId === null) continue;
    const game = games.find((g) => g.id === gameId);
    if (!game) return { ok: false, refusal: { title: 'Error', description: PICK_MESSAGES.gameNotAvailable(gameId) } };
    if (!game.poolGameId) return { ok: false, refusal: { title: 'Error', description: PICK_MESSAGES.poolGameDataNotFound(gameId) } };
    picks.push({
      poolId: target.poolId,
      poolGameId: game.poolGameId,
      gameEspnCompetitionId: game.id,
      selectedTeamEspnId: selection.teamId,
      confidenceRank: selection.power ? POWER_PICK_RANK : (selection.rank ?? POWER_PICK_RANK),
      isPowerPick: selection.power,
      weekNumber: target.weekNumber,
    });
  }
  // 3, 2, 1, then the power pick: the order the player reads them in.
  picks.sort((a, b) => (b.confidenceRank || -1) - (a.confidenceRank || -1));
  return { ok: true, body: { weekId: target.weekId, picks } };
}
