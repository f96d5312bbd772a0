import {
  diffLiveBoards,
  isFrameFedBoard,
  isNewerGame,
  LIVE_STREAM,
  liveBoardChangedSchema,
  liveBoardWithGames,
  LIVE_SUBJECTS,
  type LiveGame,
  type LiveGameFacts,
  type LiveLeaderboard,
  type LiveStreamEvent,
} from '@powerpool/contracts';
import {
  createLimiter,
  DomainError,
  eventFrame,
  eventFrameWithId,
  type Bus,
  type EventStreamConnection,
  type KitLogger,
  type Subscription,
} from '@powerpool/service-kit';
import { deadlinePassed, type LiveWeekAccess } from '../domain/access.js';
import { presentGameFacts } from '../domain/board/present.js';
import type { Caller, PicksContext, PoolWeekRequest } from '../domain/context.js';
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
 *
 * A change the log names only as games (a score, a clock, a status) does not rebuild the pool weeks
 * whose boards are frame-fed (isFrameFedBoard: a week scored live, every pick on a board game):
 * the games are read once, made into ONE `games` frame (presentGameFacts: no pool's spread, no
 * pick), encoded once and written to every connection of those pool weeks that shows one of them;
 * the browser scores its board again on it (liveBoardWithGames), as the server would
 * (docs/architecture.md#a-scores-path). The hub keeps per variant the facts sent since its version
 * (`pending`): the board a connection at that version holds is liveBoardWithGames(board, pending),
 * which the next patch starts from and a snapshot sends. Pool weeks that are not frame-fed are
 * rebuilt as before.
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
  /** The variant it was last served (null before its first board). */
  variant: string | null;
}

interface Patch {
  base: string;
  version: string;
  /** Games frames had moved its base board: only a connection that heard them can take it. */
  framed: boolean;
  /** Serialized and encoded once, written as is to every connection. */
  frame: Buffer;
}

/** The last version of one variant sent to its connections, and the patches that led to it. */
interface VariantState {
  version: string;
  board: LiveLeaderboard;
  json: Buffer;
  /** The patches that lead to the board connections hold (none once a frame moved it: those reconnecting take a snapshot). */
  patches: Patch[];
  snapshot: Buffer | null;
  /** `games` frames move it (isFrameFedBoard). */
  fed: boolean;
  /** The board's games by id. */
  games: Map<string, LiveGame>;
  /** The newest facts sent in `games` frames since `version` that moved the board, by game. */
  pending: Map<string, LiveGameFacts>;
  /** The generatedAt of the last frame that moved the board. */
  pendingAt: string | null;
}

/** The board connections at a variant's version hold: its board moved by the frames sent since. */
function shownOf(state: Pick<VariantState, 'board' | 'pending' | 'pendingAt'>): LiveLeaderboard {
  return state.pending.size === 0 ? state.board : liveBoardWithGames(state.board, [...state.pending.values()], state.pendingAt!);
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
  attach(connection: EventStreamConnection, input: PoolWeekRequest): () => void;
  /** A pool week may have changed: rebuild it if it has open connections. */
  changed(poolId: string, weekNumber: number): void;
  /** Subscribe to the bus and start the safety net. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pool weeks with open connections, and connections. */
  stats(): { poolWeeks: number; connections: number; rebuilds: number; failedRebuilds: number; logReads: number; gameFrames: number };
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
  let gameFrames = 0;
  /** Games named by the log whose frame is still to be sent, and the frame loop under way. */
  const frameGames = new Set<string>();
  let framing: Promise<void> | null = null;
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

  /**
   * The frames that bring a connection at `sent` to the variant's version: the patches since, or a
   * snapshot. One that `rejoined` (a reconnect) may have missed games frames: it takes no patch
   * made on a board they moved.
   */
  function framesFor(state: VariantState, sent: string | null, rejoined: boolean): Buffer[] {
    if (sent !== null) {
      const from = state.patches.findIndex((p) => p.base === sent);
      if (from >= 0 && !(rejoined && state.patches[from]!.framed)) return state.patches.slice(from).map((p) => p.frame);
    }
    state.snapshot ??= snapshotFrame(state.version, state.pending.size === 0 ? state.json : Buffer.from(JSON.stringify(shownOf(state))));
    return [state.snapshot];
  }

  /**
   * Make `reply` the variant's version (a patch from the board its connections hold) and bring
   * every client of it there. Facts sent in frames that are newer than the new board's stay
   * pending (a frame may have gone out after this board was read); a client that `joined` at the
   * version while frames are pending may have missed them and takes a snapshot.
   */
  function deliver(
    pw: PoolWeek,
    { variant, reply, clients, joined }: { variant: string; reply: LiveReply; clients: Client[]; joined: ReadonlySet<Client> },
  ): void {
    const version = versionOfReply(reply);
    let state = pw.variants.get(variant);
    if (!state || state.version !== version) {
      const board = JSON.parse(reply.json.toString('utf8')) as LiveLeaderboard;
      const games = new Map(board.gamesCentric.map((g) => [g.gameId, g]));
      const fed = isFrameFedBoard(board);
      const pending = new Map<string, LiveGameFacts>();
      if (state && fed) {
        for (const [gameId, facts] of state.pending) {
          const game = games.get(gameId);
          if (game && isNewerGame(facts, game)) pending.set(gameId, facts);
        }
      }
      const next = { board, pending, pendingAt: pending.size > 0 ? state!.pendingAt : null };
      let patches: Patch[] = [];
      if (state) {
        const body = diffLiveBoards(shownOf(state), shownOf(next));
        if (body) {
          const event: LiveStreamEvent = { type: 'patch', version, base: state.version, ...body };
          const patch = { base: state.version, version, framed: state.pending.size > 0, frame: Buffer.from(eventFrameWithId(version, event)) };
          patches = [...state.patches, patch].slice(-timing.resumeVersions);
        }
      }
      state = { version, json: reply.json, patches, snapshot: null, fed, games, ...next };
      pw.variants.set(variant, state);
      for (const game of board.gamesCentric) pw.games.add(game.gameId);
      for (const standing of board.standings) for (const pick of standing.picks) pw.games.add(pick.gameId);
    }
    const byBase = new Map<string, Buffer[]>();
    for (const client of clients) {
      client.variant = variant;
      const rejoined = joined.has(client);
      if (client.sent === version && !(rejoined && state.pending.size > 0)) continue;
      // A reconnect at the version while frames are pending may have missed them: a snapshot.
      const sent = rejoined && client.sent === version ? null : client.sent;
      const key = `${rejoined ? 'r' : 'c'}:${sent}`;
      let frames = byBase.get(key);
      if (!frames) {
        frames = framesFor(state, sent, rejoined);
        byBase.set(key, frames);
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
      const current: CurrentLiveVersion = await currentLiveVersion(store, { poolId: pw.poolId, weekNumber: pw.weekNumber, boards });
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
          seen = liveAccessInScope(current.scope, { caller: client.caller, weekNumber: pw.weekNumber, now });
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
      const joiners = new Set(joined);
      for (const [variant, group] of groups) {
        const reply = await liveReplyOf(ctx, store, { current, caller: group.caller, seen: group.seen, now });
        deliver(pw, { variant, reply, clients: group.clients, joined: joiners });
      }
      // Variants no connection holds any more (the deadline passed, the commissioner left) are
      // forgotten: a stale one would keep the pool week from being frame-fed.
      if (!unchanged) for (const variant of pw.variants.keys()) if (!groups.has(variant)) pw.variants.delete(variant);
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

  /** Whether a pool week's boards show one of `games`. */
  const shows = (pw: PoolWeek, games: ReadonlySet<string>): boolean => {
    for (const g of games) if (pw.games.has(g)) return true;
    return false;
  };

  /** Whether `games` frames bring every connection of a pool week up to date (it has boards, all frame-fed, and no connection waiting for its first). */
  const frameFed = (pw: PoolWeek): boolean => {
    if (pw.variants.size === 0 || pw.joined.size > 0) return false;
    for (const state of pw.variants.values()) if (!state.fed) return false;
    return true;
  };

  /** The pool weeks with open connections that `changes` touch: rebuilt, or for games alone, sent a frame. */
  function heard(changes: LiveChanges): void {
    let framed = false;
    for (const pw of weeks.values()) {
      if (pw.clients.size === 0) continue;
      if (changes.everything || changes.pools.has(pw.poolId)) schedule(pw);
      else if (shows(pw, changes.games)) {
        if (frameFed(pw)) framed = true;
        else schedule(pw);
      }
    }
    if (!framed) return;
    for (const g of changes.games) frameGames.add(g);
    sendFrames();
  }

  /**
   * One `games` frame for the games in `ids`: read once, encoded once, written to every connection
   * at its variant's version in the frame-fed pool weeks that show one of them; a pool week that is
   * no longer frame-fed is rebuilt instead.
   */
  async function frameOf(ids: ReadonlySet<string>): Promise<void> {
    const rows = await ctx.uow.read((store) => store.sharedLiveGames([...ids]));
    const facts = rows.map(presentGameFacts);
    const generatedAt = ctx.now().toISOString();
    const frame = Buffer.from(eventFrame({ type: 'games', games: facts, generatedAt } satisfies LiveStreamEvent));
    gameFrames += 1;
    for (const pw of weeks.values()) {
      if (pw.clients.size === 0 || !shows(pw, ids)) continue;
      if (!frameFed(pw)) {
        schedule(pw);
        continue;
      }
      for (const [variant, state] of pw.variants) {
        let moved = false;
        for (const fact of facts) {
          const shown = state.pending.get(fact.gameId) ?? state.games.get(fact.gameId);
          if (!shown || !isNewerGame(fact, shown)) continue;
          state.pending.set(fact.gameId, fact);
          moved = true;
        }
        if (!moved) continue;
        state.pendingAt = generatedAt;
        state.patches = [];
        state.snapshot = null;
        for (const client of pw.clients) if (client.variant === variant && client.sent === state.version) client.connection.write(frame);
      }
    }
  }

  /** Send the frames of the games named so far, one read at a time; a failed read rebuilds the pool weeks that show them. */
  function sendFrames(): void {
    if (framing) return;
    framing = (async () => {
      try {
        while (frameGames.size > 0) {
          const ids = new Set(frameGames);
          frameGames.clear();
          try {
            await frameOf(ids);
          } catch (err) {
            logger.error({ err }, 'live stream: could not read the changed games (their pool weeks are rebuilt)');
            for (const pw of weeks.values()) if (pw.clients.size > 0 && shows(pw, ids)) schedule(pw);
          }
        }
      } finally {
        framing = null;
      }
    })();
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
        const current = await currentLiveVersion(store, { poolId, weekNumber, boards });
        return { seen: liveAccessInScope(current.scope, { caller, weekNumber, now: ctx.now() }) };
      });
    },
    attach(connection, { caller, poolId, weekNumber }) {
      const pw = weekOf(poolId, weekNumber);
      const client: Client = { connection, caller, sent: connection.lastEventId, variant: null };
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
      await framing;
      await Promise.all([...weeks.values()].flatMap((pw) => (pw.running ? [pw.running] : [])));
    },
    stats() {
      let connections = 0;
      let poolWeeks = 0;
      for (const pw of weeks.values()) {
        connections += pw.clients.size;
        if (pw.clients.size > 0) poolWeeks += 1;
      }
      return { poolWeeks, connections, rebuilds, failedRebuilds, logReads: log.reads, gameFrames };
    },
  };
}
