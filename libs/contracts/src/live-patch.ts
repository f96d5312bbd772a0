import type { LiveLeaderboard, LiveStreamEvent } from './picks.js';

/** A `patch` of the live leaderboard stream. */
export type LivePatch = Extract<LiveStreamEvent, { type: 'patch' }>;

/** Replaces the items whose key is in `changed` and appends the new ones, keeping the order of the others. */
function mergeBy<T>(items: readonly T[], changed: readonly T[], keyOf: (item: T) => string): T[] {
  if (changed.length === 0) return [...items];
  const byKey = new Map(changed.map((item) => [keyOf(item), item]));
  const merged = items.map((item) => {
    const next = byKey.get(keyOf(item));
    if (next === undefined) return item;
    byKey.delete(keyOf(item));
    return next;
  });
  return [...merged, ...byKey.values()];
}

/**
 * The board of version `patch.version` from the board of version `patch.base` (the caller checks
 * that its board is `base`; one that is not reconnects for a snapshot): games by gameId and
 * standings by userId replaced or added, `removed` userIds dropped, standings put in `order` when
 * the patch has one (userIds it does not name keep their relative order after it), impactGames,
 * overrides and message replaced when present, metadata always. Pure: `board` is not changed.
 */
export function applyLivePatch(board: LiveLeaderboard, patch: LivePatch): LiveLeaderboard {
  const removed = new Set(patch.removed);
  let standings = mergeBy(board.standings, patch.standings, (s) => s.userId).filter((s) => !removed.has(s.userId));
  if (patch.order !== undefined) {
    const position = new Map(patch.order.map((userId, i) => [userId, i]));
    const unplaced = patch.order.length;
    standings = standings
      .map((standing, i) => ({ standing, at: position.get(standing.userId) ?? unplaced + i }))
      .sort((a, b) => a.at - b.at)
      .map(({ standing }) => standing);
  }
  return {
    ...board,
    standings,
    gamesCentric: mergeBy(board.gamesCentric, patch.games, (g) => g.gameId),
    impactGames: patch.impactGames ?? board.impactGames,
    overrides: patch.overrides ?? board.overrides,
    message: patch.message !== undefined ? patch.message : board.message,
    metadata: patch.metadata,
  };
}
