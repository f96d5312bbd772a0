import type { GameConsensus } from './picks.rules.js';
import type { LiveLeaderboard, LivePick, LiveStanding, LiveStandingChange, LiveStreamEvent } from './picks.schemas.js';

/** A `patch` event of the live leaderboard stream. */
export type LivePatch = Extract<LiveStreamEvent, { type: 'patch' }>;

/** What a patch carries besides its versions. */
export type LivePatchBody = Omit<LivePatch, 'type' | 'version' | 'base'>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The userIds a patch leaves in order when it carries no `order`: the old ones kept, then the new ones as listed. */
function impliedOrder(previous: readonly string[], removed: ReadonlySet<string>, added: readonly string[]): string[] {
  return [...previous.filter((id) => !removed.has(id)), ...added];
}

/** A standing as a patch carries it: the whole row when new, else its index `at` in the base board, the changed fields and picks. */
function standingChange(prev: { standing: LiveStanding; at: number } | undefined, next: LiveStanding): LiveStandingChange | null {
  if (!prev) return next;
  const change: Record<string, unknown> = { at: prev.at };
  const previous = prev.standing;
  let changed = false;
  for (const key of Object.keys(next) as Array<keyof LiveStanding>) {
    if (key === 'picks' || key === 'userId') continue;
    if (!same(previous[key], next[key])) {
      change[key] = next[key];
      changed = true;
    }
  }
  const sameGames = previous.picks.length === next.picks.length && previous.picks.every((p, i) => p.gameId === next.picks[i]!.gameId);
  if (!sameGames) {
    change.picks = next.picks;
    change.picksReplaced = true;
    changed = true;
  } else {
    const picks: Array<Partial<LivePick> & { gameId: string }> = [];
    for (const [i, pick] of next.picks.entries()) {
      const before = previous.picks[i]!;
      const diff: Partial<LivePick> & { gameId: string } = { gameId: pick.gameId };
      let moved = false;
      for (const key of Object.keys(pick) as Array<keyof LivePick>) {
        if (key !== 'gameId' && !same(before[key], pick[key])) {
          (diff as Record<string, unknown>)[key] = pick[key];
          moved = true;
        }
      }
      if (moved) picks.push(diff);
    }
    if (picks.length) {
      change.picks = picks;
      changed = true;
    }
  }
  return changed ? change : null;
}

/** The runs ([start, length]) of `from` that, one after the other, give `to` (same ids, another order). */
function runsOf(from: readonly string[], to: readonly string[]): Array<[number, number]> {
  const at = new Map(from.map((id, i) => [id, i]));
  const runs: Array<[number, number]> = [];
  for (const id of to) {
    const i = at.get(id)!;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === i) last[1] += 1;
    else runs.push([i, 1]);
  }
  return runs;
}

/**
 * What changed from board `prev` to board `next` (liveStreamEventSchema `patch`): games by gameId
 * that are new or changed (compared by their JSON), standings by userId new (whole) or changed
 * (only what changed: liveStandingChangeSchema), the userIds gone, the order as runs of the
 * implied one only when it is not the implied one, impactGames / overrides / message only when
 * they changed, the consensus of only the games whose consensus changed, metadata always. Null when the change cannot be written as a patch (a game left
 * the board or the games changed order): send a snapshot instead.
 */
export function diffLiveBoards(prev: LiveLeaderboard, next: LiveLeaderboard): LivePatchBody | null {
  const prevGames = new Map(prev.gamesCentric.map((g) => [g.gameId, g]));
  const nextGameIds = next.gamesCentric.map((g) => g.gameId);
  const newGames = nextGameIds.filter((id) => !prevGames.has(id));
  if (!same(impliedOrder([...prevGames.keys()], new Set(), newGames), nextGameIds)) return null;

  const prevStandings = new Map(prev.standings.map((standing, at) => [standing.userId, { standing, at }]));
  const nextIds = new Set(next.standings.map((s) => s.userId));
  const standings = next.standings.flatMap((s) => {
    const change = standingChange(prevStandings.get(s.userId), s);
    return change ? [change] : [];
  });
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
    ...(same(implied, order) ? {} : { orderRuns: runsOf(implied, order) }),
    ...(same(prev.impactGames, next.impactGames) ? {} : { impactGames: next.impactGames }),
    ...(same(prev.overrides, next.overrides) ? {} : { overrides: next.overrides }),
    ...(prev.message === next.message ? {} : { message: next.message }),
    ...consensusChange(prev.consensus, next.consensus),
    metadata: next.metadata,
  };
}

/** The games whose consensus changed (by gameId), as `{ consensus }`, or nothing when none did. */
function consensusChange(
  prev: Readonly<Record<string, GameConsensus>>,
  next: Readonly<Record<string, GameConsensus>>,
): { consensus?: Record<string, GameConsensus> } {
  const changed = Object.entries(next).filter(([gameId, tally]) => !same(prev[gameId], tally));
  return changed.length ? { consensus: Object.fromEntries(changed) } : {};
}

/** A standing after its change: a new player's row as sent, else the old row with the changed fields and picks. */
function applyStandingChange(prev: LiveStanding | undefined, change: LiveStandingChange): LiveStanding {
  const { picks, picksReplaced, at: _at, ...fields } = change;
  if (!prev) return { ...(fields as Omit<LiveStanding, 'picks'>), picks: (picks ?? []) as LivePick[] };
  let nextPicks = prev.picks;
  if (picksReplaced) nextPicks = (picks ?? []) as LivePick[];
  else if (picks) {
    const byGame = new Map(picks.map((p) => [p.gameId, p]));
    nextPicks = prev.picks.map((p) => {
      const diff = byGame.get(p.gameId);
      return diff ? { ...p, ...diff } : p;
    });
  }
  return { ...prev, ...fields, picks: nextPicks };
}

/**
 * The board after `patch` (a new object; `board` is not changed): games replaced or added by id,
 * standings changed or added by userId, removed userIds dropped, the order the patch gives (runs
 * of the implied order) or the implied one (the old order with new players last), and whatever
 * else it carries. The caller checks that `board` is the patch's `base` version (otherwise it asks
 * for a snapshot).
 */
export function applyLivePatch(board: LiveLeaderboard, patch: LivePatchBody): LiveLeaderboard {
  const games = new Map(board.gamesCentric.map((g) => [g.gameId, g]));
  for (const g of patch.games) games.set(g.gameId, g);

  const removed = new Set(patch.removed);
  const standings = new Map(board.standings.filter((s) => !removed.has(s.userId)).map((s) => [s.userId, s]));
  const added: string[] = [];
  for (const change of patch.standings) {
    const userId = change.at === undefined ? change.userId : board.standings[change.at]?.userId;
    if (userId === undefined) throw new Error(`a patch names standing ${change.at ?? '(no userId)'}, which the board does not have`);
    const prev = standings.get(userId);
    if (!prev) added.push(userId);
    standings.set(userId, applyStandingChange(prev, change));
  }
  const implied = impliedOrder(
    board.standings.map((s) => s.userId),
    removed,
    added,
  );
  const order = patch.orderRuns ? patch.orderRuns.flatMap(([start, length]) => implied.slice(start, start + length)) : implied;
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
    consensus: patch.consensus ? { ...board.consensus, ...patch.consensus } : board.consensus,
    metadata: patch.metadata,
  };
}
