import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { liveLeaderboardSchema } from '@powerpool/contracts';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { MemberRow, PoolRow, PoolWeekRow } from '../store/schema.js';
import { deadlinePassed, liveWeekAccessOf, type LiveWeekAccess } from '../domain/access.js';
import type { Caller, PicksContext } from '../domain/context.js';
import { liveLeaderboardOf } from '../domain/live-board.js';
import { createLiveBoardCache, createSharedReads, type BoardVersion, type LiveBoardCache } from './live-cache.js';

/**
 * The live leaderboard as sent (GET .../live-leaderboard and the streams of live-stream.ts): one
 * version per pool week and fingerprint (live-cache.ts), its access scope, and per access variant
 * the board built once by domain/live-board.ts, schema-checked, serialized and named by a weak
 * ETag (and gzipped once when a GET asks).
 */

const gzipAsync = promisify(gzip);

/**
 * One board version as sent: its ETag, the JSON, and the same JSON gzipped, made the first time
 * a GET asks for it and then kept (a version only the streams send, which deflate their own
 * frames, is never gzipped: a score change rebuilds every streamed pool week's version).
 */
export interface LiveReply {
  etag: string;
  json: Buffer;
  gzip(): Promise<Buffer>;
}

/** A reply whose gzip is made once, on first use. */
function liveReply(etag: string, json: Buffer): LiveReply {
  let gzipped: Promise<Buffer> | null = null;
  return {
    etag,
    json,
    gzip() {
      if (!gzipped) {
        const made = gzipAsync(json);
        // A failed compression is not kept: the next GET tries again.
        made.catch(() => {
          if (gzipped === made) gzipped = null;
        });
        gzipped = made;
      }
      return gzipped;
    },
  };
}

/**
 * What the access checks of a board version read: the pool, the week and the pool's members
 * (covered by the same fingerprint as the board, so never older than it).
 */
export interface LiveScope {
  pool: PoolRow | undefined;
  week: PoolWeekRow | undefined;
  members: ReadonlyMap<string, MemberRow>;
}

/** The live leaderboard's state in one service instance: the cache, and the shared fingerprint reads. */
export interface LiveBoards {
  cache: LiveBoardCache<LiveScope, LiveReply>;
  fingerprint: (key: string, read: () => Promise<string>) => Promise<string>;
}

/**
 * `fingerprintGapMs` (config LIVE_FINGERPRINT_GAP_MS): how long a pool week's fingerprint read
 * queued behind another waits after it (requests arriving meanwhile share it). Only under
 * concurrent load; see createSharedReads.
 */
export const createLiveBoards = (fingerprintGapMs: number): LiveBoards => ({ cache: createLiveBoardCache(), fingerprint: createSharedReads(fingerprintGapMs) });

/** Bump when the board's JSON changes shape, so browsers holding an old ETag get the new board. */
const LIVE_REPLY_FORMAT = 4; // 4: the board carries each game's pick consensus; 3: stream patches carry changed fields and order runs; 2: covering is COVERING, PUSH or NOT_COVERING (was a boolean)

/** A weak ETag (two replicas' builds of one version differ in `generatedAt` only) naming the version and the variant. */
export function liveEtagOf(key: string, variant: string, fingerprint: string): string {
  const hash = createHash('sha256').update(`${LIVE_REPLY_FORMAT}|${key}|${variant}|${fingerprint}`).digest('base64url');
  return `W/"lb-${hash.slice(0, 27)}"`;
}

async function liveScopeOf(store: PicksStore, poolId: string, weekNumber: number): Promise<LiveScope> {
  const pool = await store.findPool(poolId);
  if (!pool) return { pool, week: undefined, members: new Map() };
  const [week, members] = await Promise.all([store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber }), store.poolMembersOf(pool.id)]);
  return { pool, week, members: new Map(members.map((m) => [m.userId, m])) };
}

/** The version of a pool week's board the data now makes (fingerprint read first), with its access scope. */
export interface CurrentLiveVersion {
  key: string;
  fingerprint: string;
  version: BoardVersion<LiveScope, LiveReply>;
  scope: LiveScope;
}

/** The cache key of a pool week. */
export const liveKeyOf = (poolId: string, weekNumber: number): string => `${poolId}:${weekNumber}`;

/**
 * The pool week's current version: its fingerprint (one query, shared with the callers waiting
 * for the same pool week, always started after this call), then the version's scope (cached).
 */
export async function currentLiveVersion(
  store: PicksStore,
  { poolId, weekNumber, boards }: { poolId: string; weekNumber: number; boards: LiveBoards },
): Promise<CurrentLiveVersion> {
  const key = liveKeyOf(poolId, weekNumber);
  const fingerprint = await boards.fingerprint(key, () => store.liveFingerprint(poolId, weekNumber));
  const version = boards.cache.version({
    key,
    fingerprint,
    loadScope: () => liveScopeOf(store, poolId, weekNumber),
    keep: (scope) => scope.pool !== undefined && scope.week !== undefined,
  });
  return { key, fingerprint, version, scope: await version.scope };
}

/** The live leaderboard's access (access.ts) decided on a version's scope, without a query. */
export const liveAccessInScope = (scope: LiveScope, { caller, weekNumber, now }: { caller: Caller; weekNumber: number; now: Date }): LiveWeekAccess =>
  liveWeekAccessOf({ caller, facts: { pool: scope.pool, week: scope.week, member: scope.members.get(caller.id) }, weekNumber, now });

/**
 * What a caller sees depends only on the access level and whether the deadline has passed
 * (override picks: the commissioner always, members after the deadline, public visitors never),
 * so those name the variant.
 */
export const liveVariantOf = (seen: LiveWeekAccess, now: Date): string => `${seen.access}:${deadlinePassed(seen.week, now)}`;

/** The reply of `seen`'s variant of a version: built (checked, serialized and gzipped) once per version and variant. */
export function liveReplyOf(
  ctx: PicksContext,
  store: PicksStore,
  { current, caller, seen, now }: { current: CurrentLiveVersion; caller: Caller; seen: LiveWeekAccess; now: Date },
): Promise<LiveReply> {
  const variant = liveVariantOf(seen, now);
  return current.version.reply(variant, async () => {
    const json = Buffer.from(JSON.stringify(liveLeaderboardSchema.parse(await liveLeaderboardOf(store, ctx.logger, { caller, seen, now }))));
    return liveReply(liveEtagOf(current.key, variant, current.fingerprint), json);
  });
}

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard, ready to send: the pool week's
 * current version, the caller's access decided on its scope, then the variant's reply, each made
 * once per version.
 */
export async function getLiveLeaderboard(
  ctx: PicksContext,
  { caller, poolId, weekNumber, boards }: { caller: Caller; poolId: string; weekNumber: number; boards: LiveBoards },
): Promise<LiveReply> {
  return ctx.uow.read(async (store) => {
    const current = await currentLiveVersion(store, { poolId, weekNumber, boards });
    const now = ctx.now();
    return liveReplyOf(ctx, store, { current, caller, seen: liveAccessInScope(current.scope, { caller, weekNumber, now }), now });
  });
}
