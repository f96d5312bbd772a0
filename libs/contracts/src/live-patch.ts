import type { LiveLeaderboard, LiveStreamEvent } from './picks.schemas.js';

/** A `patch` event of the live leaderboard stream. */
export type LivePatch = Extract<LiveStreamEvent, { type: 'patch' }>;

/** What a patch carries besides its versions. */
export type LivePatchBody = Omit<LivePatch, 'type' | 'version' | 'base'>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The userIds a patch leaves in order when it carries no `order`: the old ones kept, then the new ones as listed. */
function impliedOrder(previous: readonly string[], removed: ReadonlySet<string>, added: readonly string[]): string[] {
  return [...previous.filter((id) => !removed.has(id)), ...added];
}

/**
 * What changed from board `prev` to board `next` (liveStreamEventSchema `patch`): games by gameId
 * and standings by userId that are new or changed (compared by their JSON), the userIds gone, the
 * order of userIds only when the patch would not imply it, impactGames / overrides / message only
 * when they changed, metadata always. Null when the change cannot be written as a patch (a game
 * left the board or the games changed order): send a snapshot instead.
 */
export function diffLiveBoards(prev: LiveLeaderboard, next: LiveLeaderboard): LivePatchBody | null {
  const prevGames = new Map(prev.gamesCentric.map((g) => [g.gameId, g]));
  const nextGameIds = next.gamesCentric.map((g) => g.gameId);
  const newGames = nextGameIds.filter((id) => !prevGames.has(id));
  if (!same(impliedOrder([...prevGames.keys()], new Set(), newGames), nextGameIds)) return null;

  const prevStandings = new Map(prev.standings.map((s) => [s.userId, JSON.stringify(s)]));
  const nextIds = new Set(next.standings.map((s) => s.userId));
  const standings = next.standings.filter((s) => prevStandings.get(s.userId) !== JSON.stringify(s));
  const removed = prev.standings.map((s) => s.userId).filter((id) => !nextIds.has(id));
  const added = next.standings.map((s) => s.userId).filter((id) => !prevStandings.has(id));
  const order = next.standings.map((s) => s.userId);
  const implied = impliedOrder(
    prev.standings.map((s) => s.userId),
    new Set(removed),
    added,
  );

  return {
    games: next.gamesCentric.filter((g) => !same(prevGames.get(g.gameId), g)),
    standings,
    removed,
    ...(same(implied, order) ? {} : { order }),
    ...(same(prev.impactGames, next.impactGames) ? {} : { impactGames: next.impactGames }),
    ...(same(prev.overrides, next.overrides) ? {} : { overrides: next.overrides }),
    ...(prev.message === next.message ? {} : { message: next.message }),
    metadata: next.metadata,
  };
}

/**
 * The board after `patch` (a new object; `board` is not changed): games and standings replaced or
 * added by id, removed userIds dropped, the order the patch gives (or the old order with new
 * players last), and whatever else it carries. The caller checks that `board` is the patch's
 * `base` version (otherwise it asks for a snapshot).
 */
export function applyLivePatch(board: LiveLeaderboard, patch: LivePatchBody): LiveLeaderboard {
  const games = new Map(board.gamesCentric.map((g) => [g.gameId, g]));
  for (const g of patch.games) games.set(g.gameId, g);

  const removed = new Set(patch.removed);
  const standings = new Map(board.standings.filter((s) => !removed.has(s.userId)).map((s) => [s.userId, s]));
  const added: string[] = [];
  for (const s of patch.standings) {
    if (!standings.has(s.userId)) added.push(s.userId);
    standings.set(s.userId, s);
  }
  const order =
    patch.order ??
    impliedOrder(
      board.standings.map((s) => s.userId),
      removed,
      added,
    );
  return {
    ...board,
    message: patch.message === undefined ? board.message : patch.message,
    standings: order.flatMap((id) => {
      const s = standings.get(id);
      return s ? [s] : [];
    }),
    gamesCentric: [...games.values()],
    impactGames: patch.impactGames ?? board.impactGames,
    overrides: patch.overrides ?? board.overrides,
    metadata: patch.metadata,
  };
}
