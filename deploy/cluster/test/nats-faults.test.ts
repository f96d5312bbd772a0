import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { SESSION_COOKIE, type LiveLeaderboard, type ScoringReviewReply, type SeasonLeaderboardEntry, type WeeklyScoringReview } from '@powerpool/contracts';
import { eventStreamName } from '@powerpool/service-kit';
import {
  followLiveBoard,
  unavailableReason,
  WILD_CARD_FINALS,
  WILD_CARD_PICKS,
  WILD_CARD_POINTS,
  WILD_CARD_SPREADS,
  WILD_CARD_WEEK,
  wildCardBatch,
  type LiveFollower,
  type WildCardPick,
} from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import {
  completeWildCardWeek,
  eventually,
  everyProcessReady,
  publishWildCardPool,
  signIn,
  startTestCluster,
  type SignedIn,
  type TestCluster,
} from './helpers.js';
import { natsServerUnavailableReason, startNatsServer, type PrivateNatsServer } from '@powerpool/testing';

/**
 * NATS killed (SIGKILL, no clean shutdown) and restarted on the same port and JetStream store
 * (docs/development.md#reliability-suites: nothing lost). Each cluster runs on a
 * private nats-server this file starts (libs/testing `startNatsServer`), so killing it touches
 * no other test. Events travel through each service's transactional outbox into JetStream; after
 * the restart every event must arrive once, and the standings must equal those of a run without
 * the fault. Requests that need the bus while it is down must answer a clear error, never hang.
 */

const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats')) ?? (await natsServerUnavailableReason());

const EVENT_WAIT_MS = 30_000;
/** How long NATS stays down: "a few seconds", longer than a reconnect wait and a relay poll. */
const OUTAGE_MS = 4_000;
/** A request during the outage that has not answered after this long is hung (never reached when it answers). */
const HANG_GUARD_MS = 90_000;
/** First-use accounts (created on their first sign-in) that fill the pools beside Pat and Casey. */
const EXTRA_PLAYERS = 8;

type Pool = { id: string; poolGameOf: Record<string, string> };

async function ok(what: string, res: Response, status = 200): Promise<string> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return text;
}

/** A request that must answer (any status) before HANG_GUARD_MS; a hang fails the test with `what`. */
async function answered(what: string, call: (signal: AbortSignal) => Promise<Response>): Promise<{ status: number; body: string }> {
  const res = await call(AbortSignal.timeout(HANG_GUARD_MS)).catch((err: unknown) => {
    throw new Error(`${what}: no answer (hung) while NATS was down: ${(err as Error).message}`);
  });
  return { status: res.status, body: await res.text() };
}

/** A call through the gateway (`url`) as `who`, for `answered`. */
function withSignal(url: string, who: SignedIn, method: 'GET' | 'POST', path: string, body?: unknown) {
  return (signal: AbortSignal) =>
    fetch(`${url}${path}`, {
      method,
      signal,
      headers: { cookie: `${SESSION_COOKIE}=${who.sessionId}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** Unpublished outbox rows in every service schema of the cluster's database. */
async function unpublishedOutboxRows(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schemas = (
      await client.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1`)
    ).rows;
    const out: Record<string, number> = {};
    for (const { schema } of schemas) {
      out[schema] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL`)).rows[0]!.n);
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Unpublished `sports.game.updated` events (score changes) in the cluster's outboxes. */
async function pendingGameUpdates(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schemas = (await client.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox'`)).rows;
    let n = 0;
    for (const { schema } of schemas) {
      n += Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL AND subject = 'sports.game.updated'`))
          .rows[0]!.n,
      );
    }
    return n;
  } finally {
    await client.end();
  }
}

/** Every outbox row ever written (each one event), and the messages the cluster's event stream holds. */
async function eventsWrittenAndStored(test: TestCluster, natsUrl: string): Promise<{ written: number; stored: number }> {
  const client = new pg.Client({ connectionString: test.databaseUrl });
  await client.connect();
  let written = 0;
  try {
    const schemas = (await client.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox'`)).rows;
    for (const { schema } of schemas) written += Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".outbox`)).rows[0]!.n);
  } finally {
    await client.end();
  }
  const nc = await connect({ servers: natsUrl, name: 'nats-faults-test' });
  try {
    const info = await (await jetstreamManager(nc)).streams.info(eventStreamName(test.namespace));
    return { written, stored: info.state.messages };
  } finally {
    await nc.close();
  }
}

/**
 * Waits until every outbox row is published and JetStream stores exactly one message per row (a
 * republish after the restart is deduplicated). Both counts are read again until they agree: the
 * live feed can still write a row (a final game's status detail) between two reads. Fails naming
 * the last counts: more stored than written is a duplicate, fewer a lost event.
 */
async function everyEventStoredOnce(test: TestCluster, natsUrl: string, timeoutMs: number): Promise<void> {
  let last: { unpublished: number; written: number; stored: number } | undefined;
  try {
    await eventually(
      async () => {
        const unpublished = Object.values(await unpublishedOutboxRows(test.databaseUrl)).reduce((sum, n) => sum + n, 0);
        last = { unpublished, ...(await eventsWrittenAndStored(test, natsUrl)) };
        return unpublished === 0 && last.written === last.stored ? true : undefined;
      },
      timeoutMs,
      'every outbox row published and stored once',
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}; last read: ${JSON.stringify(last)}`, { cause: err });
  }
}

/** Every process of the cluster still runs (none died of the outage). */
function deadProcesses(test: TestCluster): string[] {
  return test.cluster.processes.filter((p) => !p.running).map((p) => p.name);
}

/** A player's score fields and picks, without the ids and times that differ between pools. */
function comparableScore(row: { displayName: string; picks: Array<Record<string, unknown>> } & Record<string, unknown>) {
  const { picks, userId: _u, email: _e, ...fields } = row;
  return {
    ...fields,
    picks: picks
      .map(({ id: _i, poolId: _p, poolGameId: _g, createdAt: _c, updatedAt: _up, ...pick }) => pick)
      .sort((a, b) => String(a.gameEspnCompetitionId).localeCompare(String(b.gameEspnCompetitionId))),
  };
}

describe.skipIf(skipReason !== null)('NATS killed and restarted in the middle of a scoring run (private nats-server, SIGKILL)', () => {
  let nats: PrivateNatsServer | undefined;
  let test: TestCluster | undefined;

  beforeAll(async () => {
    nats = await startNatsServer();
    test = await startTestCluster({ natsUrl: nats.url });
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}\n--- nats-server ---\n${nats?.output()}`);
  });

  afterAll(async () => {
    // NATS up for the cluster's clean-up (its stream is deleted there), then gone.
    if (nats && !nats.running) await nats.restart().catch(() => {});
    await test?.stop();
    await nats?.stop();
  });

  /**
   * Four pools with the same members (Pat, Casey and first-use players) and the same picks.
   * Pool A is scored and completed before any fault: the baseline (and it is the Wild Card story's
   * points). Then, with an Import Scores on D waiting for a slow provider over the bus, the
   * commissioner clicks Calculate User Scores on B, Complete Week on C and Start Scoring on D, and
   * NATS is SIGKILLed right behind those requests. The Import Scores in flight must answer 503 when
   * the connection drops (not wait out its 30 s timeout), the three clicks answer 200 or 503.
   * While NATS is down: Calculate User Scores on B answers 200 (its events wait in the outbox,
   * checked); Complete Week on B and a new Import Scores, which need another service's answer over
   * the bus, answer 503 at once; reads answer 200. NATS comes back after OUTAGE_MS on
   * the same store; a click refused during the outage is made again, D is calculated and completed.
   * Compared: B, C and D end with the season standings, scoring review and each player's weekly
   * review of A; every week counted once (weeks played 1, totals exact); every outbox row published
   * and stored exactly once in JetStream; no process died.
   */
  it('should deliver every scoring event after NATS comes back and give the standings of the run without the fault', { timeout: 420_000 }, async () => {
    const { url } = test!;
    const base = await publishWildCardPool(url, EVENT_WAIT_MS);
    const { commissioner } = base;
    const [pat, casey] = base.players as [SignedIn, SignedIn];
    const extras: SignedIn[] = [];
    for (let i = 1; i <= EXTRA_PLAYERS; i++) extras.push(await signIn(url, `fuzz${String(i).padStart(2, '0')}@powerpool.test`, DEV_PASSWORD));
    // Odd extras pick as Pat does, even ones as Casey: every player's points are known.
    const picksOf = new Map<SignedIn, readonly WildCardPick[]>([
      [pat, WILD_CARD_PICKS.pat],
      [casey, WILD_CARD_PICKS.casey],
      ...extras.map((p, i) => [p, i % 2 === 0 ? WILD_CARD_PICKS.pat : WILD_CARD_PICKS.casey] as const),
    ]);
    const expectedPoints = (who: SignedIn) => (picksOf.get(who) === WILD_CARD_PICKS.pat ? WILD_CARD_POINTS['Pat Player'] : WILD_CARD_POINTS['Casey Second']);

    const join = async (poolId: string, members: SignedIn[]) => {
      const invitation = JSON.parse(await ok('invite', await commissioner.post(`/api/pools/${poolId}/invitations`, {}), 201)) as { invitationToken: string };
      for (const p of members) await ok('join', await p.post(`/api/invitations/${invitation.invitationToken}/use`));
    };
    const publishedGames = (poolId: string) =>
      eventually(
        async () => {
          const res = await pat.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/published`);
          if (res.status !== 200) return undefined;
          const list = (await res.json()) as Array<{ id: string; poolGameId: string }>;
          return list.length === Object.keys(WILD_CARD_SPREADS).length ? Object.fromEntries(list.map((g) => [g.id, g.poolGameId])) : undefined;
        },
        EVENT_WAIT_MS,
        'the published week did not reach the players',
      );
    const twinPool = async (label: string): Promise<Pool> => {
      const created = JSON.parse(
        await ok('create pool', await commissioner.post('/api/pools', { name: `NATS fault ${label} ${Date.now()}`, year: 2025, allowsPostseason: true }), 201),
      ) as { id: string };
      await join(created.id, [pat, casey, ...extras]);
      await eventually(
        async () => ((await commissioner.get(`/api/weeks/${WILD_CARD_WEEK}?poolId=${created.id}`)).status === 200 ? true : undefined),
        EVENT_WAIT_MS,
        'weeks-workflow did not know the pool',
      );
      for (const [gameId, spread] of Object.entries(WILD_CARD_SPREADS))
        await ok(`spread ${gameId}`, await commissioner.put(`/api/pools/${created.id}/spreads/${gameId}`, { spread }));
      await ok(
        'publish',
        await commissioner.post(`/api/pools/${created.id}/weeks/${WILD_CARD_WEEK}/games/publish`, { gameIds: Object.keys(WILD_CARD_SPREADS) }),
      );
      return { id: created.id, poolGameOf: await publishedGames(created.id) };
    };

    await join(base.poolId, extras);
    const a: Pool = { id: base.poolId, poolGameOf: Object.fromEntries(base.games.map((g) => [g.id, g.poolGameId])) };
    const [b, c, d] = [await twinPool('B'), await twinPool('C'), await twinPool('D')];
    const pools = [a, b, c, d];
    const week = (pool: Pool) => `/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}`;

    // Everyone's picks in every pool (a first-use player's membership reaches picks-scoring by event).
    // The replay reports the Wild Card final, so no player's own save takes a pick on it
    // (docs/game.md#started-games): the commissioner's emergency entry (recorded, allowed after
    // the fact) enters them.
    const userIdOf = new Map<SignedIn, string>();
    for (const who of picksOf.keys()) userIdOf.set(who, JSON.parse(await ok('who am I', await who.get('/api/auth/user'))).id as string);
    for (const pool of pools) {
      for (const [who, picks] of picksOf) {
        const entry = {
          targetUserId: userIdOf.get(who),
          poolId: pool.id,
          weekNumber: WILD_CARD_WEEK,
          overrideReason: 'Phoned in before kickoff',
          picks: wildCardBatch(pool.id, pool.poolGameOf, picks).picks.map(({ poolId: _p, weekNumber: _w, ...pick }) => pick),
        };
        const saved = await eventually(
          async () => {
            const res = await commissioner.post('/api/picks/commissioner-override', entry);
            return [403, 404, 409].includes(res.status) ? undefined : res;
          },
          EVENT_WAIT_MS,
          'picks-scoring did not know the member or the week',
        );
        expect(saved.status, await saved.text()).toBe(200);
      }
    }
    for (const pool of pools) await ok('games-in-progress', await commissioner.post(`${week(pool)}/transition/games-in-progress`, { testing: true }));

    const calculate = (pool: Pool) =>
      eventually(
        async () => {
          const res = await commissioner.post(`${week(pool)}/scores/calculate`);
          return res.status === 409 ? undefined : res;
        },
        EVENT_WAIT_MS,
        'picks-scoring did not see the week in SCORING',
      );
    const season = (pool: Pool) =>
      eventually(
        async () => {
          const res = await pat.get(`/api/pools/${pool.id}/seasons/2025/leaderboard`);
          if (res.status !== 200) return undefined;
          const rows = (await res.json()) as SeasonLeaderboardEntry[];
          return rows.filter((r) => r.weeksPlayed > 0).length === picksOf.size ? rows : undefined;
        },
        EVENT_WAIT_MS * 2,
        'the completed week on the season leaderboard',
      );
    /** What a pool's scoring run left: season standings by user, the scoring review and each player's weekly review. */
    const outcome = async (pool: Pool) => {
      const standings = Object.fromEntries(
        (await season(pool)).map((r) => [
          r.user.displayName,
          { rank: r.rank, totalPoints: r.totalPoints, weeksPlayed: r.weeksPlayed, averagePoints: r.averagePoints, bestWeek: r.bestWeek },
        ]),
      );
      const review = JSON.parse(await ok('scoring review', await commissioner.get(`${week(pool)}/scoring-review`))) as ScoringReviewReply;
      const seasonRows = await season(pool);
      const weekly: Record<string, unknown> = {};
      for (const row of seasonRows) {
        const res = JSON.parse(
          await ok('weekly review', await commissioner.get(`/api/users/${row.user.id}/pools/${pool.id}/weekly-scoring-review`)),
        ) as WeeklyScoringReview[];
        weekly[row.user.displayName] = res.map((w) => comparableScore(w as never));
      }
      return {
        state: review.state,
        standings,
        review: Object.fromEntries(review.rows.map((r) => [r.email, comparableScore(r as never)])),
        weekly,
      };
    };

    // The baseline: pool A scored and completed with NATS up all along.
    await ok('A scoring', await commissioner.post(`${week(a)}/transition/scoring`, { testing: true }));
    expect((await calculate(a)).status).toBe(200);
    await ok('A complete', await commissioner.post(`${week(a)}/transition/complete`, { testing: true }));
    const baseline = await outcome(a);
    expect(baseline.state).toBe('COMPLETE');
    // The baseline is the Wild Card story: Pat 6, Casey 3, each extra player as the one they copied, one week each.
    for (const [who, email] of [
      [pat, 'player@powerpool.test'],
      [casey, 'player2@powerpool.test'],
      ...extras.map((p, i) => [p, `fuzz${String(i + 1).padStart(2, '0')}@powerpool.test`] as const),
    ] as const) {
      expect(baseline.review[email], email).toMatchObject({ totalPoints: expectedPoints(who) });
    }
    expect(Object.values(baseline.standings).filter((s) => s.weeksPlayed === 1)).toHaveLength(picksOf.size);
    expect(baseline.standings['Pat Player']).toMatchObject({ totalPoints: 6, weeksPlayed: 1 });
    expect(baseline.standings['Casey Second']).toMatchObject({ totalPoints: 3, weeksPlayed: 1 });
    expect(baseline.standings['Chris Commissioner']).toMatchObject({ totalPoints: 0, weeksPlayed: 0 });

    // Before the fault: B in SCORING as picks-scoring sees it (not calculated yet); C calculated.
    await ok('B scoring', await commissioner.post(`${week(b)}/transition/scoring`, { testing: true }));
    await eventually(
      async () => {
        const review = (await (await commissioner.get(`${week(b)}/scoring-review`)).json()) as ScoringReviewReply;
        return review.state === 'SCORING' && review.calculatedAt === null ? true : undefined;
      },
      EVENT_WAIT_MS,
      'picks-scoring did not see B in SCORING',
    );
    await ok('C scoring', await commissioner.post(`${week(c)}/transition/scoring`, { testing: true }));
    expect((await calculate(c)).status).toBe(200);

    // An Import Scores on D waiting for sports-data-staging's answer over the bus (the provider is
    // slow) when NATS dies: it must answer 503 once the connection is lost, not wait out its timeout.
    const replay = test!.cluster.replay!;
    replay.setFault('', 'slow', { slowMs: 20_000 });
    const askedProvider = replay.requests.length;
    const importInFlight = answered('D import scores (in flight)', withSignal(url, commissioner, 'POST', `${week(d)}/import-scores`));
    await eventually(async () => (replay.requests.length > askedProvider ? true : undefined), EVENT_WAIT_MS, 'the import did not reach the provider');

    // The fault: Calculate User Scores on B, Complete Week on C and Start Scoring on D are sent, and
    // NATS is SIGKILLed right behind them (their events are on their way to, or in, the outbox).
    const calculateB = answered('B calculate', withSignal(url, commissioner, 'POST', `${week(b)}/scores/calculate`));
    const completeC = answered('C complete', withSignal(url, commissioner, 'POST', `${week(c)}/transition/complete`, { testing: true }));
    const scoringD = answered('D scoring', withSignal(url, commissioner, 'POST', `${week(d)}/transition/scoring`, { testing: true }));
    await nats!.kill();
    const downSince = Date.now();

    // All three answer: done (their events wait in the outbox) or a clear 503, never a hang.
    const [calculatedB, completedC, scoredD] = await Promise.all([calculateB, completeC, scoringD]);
    const importedInFlight = await importInFlight;
    expect(nats!.running).toBe(false);
    expect(importedInFlight.status, importedInFlight.body).toBe(503);
    replay.clearFaults();
    for (const [what, reply] of [
      ['B calculate', calculatedB],
      ['C complete', completedC],
      ['D scoring', scoredD],
    ] as const) {
      expect([200, 503], `${what}: ${reply.body}`).toContain(reply.status);
    }

    // While NATS is down: Calculate User Scores on B needs no bus (picks-scoring's copy has B in
    // SCORING; its events wait in the outbox); Complete Week needs picks-scoring's answer over the
    // bus (docs/week.md#complete: COMPLETE is refused unless no pick on a final or void game would be left
    // without a result), so it is a clear 503 at once, as Import Scores is; reads answer.
    expect((await calculate(b)).status).toBe(200);
    const completedB = await answered('B complete', withSignal(url, commissioner, 'POST', `${week(b)}/transition/complete`, { testing: true }));
    expect(completedB.status, completedB.body).toBe(503);
    expect(JSON.parse(completedB.body)).toMatchObject({ error: 'service_unavailable' });
    const read = await answered('A season leaderboard', withSignal(url, pat, 'GET', `/api/pools/${a.id}/seasons/2025/leaderboard`));
    expect(read.status, read.body).toBe(200);
    const imported = await answered('D import scores', withSignal(url, commissioner, 'POST', `${week(d)}/import-scores`));
    expect(imported.status, imported.body).toBe(503);
    expect(JSON.parse(imported.body)).toMatchObject({ error: 'service_unavailable' });
    const waiting = await unpublishedOutboxRows(test!.databaseUrl);
    expect(nats!.running).toBe(false);
    // B's calculation at least is an event the outbox holds until NATS is back.
    expect(
      Object.values(waiting).reduce((n, k) => n + k, 0),
      JSON.stringify(waiting),
    ).toBeGreaterThan(0);

    const rest = OUTAGE_MS - (Date.now() - downSince);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    expect(nats!.running).toBe(false);
    await nats!.restart();
    // Each process reconnects on its own (within its reconnect wait); until then it answers 503.
    await everyProcessReady(test!.cluster, EVENT_WAIT_MS, 'after the NATS restart');

    // After the restart: a step refused during the outage is done again, as a commissioner would; D is scored.
    await ok('B complete (again)', await commissioner.post(`${week(b)}/transition/complete`, { testing: true }));
    if (completedC.status !== 200) await ok('C complete (again)', await commissioner.post(`${week(c)}/transition/complete`, { testing: true }));
    if (scoredD.status !== 200) await ok('D scoring (again)', await commissioner.post(`${week(d)}/transition/scoring`, { testing: true }));
    expect((await calculate(d)).status).toBe(200);
    await ok('D complete', await commissioner.post(`${week(d)}/transition/complete`, { testing: true }));

    // Settled: every outbox row published and stored once, then each pool's outcome equals the baseline.
    await everyEventStoredOnce(test!, nats!.url, EVENT_WAIT_MS * 2);
    for (const [label, pool] of [
      ['B', b],
      ['C', c],
      ['D', d],
    ] as const) {
      expect(await outcome(pool), `pool ${label} equals the run without the fault`).toEqual(baseline);
    }
    expect(deadProcesses(test!)).toEqual([]);
  });
});

describe.skipIf(skipReason !== null)('NATS killed and restarted in the middle of a replayed game day (private nats-server, SIGKILL)', () => {
  let nats: PrivateNatsServer | undefined;
  let test: TestCluster | undefined;
  let followers: LiveFollower[] = [];
  const GAME_DAY_MINUTES = 1.5;

  beforeAll(async () => {
    nats = await startNatsServer();
    test = await startTestCluster({
      natsUrl: nats.url,
      // The kickoff is a day away until the test starts the game day.
      gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60, liveFeedIntervalMs: 500 },
      env: { LIVE_FEED_IDLE_INTERVAL_MS: '1000' },
    });
  });

  afterEach(async (context) => {
    await Promise.all(followers.map((f) => f.close()));
    followers = [];
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}\n--- nats-server ---\n${nats?.output()}`);
  });

  afterAll(async () => {
    if (nats && !nats.running) await nats.restart().catch(() => {});
    await test?.stop();
    await nats?.stop();
  });

  /**
   * The recorded Wild Card round replayed in GAME_DAY_MINUTES with Pat's and Casey's picks saved.
   * Once a game is in play with points on the live board, NATS is SIGKILLed; it stays down
   * OUTAGE_MS while the live feed keeps writing scores (their events wait in the outbox) and a
   * request that needs the bus (Import Scores) must answer 503; then it restarts on the same store.
   * Compared with the run without a fault (the Wild Card story): every game's recorded final on
   * the live board (GET and a live stream), Pat 6 and Casey 3, and after Scoring and Complete the
   * season standings count the week once; every outbox row published once, no process died.
   */
  it(
    'should bring every final score to picks-scoring after NATS comes back and give the standings of the run without the fault',
    { timeout: 420_000 },
    async () => {
      const { url, cluster } = test!;
      const pool = await publishWildCardPool(url, EVENT_WAIT_MS);
      const poolGameOf = Object.fromEntries(pool.games.map((g) => [g.id, g.poolGameId]));
      const [pat, casey] = pool.players as [SignedIn, SignedIn];
      for (const [who, picks] of [
        [pat, WILD_CARD_PICKS.pat],
        [casey, WILD_CARD_PICKS.casey],
      ] as const) {
        const saved = await eventually(
          async () => {
            const res = await who.post('/api/picks/batch', wildCardBatch(pool.poolId, poolGameOf, picks));
            return [403, 404, 409].includes(res.status) ? undefined : res;
          },
          EVENT_WAIT_MS,
          'picks-scoring did not know the published week',
        );
        expect(saved.status, await saved.text()).toBe(200);
      }
      const week = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}`;
      await ok('games-in-progress', await pool.commissioner.post(`${week}/transition/games-in-progress`, { testing: true }));
      const board = async (): Promise<LiveLeaderboard | undefined> => {
        const res = await pat.get(`${week}/live-leaderboard`);
        return res.status === 200 ? ((await res.json()) as LiveLeaderboard) : (await res.body?.cancel(), undefined);
      };
      await eventually(board, EVENT_WAIT_MS, 'the live leaderboard did not open to the players');
      followers.push(followLiveBoard({ url: `${url}${week}/live-leaderboard/stream`, headers: { cookie: `${SESSION_COOKIE}=${casey.sessionId}` } }));
      await followers[0]!.waitFor((b) => b.gamesCentric.length === 4, EVENT_WAIT_MS, 'the first snapshot');

      cluster.replay!.gameDay.start({ kickoffInSeconds: 1 });
      // A game in play with points on the board: the game day is under way, then NATS dies.
      await eventually(
        async () => {
          const b = await board();
          return b?.gamesCentric.some((g) => g.status === 'IN_PROGRESS' && (g.homeScore ?? 0) + (g.awayScore ?? 0) > 0) ? true : undefined;
        },
        60_000,
        'a game in play with points',
      );
      await nats!.kill();
      const downSince = Date.now();

      // While NATS is down: the board still answers (from picks-scoring's own tables); Import Scores needs the bus: 503.
      const read = await answered('live leaderboard', withSignal(url, pat, 'GET', `${week}/live-leaderboard`));
      expect(read.status, read.body).toBe(200);
      const imported = await answered('import scores', withSignal(url, pool.commissioner, 'POST', `${week}/import-scores`));
      expect(nats!.running).toBe(false);
      expect(imported.status, imported.body).toBe(503);
      // The live feed keeps writing scores: their events wait in sports-data-staging's outbox.
      await eventually(
        async () => ((await pendingGameUpdates(test!.databaseUrl)) > 0 ? true : undefined),
        EVENT_WAIT_MS,
        'a score change waiting in the outbox while NATS is down',
      );
      const rest = OUTAGE_MS - (Date.now() - downSince);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      expect(nats!.running).toBe(false);
      await nats!.restart();
      await everyProcessReady(test!.cluster, EVENT_WAIT_MS, 'after the NATS restart');

      // Every game's recorded final reaches picks-scoring: the board (GET and the stream) as without a fault.
      const allFinal = (b: LiveLeaderboard) => b.gamesCentric.length === 4 && b.gamesCentric.every((g) => g.status === 'COMPLETE');
      const final = await eventually(
        async () => {
          const b = await board();
          return b && allFinal(b) ? b : undefined;
        },
        GAME_DAY_MINUTES * 60_000 + 90_000,
        'every game final on the board',
      );
      const scores = (b: LiveLeaderboard) => Object.fromEntries(b.gamesCentric.map((g) => [g.gameId, `${g.awayScore ?? '-'}-${g.homeScore ?? '-'}`]));
      const points = (b: LiveLeaderboard) => Object.fromEntries(b.standings.map((s) => [s.displayName, s.weekPoints]));
      expect(scores(final)).toEqual(WILD_CARD_FINALS);
      expect(points(final)).toEqual({ ...WILD_CARD_POINTS, 'Chris Commissioner': 0 });
      const streamed = await followers[0]!.waitFor(
        (b) => allFinal(b) && JSON.stringify(points(b)) === JSON.stringify(points(final)),
        EVENT_WAIT_MS,
        'the stream at the finals',
      );
      expect(scores(streamed)).toEqual(WILD_CARD_FINALS);

      // Scored and completed: each player's points counted once in the season.
      expect(await completeWildCardWeek(pool, pat, EVENT_WAIT_MS)).toEqual({ 'Pat Player': [6, 1], 'Casey Second': [3, 1], 'Chris Commissioner': [0, 0] });

      await everyEventStoredOnce(test!, nats!.url, EVENT_WAIT_MS * 2);
      expect(deadProcesses(test!)).toEqual([]);
    },
  );
});
