import { randomInt } from 'node:crypto';
import pg from 'pg';
import { PICK_MESSAGES, SESSION_COOKIE, type BatchPicksReply, type WeekStatus } from '@powerpool/contracts';
import { signInThroughGateway, WILD_CARD_SPREADS, WILD_CARD_WEEK } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { eventually, signIn, type SignedIn, type TestCluster } from './helpers.js';
import { batchBody, choiceOf, distinctFullSaves, isOk, picksRowsByPlayer, saveKey, storedKey, weekGames, type SaveRecord, type WeekGame } from './saves.js';

/**
 * The rush at the picks deadline (docs/game.md#the-servers-clock), shared by deploy/cluster/test/deadline-rush.test.ts
 * and bench/deadline-rush.bench.ts: `players` first-use accounts signed in through the gateway and
 * members of one pool; the Wild Card week published with a deadline `leadSeconds` ahead; each
 * player sends one full save (3/2/1 and a power pick, a different one per player) at a random
 * moment within the last RUSH_WINDOW_MS before the deadline, and every `lateEvery`-th player one
 * more (another choice) at a random moment within LATE_WINDOW_MS after it. Then what each player
 * has stored is read back (API and database) and held against what was sent and answered.
 *
 * The near deadline is made the honest way, through the real endpoints: the deadline is fixed at
 * publish, 10 minutes before the earliest kickoff of the published games (docs/game.md#deadline), so the
 * replayed game day is moved to kick off 10 minutes + `leadSeconds` from now
 * (`cluster.replay.gameDay.start`) before the super admin imports the week's games from it; the
 * commissioner then sets spreads and publishes. The server's clock decides; the test process runs
 * on the same machine, so its Date.now() is the same clock.
 */

export const RUSH_WINDOW_MS = 2_000;
export const LATE_WINDOW_MS = 1_000;
/** A save not answered within this long counts as hung. */
export const RUSH_HANG_MS = 60_000;
/** The two Wild Card games the story leaves out, with spreads of our own: six games make enough different saves for 500 players. */
const EXTRA_SPREADS: Readonly<Record<string, number>> = { '401772978': -3, '401772976': 2.5 };

export interface RushOptions {
  players: number;
  /** Every n-th player also saves once after the deadline. */
  lateEvery: number;
  /** Seconds from moving the kickoff to the deadline: the import and publish must fit in. */
  leadSeconds: number;
  /** Sign-ins in flight while seeding. */
  signInConcurrency?: number;
  log?: (line: string) => void;
}

interface RushPlayer {
  email: string;
  session: SignedIn;
  cookie: string;
}

export interface RushWorld {
  url: string;
  databaseUrl: string;
  poolId: string;
  games: WeekGame[];
  players: RushPlayer[];
  commissioner: SignedIn;
}

async function ok(what: string, res: Response, status = 200): Promise<string> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text.slice(0, 500)}`);
  return text;
}

/** Runs `fn` over `items` with at most `concurrency` in flight. */
async function inLanes<T>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/**
 * Everything before the week is published: the 2025 teams imported, a pool (postseason on), and
 * `players` first-use accounts (`rush.<n>@powerpool.test`) signed in through the gateway and joined
 * by invitation, each known to picks-scoring as an active member.
 */
export async function seedRushPool(test: TestCluster, options: RushOptions): Promise<Omit<RushWorld, 'games'>> {
  const log = options.log ?? (() => {});
  const { url } = test;
  const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
  const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
  const teams = await ok('import-teams', await admin.post('/api/admin/unified-staging/import-teams/1', { year: 2025 }));
  if (!teams.includes('"type":"complete"')) throw new Error(`import-teams did not complete: ${teams.slice(-500)}`);
  await ok('migrate-teams', await admin.post('/api/admin/unified-staging/migrate-teams/1'));
  const pool = JSON.parse(
    await ok(
      'create pool',
      await commissioner.post('/api/pools', { name: `Deadline Rush ${Date.now()}`, year: 2025, allowsPostseason: true, maxMembers: 1000 }),
      201,
    ),
  ) as { id: string };
  const invitation = JSON.parse(await ok('invite', await commissioner.post(`/api/pools/${pool.id}/invitations`, {}), 201)) as { invitationToken: string };

  const emails = Array.from({ length: options.players }, (_, i) => `rush.${String(i).padStart(3, '0')}@powerpool.test`);
  const players: RushPlayer[] = new Array(emails.length);
  const started = Date.now();
  await inLanes(emails, options.signInConcurrency ?? 12, async (email, i) => {
    const sessionId = await signInThroughGateway(url, { email, password: DEV_PASSWORD });
    const cookie = `${SESSION_COOKIE}=${sessionId}`;
    const session: SignedIn = {
      sessionId,
      get: (path) => fetch(`${url}${path}`, { headers: { cookie }, redirect: 'manual' }),
      put: (path, body) =>
        fetch(`${url}${path}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body), redirect: 'manual' }),
      post: (path, body) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          redirect: 'manual',
        }),
    };
    await ok(`${email} joins`, await session.post(`/api/invitations/${invitation.invitationToken}/use`));
    players[i] = { email, session, cookie };
  });
  log(`${players.length} players signed in through the gateway and joined in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // picks-scoring learns the members from events: all of them (and the commissioner) before the rush.
  await eventually(
    async () => {
      const res = await commissioner.get(`/api/admin/weeks/${WILD_CARD_WEEK}/pick-stats?poolId=${pool.id}`);
      if (res.status !== 200) return undefined;
      const stats = (await res.json()) as { totalUsers: number };
      return stats.totalUsers >= players.length + 1 ? true : undefined;
    },
    60_000,
    'picks-scoring did not know every member',
  );
  return { url, databaseUrl: test.databaseUrl, poolId: pool.id, players, commissioner };
}

/**
 * Moves the first kickoff to 10 minutes + `leadSeconds` from now, imports the Wild Card week's
 * games from the replay into production, sets the six spreads and publishes them: the pool's
 * deadline is then about `leadSeconds` after the move. Returns the deadline weeks-workflow fixed
 * and the published games (once picks-scoring takes saves of the week).
 */
export async function publishNearDeadline(
  test: TestCluster,
  world: Omit<RushWorld, 'games'>,
  options: RushOptions,
): Promise<{ deadline: Date; games: WeekGame[] }> {
  const log = options.log ?? (() => {});
  const { url } = test;
  const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
  const { commissioner, poolId } = world;
  const moved = Date.now();
  test.cluster.replay!.gameDay.start({ kickoffInSeconds: 600 + options.leadSeconds });
  const games = await ok('import-games', await admin.post('/api/admin/unified-staging/import-games/1', { year: 2025 }));
  if (!games.includes('"type":"complete"')) throw new Error(`import-games did not complete: ${games.slice(-500)}`);
  await ok('migrate-games', await admin.get('/api/admin/unified-staging/migrate-games/1/stream'));
  const spreads = { ...WILD_CARD_SPREADS, ...EXTRA_SPREADS };
  for (const [gameId, spread] of Object.entries(spreads)) {
    await eventually(
      async () => ((await commissioner.put(`/api/pools/${poolId}/spreads/${gameId}`, { spread })).status === 200 ? true : undefined),
      30_000,
      `spread ${gameId}`,
    );
  }
  await ok('publish', await commissioner.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/publish`, { gameIds: Object.keys(spreads) }));
  const state = JSON.parse(await ok('week state', await commissioner.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`))) as WeekStatus;
  const deadline = new Date(state.pickDeadline!);
  const published = await eventually(
    async () => {
      const res = await world.players[0]!.session.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/published`);
      await res.body?.cancel();
      if (res.status !== 200) return undefined;
      const list = await weekGames(world.players[0]!.session, poolId, WILD_CARD_WEEK);
      return list.length === Object.keys(spreads).length ? list : undefined;
    },
    30_000,
    'the published week did not reach the players',
  );
  // picks-scoring takes saves of the week (it learns of the publish from an event): the commissioner,
  // a member who is not in the rush, saves once.
  await eventually(
    async () => {
      const res = await commissioner.post('/api/picks/batch', batchBody(poolId, 2025, WILD_CARD_WEEK, published, choiceOf(published, 0)));
      await res.body?.cancel();
      return res.status === 200 ? true : undefined;
    },
    30_000,
    'picks-scoring did not take saves of the published week',
  );
  log(
    `published ${published.length} games in ${((Date.now() - moved) / 1000).toFixed(1)} s; deadline ${deadline.toISOString()}, ${((deadline.getTime() - Date.now()) / 1000).toFixed(1)} s ahead`,
  );
  if (deadline.getTime() - Date.now() < RUSH_WINDOW_MS + 1_000)
    throw new Error(`the deadline came too close while publishing (raise leadSeconds, ${options.leadSeconds} now)`);
  return { deadline, games: published };
}

/** One save of the rush: who, which kind, and its record. */
export interface RushSave extends SaveRecord {
  late: boolean;
  /** The server's time of a 2xx save (its reply's savedAt). */
  savedAt?: string;
}

/**
 * The rush: each player's save at a random moment within the last RUSH_WINDOW_MS before
 * `deadline`; every `lateEvery`-th player's second save within LATE_WINDOW_MS after it.
 */
export async function rush(world: RushWorld, deadline: Date, options: RushOptions): Promise<RushSave[]> {
  const { games, poolId, url } = world;
  if (distinctFullSaves(games.length) < world.players.length * 2) throw new Error('not enough different saves for every player');
  const at = deadline.getTime();
  const plans = world.players.flatMap((player, i) => {
    const first = { player, late: false, when: at - RUSH_WINDOW_MS + randomInt(0, RUSH_WINDOW_MS), picks: choiceOf(games, 1 + i) };
    if (i % options.lateEvery !== 0) return [first];
    return [first, { player, late: true, when: at + randomInt(0, LATE_WINDOW_MS), picks: choiceOf(games, 1 + world.players.length + i) }];
  });
  const bodies = plans.map((p) => JSON.stringify(batchBody(poolId, 2025, WILD_CARD_WEEK, games, p.picks)));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  return Promise.all(
    plans.map(async (plan, i): Promise<RushSave> => {
      await sleep(plan.when - Date.now());
      const sentAt = Date.now();
      const record: RushSave = {
        player: plan.player.email,
        seq: plan.late ? 1 : 0,
        sent: saveKey(plan.picks),
        status: 'network',
        sentAt,
        answeredAt: sentAt,
        late: plan.late,
      };
      try {
        const res = await fetch(`${url}/api/picks/batch`, {
          method: 'POST',
          headers: { cookie: plan.player.cookie, 'content-type': 'application/json' },
          body: bodies[i]!,
          redirect: 'manual',
          signal: AbortSignal.timeout(RUSH_HANG_MS),
        });
        const text = await res.text();
        record.status = res.status;
        record.answeredAt = Date.now();
        const body = (() => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        })();
        if (isOk(record)) record.savedAt = (body as BatchPicksReply).savedAt;
        else record.error = body as SaveRecord['error'];
      } catch (err) {
        const name = (err as Error).name;
        record.status = name === 'TimeoutError' || name === 'AbortError' ? 'hung' : 'network';
        record.error = `${name}: ${(err as Error).message}`;
        record.answeredAt = Date.now();
      }
      return record;
    }),
  );
}

/** The figures of a rush, and every broken promise found. */
export interface RushReport {
  sent: number;
  sentBeforeDeadline: number;
  sentAfterDeadline: number;
  ok: number;
  refused: number;
  /**
   * Refused though sent before the deadline: they reached picks-scoring after it (on the way
   * there: the client, the gateway). A save counts from its arrival at the service (docs/game.md#the-servers-clock:
   * a pick that arrives after the deadline is refused), so a save queued behind the rush once it
   * has arrived is still taken (`okTurnAfterDeadline`).
   */
  refusedSentBefore: number;
  /** 2xx saves whose turn came at or after the deadline (their savedAt): they arrived in time. */
  okTurnAfterDeadline: number;
  /** Anything else: 5xx, other 4xx, hung, no answer. */
  failed: number;
  /** A 2xx save not stored exactly as sent (and not replaced by a later 2xx save of the player). */
  lost: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Saves answered per second, from the first sent to the last answered. */
  throughput: number;
  /**
   * Players whose stored picks committed after the deadline (the commit's own time,
   * pg_xact_commit_timestamp; null when the server does not track commit times). A figure, not a
   * violation: those saves arrived in time and waited their turn.
   */
  committedAfterDeadline: number | null;
  /** Every violation, one line each: empty when the rush kept every promise. */
  violations: string[];
}

/**
 * Holds the rush against what was promised:
 * - every save is answered 2xx or refused with the product's deadline refusal (409 `picks_locked`,
 *   PICK_MESSAGES.picksLocked, the deadline in its details); nothing else (no 5xx, nothing hung);
 * - a save sent after the deadline is refused (a 2xx save arrived before it: it was sent before
 *   it); a refusal never comes back before the deadline;
 * - what each player has stored (through the API) is exactly their last 2xx save, or nothing when
 *   none was 2xx; the database rows of the week are those picks, each once (nothing partial).
 */
export async function checkRush(world: RushWorld, deadline: Date, saves: RushSave[]): Promise<RushReport> {
  const at = deadline.getTime();
  const violations: string[] = [];
  const refusal = { error: 'picks_locked', message: PICK_MESSAGES.picksLocked, details: { pickDeadline: deadline.toISOString() } };
  let refused = 0;
  let failed = 0;
  for (const s of saves) {
    const what = `${s.player} ${s.late ? 'late' : 'rush'} save sent ${s.sentAt - at} ms from the deadline`;
    if (isOk(s)) {
      if (s.sentAt >= at) violations.push(`${what}: sent after the deadline and answered ${s.status}`);
    } else if (s.status === 409 && JSON.stringify(s.error) === JSON.stringify(refusal)) {
      refused++;
      if (s.answeredAt < at) violations.push(`${what}: refused before the deadline (answered ${s.answeredAt - at} ms)`);
    } else {
      failed++;
      violations.push(`${what}: ${s.status} ${JSON.stringify(s.error)}`);
    }
  }

  let lost = 0;
  const stored: string[] = [];
  await inLanes(world.players, 16, async (player) => {
    const mine = saves.filter((s) => s.player === player.email).sort((a, b) => a.sentAt - b.sentAt);
    const last = mine.filter(isOk).at(-1);
    const key = await storedKey(player.session, world.poolId, 2025, WILD_CARD_WEEK);
    stored.push(key);
    if (key !== (last?.sent ?? '')) {
      if (last) lost++;
      violations.push(`${player.email}: stored "${key}", last 2xx save "${last?.sent ?? '(none)'}"`);
    }
  });
  // The rows behind them (the commissioner's warm-up save among them): each player's picks once.
  const rows = (await picksRowsByPlayer(world.databaseUrl, world.poolId, WILD_CARD_WEEK)).sort();
  const expected = [...stored.filter((k) => k !== ''), saveKey(choiceOf(world.games, 0))].sort();
  if (JSON.stringify(rows) !== JSON.stringify(expected))
    violations.push(`the database rows of the week differ from the stored picks: ${rows.length} players with rows, ${expected.length} expected`);

  const committedAfterDeadline = await commitsAfter(world.databaseUrl, world.poolId, deadline);

  const latencies = saves.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  const span = (Math.max(...saves.map((s) => s.answeredAt)) - Math.min(...saves.map((s) => s.sentAt))) / 1000;
  return {
    sent: saves.length,
    sentBeforeDeadline: saves.filter((s) => s.sentAt < at).length,
    sentAfterDeadline: saves.filter((s) => s.sentAt >= at).length,
    ok: saves.filter(isOk).length,
    refused,
    refusedSentBefore: saves.filter((s) => s.status === 409 && s.sentAt < at).length,
    okTurnAfterDeadline: saves.filter((s) => isOk(s) && s.savedAt !== undefined && Date.parse(s.savedAt) >= at).length,
    failed,
    lost,
    committedAfterDeadline,
    latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1) ?? Number.NaN },
    throughput: Math.round((saves.length / span) * 10) / 10,
    violations,
  };
}

/** How many players' week picks committed at or after `deadline` (null without track_commit_timestamp). */
async function commitsAfter(databaseUrl: string, poolId: string, deadline: Date): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'track_commit_timestamp'");
    if (rows[0]?.setting !== 'on') return null;
    const late = await client.query<{ n: number }>(
      'SELECT count(DISTINCT user_id)::int AS n FROM picks.picks WHERE pool_id = $1 AND week_number = $2 AND pg_xact_commit_timestamp(xmin) >= $3',
      [poolId, WILD_CARD_WEEK, deadline],
    );
    return late.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** The whole scenario on a started cluster: seed, publish with a near deadline, wait, rush, check. */
export async function runDeadlineRush(test: TestCluster, options: RushOptions): Promise<{ report: RushReport; deadline: Date; saves: RushSave[] }> {
  const seeded = await seedRushPool(test, options);
  const { deadline, games } = await publishNearDeadline(test, seeded, options);
  const world: RushWorld = { ...seeded, games };
  const saves = await rush(world, deadline, options);
  const report = await checkRush(world, deadline, saves);
  return { report, deadline, saves };
}

/** The report as the bench prints it and bench/README.md keeps it. */
export function formatRushReport(report: RushReport, options: RushOptions, replicas: number): string {
  return [
    `${options.players} players, one save each in the last ${RUSH_WINDOW_MS / 1000} s before the deadline, every ${options.lateEvery}th one more within ${LATE_WINDOW_MS / 1000} s after it; ${replicas} picks-scoring replica(s), through the gateway`,
    `saves sent: ${report.sent} (${report.sentBeforeDeadline} before the deadline, ${report.sentAfterDeadline} after)`,
    `2xx: ${report.ok} (${report.okTurnAfterDeadline} of them arrived in time and had their turn after the deadline), refused (409 picks_locked): ${report.refused} (${report.refusedSentBefore} of them sent before the deadline, reaching picks-scoring after it), other answers (5xx, hung, ...): ${report.failed}`,
    `latency: p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
    `throughput: ${report.throughput} saves answered a second (first sent to last answered)`,
    `lost (2xx but not stored as sent): ${report.lost}`,
    `players whose picks committed after the deadline (arrived in time, committed later): ${report.committedAfterDeadline ?? 'not tracked'}`,
    `violations: ${report.violations.length}`,
  ].join('\n');
}
