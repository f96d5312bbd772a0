import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@powerpool/contracts';
import { unavailableReason } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { eventually, everyProcessReady, publishWildCardPool, signIn, startTestCluster, type SignedIn, type TestCluster, type WildCardPool } from './helpers.js';
import { postgresAnswers, privatePostgresUnavailableReason, startPostgresServer, type PostgresServer, type RestartMode } from '@powerpool/testing';
import {
  batchBody,
  choiceOf,
  isErrorReply,
  isOk,
  picksRowsByPlayer,
  recordedSave,
  saveKey,
  storedKey,
  unpublishedEvents,
  weekGames,
  type SaveRecord,
  type WeekGame,
} from './saves.js';

/**
 * Restart PostgreSQL during saves (docs/development.md#reliability-suites). The cluster runs on a private PostgreSQL server this
 * file starts (libs/testing `startPostgresServer`) so it can take it down: once with a fast shutdown (clients
 * disconnected, open transactions rolled back) and once with SIGKILL of the postmaster and every
 * backend (a crash, then crash recovery), each time while eight players (the two dev players and
 * six first-use accounts) save their Wild Card picks in a loop through the gateway, each save
 * different from the player's previous one, every fourth without a power pick.
 *
 * Every request is recorded with what was sent and what came back. Compared afterwards, per player:
 * - the picks stored (read through the API) equal ONE complete save that player sent: their last
 *   save answered 2xx, or a save sent after it that was answered with an error. The latter is
 *   the one case where an error reply can hide a commit: the COMMIT reached the server and was
 *   made durable, and the connection died before its answer came back. We accept it (the player
 *   sees an error and saves again) because the stored picks are still exactly one save they sent;
 *   never a mix of two saves (3 picks of one and the power pick of another), never a part of one;
 * - the rows in the database are those picks, once each;
 * - every error reply is a 503 `service_unavailable` in the one error reply shape (no 500);
 * - no request hung (each has a 30 s abort), none ended without an HTTP answer;
 * - no service process died (same pids, all running), every service is ready again and saves
 *   succeed without restarting any of them, and picks-scoring's outbox is drained (the saves'
 *   events all published).
 * A third scenario keeps PostgreSQL down for 10 s while picks-scoring takes an event (a player's
 * join): the event must wait for the database, not be spent on five failed deliveries and dropped.
 */

const skipReason = (await unavailableReason('nats')) ?? (await privatePostgresUnavailableReason());

const EVENT_WAIT_MS = 20_000;
/** A request not answered in this long counts as hung (the restart itself takes a few seconds). */
const HANG_MS = 30_000;
/** How long Postgres stays down between stop and start: long enough that saves surely meet the outage. */
const DOWN_MS = 2_000;
/** Longer than an event's five deliveries, one second apart, last. */
const LONG_DOWN_MS = 10_000;
const LATE_PLAYER = 'save-late@powerpool.test';
const FIRST_USE = Array.from({ length: 6 }, (_, i) => `save${String(i + 1).padStart(2, '0')}@powerpool.test`);

interface Player {
  email: string;
  session: SignedIn;
  cookie: string;
}

describe.skipIf(skipReason !== null)('PostgreSQL restarted while players save picks (private server, cluster mode)', () => {
  let server: PostgresServer | undefined;
  let test: TestCluster | undefined;
  let pool: WildCardPool;
  let games: WeekGame[];
  let players: Player[] = [];
  let pids: Record<string, number | undefined> = {};
  let lastSeq = 0;
  const records: SaveRecord[] = [];

  beforeAll(async () => {
    server = await startPostgresServer();
    // A one-second session cache: during the outage the gateway asks identity (whose database is
    // down too) for the sessions, as it does in production once its cache runs out.
    // The replay in game-day mode, its kickoffs a day away: the Wild Card games are SCHEDULED and
    // take picks (a game reported started or final takes none).
    test = await startTestCluster({ postgresUrl: server.url, env: { SESSION_CACHE_TTL_MS: '1000' }, gameDay: { kickoffInMinutes: 24 * 60 } });
    pool = await publishWildCardPool(test.url, EVENT_WAIT_MS);
    games = await weekGames(pool.players[0]!, pool.poolId, pool.weekNumber);
    const invitation = (await (await pool.commissioner.post(`/api/pools/${pool.poolId}/invitations`, {})).json()) as { invitationToken: string };
    const firstUse: SignedIn[] = [];
    for (const email of FIRST_USE) {
      const session = await signIn(test.url, email, DEV_PASSWORD);
      const joined = await session.post(`/api/invitations/${invitation.invitationToken}/use`);
      if (joined.status !== 200) throw new Error(`${email} join: ${joined.status} ${await joined.text()}`);
      firstUse.push(session);
    }
    const emails = ['player@powerpool.test', 'player2@powerpool.test', ...FIRST_USE];
    players = [...pool.players, ...firstUse].map((session, i) => ({ email: emails[i]!, session, cookie: `${SESSION_COOKIE}=${session.sessionId}` }));
    // picks-scoring learns the members from events: wait until each one's first save is taken.
    for (const player of players) {
      await eventually(
        async () => {
          const r = await save(player, 0);
          return isOk(r) ? true : undefined;
        },
        EVENT_WAIT_MS,
        `${player.email} could not save before the fault`,
      );
    }
    pids = Object.fromEntries(test.cluster.processes.map((p) => [p.name, p.pid]));
  }, 240_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
  });

  afterAll(async () => {
    try {
      await test?.stop();
    } finally {
      await server?.stop();
    }
  });

  /** Player `player`'s next save (numbered over the whole file, so each differs from the one before). */
  async function save(player: Player, n = ++lastSeq): Promise<SaveRecord> {
    const picks = choiceOf(games, n * 7 + players.indexOf(player), n % 4 !== 3);
    const record = await recordedSave(player, test!.url, batchBody(pool.poolId, 2025, pool.weekNumber, games, picks), saveKey(picks), n, HANG_MS);
    records.push(record);
    return record;
  }

  /**
   * Every player saves in a loop; once each has two 2xx saves, PostgreSQL restarts (`mode`) and
   * stays down DOWN_MS; the loops go on until each player has three 2xx saves after the server is
   * back. Returns this round's records.
   */
  async function savesThroughRestart(mode: RestartMode): Promise<SaveRecord[]> {
    const from = records.length;
    let restartedAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const okBefore = new Map<string, number>();
    const okAfter = new Map<string, number>();
    const loops = players.map(async (player) => {
      while (!stop) {
        const r = await save(player);
        // A refused save is tried again after a quarter second, as the Make Picks screen lets a player do.
        if (!isOk(r)) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        if (r.sentAt > restartedAt) okAfter.set(player.email, (okAfter.get(player.email) ?? 0) + 1);
        else okBefore.set(player.email, (okBefore.get(player.email) ?? 0) + 1);
      }
    });
    try {
      await eventually(async () => (players.every((p) => (okBefore.get(p.email) ?? 0) >= 2) ? true : undefined), 60_000, 'two saves each before the restart');
      await server!.restart({ mode, downMs: DOWN_MS });
      restartedAt = Date.now();
      expect(await postgresAnswers(server!.url)).toBe(true);
      await eventually(async () => (players.every((p) => (okAfter.get(p.email) ?? 0) >= 3) ? true : undefined), 90_000, 'three saves each after the restart');
    } finally {
      stop = true;
      await Promise.all(loops);
    }
    return records.slice(from);
  }

  /** The comparisons of the file's comment, over every record so far. */
  async function expectNoSaveLostOrMixed(round: SaveRecord[]): Promise<void> {
    // Nothing hung, nothing unanswered; every refusal a clear 503 in the one shape.
    const failures = round.filter((r) => !isOk(r));
    const statuses = round.reduce<Record<string, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
    console.log(`saves this round: ${round.length}, by status: ${JSON.stringify(statuses)}`);
    expect(round.filter((r) => typeof r.status !== 'number')).toEqual([]);
    expect(failures.length, 'saves that met the outage').toBeGreaterThan(0);
    for (const r of failures) {
      expect({ status: r.status, error: r.error }, `${r.player} #${r.seq}`).toMatchObject({ status: 503, error: { error: 'service_unavailable' } });
      expect(isErrorReply(r.error), JSON.stringify(r.error)).toBe(true);
    }

    const storedByPlayer: string[] = [];
    for (const player of players) {
      const mine = records.filter((r) => r.player === player.email).sort((a, b) => a.seq - b.seq);
      const lastOk = mine.findLastIndex(isOk);
      expect(lastOk, `${player.email} has a 2xx save`).toBeGreaterThanOrEqual(0);
      const stored = await storedKey(player.session, pool.poolId, 2025, pool.weekNumber);
      storedByPlayer.push(stored);
      // Its last 2xx save, or an errored one sent after it whose commit's answer was lost.
      const acceptable = [mine[lastOk]!.sent, ...mine.slice(lastOk + 1).map((r) => r.sent)];
      expect(acceptable, `${player.email}: stored ${stored}, last 2xx #${mine[lastOk]!.seq}`).toContain(stored);
      if (stored !== mine[lastOk]!.sent) console.log(`${player.email}: stores a save answered with an error (its commit's answer was lost)`);
    }
    // The rows behind them: per player exactly those picks, each once (no leftover of an earlier save).
    expect((await picksRowsByPlayer(test!.databaseUrl, pool.poolId, pool.weekNumber)).sort()).toEqual([...storedByPlayer].sort());

    // Every service is ready again on its own, and the saves' events all left picks-scoring's outbox.
    await everyProcessReady(test!.cluster, EVENT_WAIT_MS, 'after the PostgreSQL restart');
    await eventually(
      async () => ((await unpublishedEvents(test!.databaseUrl, 'picks')) === 0 ? true : undefined),
      EVENT_WAIT_MS,
      'picks-scoring published every event',
    );

    // No process died or was restarted.
    for (const process of test!.cluster.processes) {
      expect(process.running, process.name).toBe(true);
      expect(process.pid, process.name).toBe(pids[process.name]);
    }
  }

  /**
   * An event consumed while PostgreSQL is down must wait for it, not be spent: a player joins the
   * pool (pools-invitations commits the membership and publishes pools.member.joined) while
   * picks-scoring is paused (SIGSTOP, so it cannot take the event yet); PostgreSQL is stopped; then
   * picks-scoring resumes (SIGCONT) and takes the event while the database is down for
   * LONG_DOWN_MS, longer than the event's deliveries last (5, 1 s apart). Compared after the start:
   * picks-scoring knows the new member (their save is taken), as it would without the fault.
   */
  it(
    'should deliver an event picks-scoring takes while PostgreSQL is down once it is back: a player who joined just before the outage can save',
    { timeout: 200_000 },
    async () => {
      const picks = test!.replicas('picks-scoring')[0]!;
      const session = await signIn(test!.url, LATE_PLAYER, DEV_PASSWORD);
      const late: Player = { email: LATE_PLAYER, session, cookie: `${SESSION_COOKIE}=${session.sessionId}` };
      const invitation = (await (await pool.commissioner.post(`/api/pools/${pool.poolId}/invitations`, {})).json()) as { invitationToken: string };
      process.kill(-picks.pid!, 'SIGSTOP');
      let paused = true;
      try {
        const joined = await session.post(`/api/invitations/${invitation.invitationToken}/use`);
        expect(joined.status, await joined.text()).toBe(200);
        // The join's event left pools-invitations' outbox for NATS before the database goes down.
        await eventually(async () => ((await unpublishedEvents(test!.databaseUrl, 'pools')) === 0 ? true : undefined), EVENT_WAIT_MS, 'the join published');
        await server!.restart({
          mode: 'fast',
          downMs: LONG_DOWN_MS,
          whileDown: async () => {
            process.kill(-picks.pid!, 'SIGCONT');
            paused = false;
          },
        });
      } finally {
        if (paused) process.kill(-picks.pid!, 'SIGCONT');
      }
      const saved = await eventually(
        async () => {
          const r = await save(late);
          return isOk(r) ? r : undefined;
        },
        60_000,
        `${LATE_PLAYER}'s save taken after the outage (picks-scoring knows the member)`,
      );
      expect(await storedKey(session, pool.poolId, 2025, pool.weekNumber)).toBe(saved.sent);
      players.push(late);
      for (const process of test!.cluster.processes) expect(process.pid, process.name).toBe(pids[process.name]);
    },
  );

  it(
    'should keep every save whole through a fast shutdown and start of PostgreSQL mid-saves: stored = the last 2xx save (or a later errored one whose commit answer was lost), errors 503, nothing hung, no process died',
    { timeout: 200_000 },
    async () => {
      const round = await savesThroughRestart('fast');
      await expectNoSaveLostOrMixed(round);
    },
  );

  it(
    'should keep every save whole through a SIGKILL of the postmaster and every backend mid-saves (crash recovery): same comparisons',
    { timeout: 200_000 },
    async () => {
      const round = await savesThroughRestart('kill');
      await expectNoSaveLostOrMixed(round);
    },
  );
});
