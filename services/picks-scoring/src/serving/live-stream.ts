import { diffLiveBoards, LIVE_STREAM, liveBoardChangedSchema, LIVE_SUBJECTS, type LiveLeaderboard, type LiveStreamEvent } from '@powerpool/contracts';
import { createLimiter, DomainError, eventFrameWithId, type Bus, type EventStreamConnection, type KitLogger, type Subscription } from '@powerpool/service-kit';
import { deadlinePassed, type LiveWeekAccess } from '../domain/access.js';
import type { Caller, PicksContext } from '../domain/context.js';
import {
  currentLiveVersion,
  liveAccessInScope,
  liveKeyOf,
  liveReplyOf,
  liveVariantOf,
  type CurrentLiveVersion,
  type LiveBoards,
  type LiveReply,
  type LiveScope,
} from './live-replies.js';
import { createLiveChangeLog, type LiveChanges } from './live-changes.js';

/**
 * The live leaderboard pushed to browsers (GET .../live-leaderboard/stream), one hub per process.
 *
 * Connections are grouped per pool week, and within it per access variant (what a caller sees
 * depends only on that; live-replies.ts). ONE core bus subscription (LIVE_SUBJECTS.boardChanged, broadcast
 * by whichever replica committed a change) and a safety-net timer make the hub read the live change
 * log (live-changes.ts: one query, whatever the number of pools), which names the pools and games
 * that changed; only the pool weeks with open connections whose boards they touch (a game: the
 * boards that show it) are rebuilt, so the idle cost does not grow with the pool weeks and a change
 * costs the boards it moves (docs/architecture.md#live-change-log). A rebuild reads the pool week's
 * fingerprint once, and when it moved builds each variant
 * with open connections once (the live board cache of live-replies.ts, shared with GET), diffs it against
 * the version last sent, serializes the patch frame once and writes the same string to every
 * connection of the variant. Rebuilds of a pool week are coalesced: one in flight, one queued; and
 * at most `rebuildConcurrency` run at once in the process, the rest waiting in order in memory.
 * A rebuild that failed leaves nothing marked as seen, so the retry delivers.
 * The safety-net tick also rebuilds, without a query, the pool weeks whose deadline passed since,
 * and those whose last rebuild failed (a database error mid-change: the change log's rows are
 * already read, so nothing else would bring their boards to it).
 * Every change also re-checks each connection's access against the new version's scope: one that
 * lost it gets `closed` and ends. State is only in memory, so any replica serves any stream.
 */

export interface LiveStreamsOptions {
  /** How many recent patches are kept per pool week and variant for reconnects (Last-Event-ID). */
  resumeVersions: number;
  /** How often the change log is read without being told (a lost message), and deadlines checked. */
  safetyNetMs: number;
  /**
   * Rebuilds running at once in this process; the others wait their turn in memory. A score
   * change touches every streamed pool week at once: a thousand rebuilds queued on the database
   * pool would wait past its connection timeout and fail, and finish all together at the end.
   */
  rebuildConcurrency: number;
  /**
   * The least time between two reads of the change log when pokes come back to back: every
   * board-changed message pokes a read, and a steady stream of them (a season's picks arriving,
   * a score change announced by every pool week) otherwise keeps the reads running one after
   * another. Pokes within the gap share the next read.
   */
  changeLogGapMs: number;
}

export const LIVE_STREAM_DEFAULTS: LiveStreamsOptions = {
  resumeVersions: LIVE_STREAM.resumeVersions,
  safetyNetMs: 5_000,
  rebuildConcurrency: 4,
  changeLogGapMs: 50,
};

/** How long a pool week without connections keeps its recent patches (browsers reconnecting resume). */
const IDLE_KEEP_MS = LIVE_STREAM.staleMs;

interface Client {
  connection: EventStreamConnection;
  caller: Caller;
  /** The version this connection's board is at (null: it has none yet, a snapshot is due). */
  sent: string | null;
}

interface Patch {
  base: string;
  version: string;
  /** Serialized and encoded once, written as is to every connection. */
  frame: Buffer;
}

/** The last version of one variant sent to its connections, and the patches that led to it. */
interface VariantState {
  version: string;
  board: LiveLeaderboard;
  json: Buffer;
  patches: Patch[];
  snapshot: Buffer | null;
}

interface PoolWeek {
  key: string;
  poolId: string;
  weekNumber: number;
  clients: Set<Client>;
  variants: Map<string, VariantState>;
  /** What the last rebuild saw: unchanged fingerprint and deadline with no new connection means nothing to do. */
  seen: { fingerprint: string; deadlinePassed: boolean } | null;
  /** The week as the last rebuild read it (its deadline is watched without a query). */
  week: LiveScope['week'];
  /** Every production game the boards sent show (their games and picks): a change of one rebuilds this pool week. */
  games: Set<string>;
  /** Connections joined since the last rebuild (the others were brought to the version it saw). */
  joined: Set<Client>;
  running: Promise<void> | null;
  queued: boolean;
  /** The last rebuild failed: the safety net tries again (the change log's rows it answered are already read). */
  failed: boolean;
  idleSince: number | null;
}

export interface LiveStreams {
  /**
   * The access checks of GET live-leaderboard (throwing the same DomainErrors), before the stream
   * opens; the result is handed to `attach`.
   */
  admit(caller: Caller, poolId: string, weekNumber: number): Promise<{ seen: LiveWeekAccess }>;
  /** Serve `connection`: snapshot (or the patches missed since its Last-Event-ID), then every change. */
  attach(connection: EventStreamConnection, caller: Caller, poolId: string, weekNumber: number): () => void;
  /** A pool week may have changed: rebuild it if it has open connections. */
  changed(poolId: string, weekNumber: number): void;
  /** Subscribe to the bus and start the safety net. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pool weeks with open connections, and connections. */
  stats(): { poolWeeks: number; connections: number; rebuilds: number; failedRebuilds: number; logReads: number };
}

/** The SSE id of a board version: its ETag without the weak marker and quotes. */
export const versionOfReply = (reply: LiveReply): string => reply.etag.replace(/^W\//, '').replaceAll('"', '');

function snapshotFrame(version: string, json: Buffer): Buffer {
  // The board is already serialized (and schema-checked) by the cache: wrap it, do not re-serialize.
  return Buffer.concat([Buffer.from(`id: ${version}\ndata: {"type":"snapshot","version":${JSON.stringify(version)},"board":`), json, Buffer.from('}\n\n')]);
}

function closedFrame(err: DomainError): string {
  const event: LiveStreamEvent = { type: 'closed', status: err.status, error: err.code, message: err.message };
  return `data: ${JSON.stringify(event)}\n\n`;
}

export function createLiveStreams(
  ctx: PicksContext,
  { bus, boards, logger, timing = LIVE_STREAM_DEFAULTS }: { bus: Bus; boards: LiveBoards; logger: KitLogger; timing?: LiveStreamsOptions },
): LiveStreams {
  const weeks = new Map<string, PoolWeek>();
  let subscription: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let rebuilds = 0;
  let failedRebuilds = 0;
  const rebuildSlot = createLimiter(timing.rebuildConcurrency);

  const weekOf = (poolId: string, weekNumber: number): PoolWeek => {
    const key = liveKeyOf(poolId, weekNumber);
    let pw = weeks.get(key);
    if (!pw) {
      pw = {
        key,
        poolId,
        weekNumber,
        clients: new Set(),
        variants: new Map(),
        seen: null,
        week: undefined,
        games: new Set(),
        joined: new Set(),
        running: null,
        queued: false,
        failed: false,
        idleSince: null,
      };
      weeks.set(key, pw);
    }
    return pw;
  };

  /** The frames that bring a connection at `sent` to the variant's version: the patches since, or a snapshot. */
  function framesFor(state: VariantState, sent: string | null): Buffer[] {
    if (sent !== null) {
      const from = state.patches.findIndex((p) => p.base === sent);
      if (from >= 0) return state.patches.slice(from).map((p) => p.frame);
    }
    state.snapshot ??= snapshotFrame(state.version, state.json);
    return [state.snapshot];
  }

  /** Make `reply` the variant's version (a patch from the previous one) and bring every client of it there. */
  function deliver(pw: PoolWeek, variant: string, reply: LiveReply, clients: Client[]): void {
    const version = versionOfReply(reply);
    let state = pw.variants.get(variant);
    if (!state || state.version !== version) {
      const board = JSON.parse(reply.json.toString('utf8')) as LiveLeaderboard;
      let patches: Patch[] = [];
      if (state) {
        const body = diffLiveBoards(state.board, board);
        if (body) {
          const event: LiveStreamEvent = { type: 'patch', version, base: state.version, ...body };
          patches = [...state.patches, { base: state.version, version, frame: Buffer.from(eventFrameWithId(version, event)) }].slice(-timing.resumeVersions);
        }
      }
      state = { version, board, json: reply.json, patches, snapshot: null };
      pw.variants.set(variant, state);
      for (const game of board.gamesCentric) pw.games.add(game.gameId);
      for (const standing of board.standings) for (const pick of standing.picks) pw.games.add(pick.gameId);
    }
    const byBase = new Map<string | null, Buffer[]>();
    for (const client of clients) {
      if (client.sent === version) continue;
      let frames = byBase.get(client.sent);
      if (!frames) {
        frames = framesFor(state, client.sent);
        byBase.set(client.sent, frames);
      }
      for (const frame of frames) if (!client.connection.write(frame)) break;
      client.sent = version;
    }
  }

  function close(pw: PoolWeek, client: Client, err: DomainError): void {
    client.connection.write(closedFrame(err));
    client.connection.end();
    pw.clients.delete(client);
  }

  /**
   * One rebuild of a pool week: fingerprint; when it (or the deadline's being passed) moved, the
   * access of every connection and each variant built once and delivered; otherwise only the
   * connections that joined since are served (so a crowd connecting costs no re-check of everyone).
   */
  async function rebuild(pw: PoolWeek): Promise<void> {
    if (pw.clients.size === 0) return;
    const joined = [...pw.joined];
    pw.joined.clear();
    try {
      await build(pw, joined);
    } catch (err) {
      // Nothing of this rebuild counts as seen: the retry builds and delivers again, and the
      // connections that joined still get their snapshot.
      pw.seen = null;
      for (const client of joined) if (pw.clients.has(client)) pw.joined.add(client);
      throw err;
    }
  }

  async function build(pw: PoolWeek, joined: Client[]): Promise<void> {
    await ctx.uow.read(async (store) => {
      const current: CurrentLiveVersion = await currentLiveVersion(store, pw.poolId, pw.weekNumber, boards);
      const now = ctx.now();
      const passed = current.scope.week ? deadlinePassed(current.scope.week, now) : false;
      const unchanged = pw.seen !== null && pw.seen.fingerprint === current.fingerprint && pw.seen.deadlinePassed === passed;
      if (unchanged && joined.length === 0) return;
      pw.seen = { fingerprint: current.fingerprint, deadlinePassed: passed };
      pw.week = current.scope.week;
      rebuilds += 1;

      const groups = new Map<string, { seen: LiveWeekAccess; caller: Caller; clients: Client[] }>();
      for (const client of unchanged ? joined : [...pw.clients]) {
        if (client.connection.closed) {
          pw.clients.delete(client);
          continue;
        }
        let seen: LiveWeekAccess;
        try {
          seen = liveAccessInScope(current.scope, client.caller, pw.weekNumber, now);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          close(pw, client, err);
          continue;
        }
        const variant = liveVariantOf(seen, now);
        const group = groups.get(variant);
        if (group) group.clients.push(client);
        else groups.set(variant, { seen, caller: client.caller, clients: [client] });
      }
      for (const [variant, group] of groups) {
        const reply = await liveReplyOf(ctx, store, { current, caller: group.caller, seen: group.seen, now });
        deliver(pw, variant, reply, group.clients);
      }
    });
  }

  function schedule(pw: PoolWeek): void {
    if (pw.running) {
      pw.queued = true;
      return;
    }
    pw.running = (async () => {
      try {
        do {
          pw.queued = false;
          pw.failed = false;
          await rebuildSlot(() => rebuild(pw));
        } while (pw.queued);
      } catch (err) {
        pw.failed = true;
        failedRebuilds += 1;
        logger.error({ err, poolId: pw.poolId, weekNumber: pw.weekNumber }, 'live stream: could not rebuild a board (the safety net tries again)');
      } finally {
        pw.running = null;
      }
    })();
  }

  /** The pool weeks with open connections that `changes` touch. */
  function heard(changes: LiveChanges): void {
    for (const pw of weeks.values()) {
      if (pw.clients.size === 0) continue;
      if (changes.everything || changes.pools.has(pw.poolId) || [...pw.games].some((g) => changes.games.has(g))) schedule(pw);
    }
  }

  const log = createLiveChangeLog(ctx, { logger, onChanges: heard, gapMs: timing.changeLogGapMs });

  /** The safety net: read the log, rebuild the pool weeks whose deadline passed or whose last rebuild failed, forget long-idle ones. */
  function sweep(): void {
    log.poke();
    const now = Date.now();
    const clock = ctx.now();
    for (const pw of weeks.values()) {
      if (pw.clients.size > 0) {
        if (pw.failed || (pw.seen && pw.week && deadlinePassed(pw.week, clock) !== pw.seen.deadlinePassed)) schedule(pw);
      } else if (pw.idleSince !== null && now - pw.idleSince > IDLE_KEEP_MS && !pw.running) weeks.delete(pw.key);
    }
  }

  function changed(poolId: string, weekNumber: number): void {
    const pw = weeks.get(liveKeyOf(poolId, weekNumber));
    if (pw && pw.clients.size > 0) schedule(pw);
  }

  return {
    async admit(caller, poolId, weekNumber) {
      return ctx.uow.read(async (store) => {
        const current = await currentLiveVersion(store, poolId, weekNumber, boards);
        return { seen: liveAccessInScope(current.scope, caller, weekNumber, ctx.now()) };
      });
    },
    attach(connection, caller, poolId, weekNumber) {
      const pw = weekOf(poolId, weekNumber);
      const client: Client = { connection, caller, sent: connection.lastEventId };
      pw.clients.add(client);
      pw.idleSince = null;
      pw.joined.add(client);
      schedule(pw);
      return () => {
        pw.clients.delete(client);
        pw.joined.delete(client);
        if (pw.clients.size === 0) pw.idleSince = Date.now();
      };
    },
    changed,
    async start() {
      // The log's starting point comes first: a change committed after it reaches every board built since.
      await log.start();
      subscription = await bus.subscribe(LIVE_SUBJECTS.boardChanged, (msg) => {
        const parsed = liveBoardChangedSchema.safeParse(msg.data);
        if (!parsed.success) {
          logger.warn({ subject: msg.subject }, 'ignoring a board-changed message that does not match its contract');
          return;
        }
        log.poke();
      });
      timer = setInterval(sweep, timing.safetyNetMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await subscription?.unsubscribe();
      subscription = null;
      await log.settled();
      await Promise.all([...weeks.values()].flatMap((pw) => (pw.running ? [pw.running] : [])));
    },
    stats() {
      let connections = 0;
      let poolWeeks = 0;
      for (const pw of weeks.values()) {
        connections += pw.clients.size;
        if (pw.clients.size > 0) poolWeeks += 1;
      }
      return { poolWeeks, connections, rebuilds, failedRebuilds, logReads: log.reads };
    },
  };
}
