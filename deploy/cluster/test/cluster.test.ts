import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { eventStreamName } from '@powerpool/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, SERVICE_NAMES, SESSION_COOKIE, type CurrentUser } from '@powerpool/contracts';
import { TEST_NATS_URL, unavailableReason, upload, WILD_CARD_FINALS, WILD_CARD_PICKS, WILD_CARD_SPREADS, wildCardBatch } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { startCluster, type Cluster } from '../cluster.js';
import { createScratchDatabase, eventually, freePortBase, LogTail, signIn, type ScratchDatabase } from './helpers.js';

/**
 * Cluster mode end to end: one process per service, the gateway and the dev IdP (started through
 * `startCluster`), on the local PostgreSQL (a scratch database) and the shared NATS. Everything
 * below goes over real HTTP to the gateway; cross-process effects travel over real NATS.
 */

// Locally a missing Postgres or NATS skips with the printed reason; under CI=true this throws.
const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));

/**
 * The gateway keeps resolved sessions this long. Far longer than any wait below, so a change seen
 * within a wait was pushed by an event over NATS, not picked up by the cache expiring.
 */
const SESSION_CACHE_TTL_MS = 600_000;
/** How long an event may take from identity's outbox through NATS to the gateway. */
const EVENT_WAIT_MS = 10_000;

describe.skipIf(skipReason !== null)('cluster mode', () => {
  const logs = new LogTail();
  let database: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  let cluster: Cluster | undefined;
  let nats: NatsConnection | undefined;
  let url = '';
  const namespace = `cluster${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'powerpool-cluster-test-'));
    const portBase = await freePortBase();
    try {
      cluster = await startCluster({
        port: portBase,
        portBase,
        databaseUrl: database.url,
        natsUrl: TEST_NATS_URL,
        dataDir,
        // Its own subjects and event stream on the shared NATS: no other cluster or earlier run mixes in.
        env: { SESSION_CACHE_TTL_MS: String(SESSION_CACHE_TTL_MS), RATE_LIMIT_SIGNIN_PER_MINUTE: '1000', NATS_NAMESPACE: namespace },
        readyTimeoutMs: 150_000,
        log: logs.push,
      });
    } catch (err) {
      throw new Error(`the cluster did not start: ${(err as Error).message}\n--- cluster output (tail) ---\n${logs}`, { cause: err });
    }
    url = cluster.url;
    nats = await connect({ servers: TEST_NATS_URL, name: 'cluster-test' });
  });

  /** Events of this run travel as `<namespace>.<subject>`. */
  const subject = (s: string) => `${namespace}.${s}`;

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${logs}`);
  });

  afterAll(async () => {
    await cluster?.stop();
    if (nats) {
      await (await jetstreamManager(nats)).streams.delete(eventStreamName(namespace)).catch(() => false);
      await nats.close();
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function currentUser(session: { get(path: string): Promise<Response> }): Promise<CurrentUser> {
    const res = await session.get('/api/auth/user');
    expect(res.status).toBe(200);
    return currentUserSchema.parse(await res.json());
  }

  it('should answer 200 on /api/health and list every service ready when the cluster has started', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; services: Array<{ name: string; ready: boolean }> };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => s.name).sort()).toEqual([...SERVICE_NAMES].sort());
    expect(body.services.every((s) => s.ready)).toBe(true);
  });

  it("should keep the e-mails on this machine and list them at /dev-mail when SMTP_URL is not set (the launcher's mail catcher)", async () => {
    const res = await fetch(`${url}/dev-mail/messages.json`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('should report role super_admin on /api/auth/user when admin@powerpool.test signs in through the dev IdP', async () => {
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const me = await currentUser(admin);
    expect(me.email).toBe('admin@powerpool.test');
    expect(me.role).toBe('super_admin');

    const users = await admin.get('/api/admin/users/global');
    expect(users.status).toBe(200);
  });

  it('should answer 403 on /api/admin/users/global when a player asks', async () => {
    const player = await signIn(url, 'player@powerpool.test', DEV_PASSWORD);
    expect((await currentUser(player)).role).toBe('user');

    const res = await player.get('/api/admin/users/global');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('should return the new name from /api/auth/user and publish identity.user.profile-changed on NATS when the profile is updated', async () => {
    const player = await signIn(url, 'player@powerpool.test', DEV_PASSWORD);
    const before = await currentUser(player);
    const displayName = `Cluster Player ${Date.now()}`;

    // Listen before writing: the event must come from identity's outbox over the real NATS.
    const events = nats!.subscribe(subject('identity.user.profile-changed'));
    const seen = (async () => {
      for await (const msg of events) {
        const data = msg.json<{ user?: { id?: string; displayName?: string } }>();
        if (data.user?.id === before.id) return data.user;
      }
      return undefined;
    })();
    const timeout = setTimeout(() => events.unsubscribe(), EVENT_WAIT_MS);
    let event: Awaited<typeof seen>;
    try {
      const res = await player.put('/api/user/profile', { displayName, firstName: 'Cluster', lastName: 'Player' });
      expect(res.status).toBe(200);
      expect(currentUserSchema.parse(await res.json()).name).toBe(displayName);

      const after = await currentUser(player);
      expect(after.id).toBe(before.id);
      expect(after.name).toBe(displayName);
      expect(after.displayName).toBe(displayName);

      event = await seen;
    } finally {
      clearTimeout(timeout);
      events.unsubscribe();
    }
    expect(event, `no identity.user.profile-changed for ${before.id} on NATS within ${EVENT_WAIT_MS} ms`).toMatchObject({ id: before.id, displayName });
  });

  it('should let the gateway apply a role change at once when identity announces it over NATS', async () => {
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const player = await signIn(url, 'player2@powerpool.test', DEV_PASSWORD);
    const target = await currentUser(player);
    // This answer puts the player's session, as a plain user, in the gateway's cache.
    expect((await player.get('/api/admin/users/global')).status).toBe(403);

    const promoted = await admin.put(`/api/admin/users/${target.id}/role`, { role: 'super_admin' });
    expect(promoted.status).toBe(200);

    // Only identity.user.role-changed can drop the cached role before the cache's 10 minutes are up.
    const status = await eventually(
      async () => {
        const res = await player.get('/api/admin/users/global');
        await res.body?.cancel();
        return res.status === 200 ? res.status : undefined;
      },
      EVENT_WAIT_MS,
      'the promoted player still got 403 on /api/admin/users/global',
    );
    expect(status).toBe(200);
  });

  it('should answer 401 on /api/auth/user with the old cookie when the session was ended by /api/logout', async () => {
    const player = await signIn(url, 'player@powerpool.test', DEV_PASSWORD);
    await currentUser(player);

    const logout = await player.get('/api/logout');
    expect(logout.status).toBe(302);
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith('pp_session='));
    expect(cleared).toMatch(/^pp_session=;|Expires=Thu, 01 Jan 1970|Max-Age=0/i);

    // The gateway forgets the session when identity.session.ended arrives over NATS.
    const status = await eventually(
      async () => {
        const res = await player.get('/api/auth/user');
        await res.body?.cancel();
        return res.status === 401 ? res.status : undefined;
      },
      EVENT_WAIT_MS,
      'the ended session was still accepted on /api/auth/user',
    );
    expect(status).toBe(401);
  });

  it('should answer 400 naming the field, never 500, when a NUL reaches a service through the gateway signed out or signed in', async () => {
    const refused = (field: string) => ({
      error: 'validation_failed',
      message: expect.any(String),
      details: [{ field, problem: 'must not contain control characters' }],
    });
    const anonymous = await fetch(`${url}/api/invitations/%00`);
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toEqual(refused('token'));

    const player = await signIn(url, 'player2@powerpool.test', DEV_PASSWORD);
    const profile = await player.put('/api/user/profile', { displayName: 'Nul\u0000Player' });
    expect(profile.status).toBe(400);
    expect(await profile.json()).toEqual(refused('displayName'));
    const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
    const pool = await commissioner.post('/api/pools', { name: 'Cluster Pool', description: 'a\u0000b' });
    expect(pool.status).toBe(400);
    expect(await pool.json()).toEqual(refused('description'));
  });

  it('should answer 413 payload_too_large and close the connection, not 502, when a body over 1 MiB is sent to identity through the gateway', async () => {
    const player = await signIn(url, 'player2@powerpool.test', DEV_PASSWORD);
    for (const chunked of [false, true]) {
      const res = await upload(`${url}/api/user/profile`, { bytes: 4 * 1024 * 1024, chunked, headers: { cookie: `pp_session=${player.sessionId}` } });
      expect(res.status, `chunked ${chunked}`).toBe(413);
      expect(JSON.parse(res.body), `chunked ${chunked}`).toEqual({ error: 'payload_too_large', message: 'The request body is too large: the limit is 1 MiB.' });
      expect(res.closed, `chunked ${chunked}`).toBe(true);
    }
    // The gateway and identity still answer.
    expect((await player.get('/api/auth/user')).status).toBe(200);
  });

  it('should join a pool through an invitation across processes and show it in every service that keeps a copy', async () => {
    const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const joinerEmail = `cluster-joiner-${Date.now()}@powerpool.test`;
    const joiner = await signIn(url, joinerEmail, DEV_PASSWORD);
    const joinerId = (await currentUser(joiner)).id;

    const created = await commissioner.post('/api/pools', { name: `Cluster Pool ${Date.now()}` });
    expect(created.status).toBe(201);
    const pool = (await created.json()) as { id: string; name: string };
    const invitation = await commissioner.post(`/api/pools/${pool.id}/invitations`, { maxUses: 2 });
    expect(invitation.status).toBe(201);
    const { invitationToken } = (await invitation.json()) as { invitationToken: string };

    const used = await joiner.post(`/api/invitations/${invitationToken}/use`);
    expect(used.status).toBe(200);
    const mine = (await (await joiner.get('/api/user/pools')).json()) as Array<{ id: string }>;
    expect(mine.map((p) => p.id)).toContain(pool.id);

    // identity keeps pool assignments from pools-invitations' events (over NATS).
    const assigned = await eventually(
      async () => {
        const users = (await (await admin.get('/api/admin/users/global')).json()) as Array<{ id: string; poolAssignments: Array<{ poolId: string }> }>;
        return users.find((u) => u.id === joinerId)?.poolAssignments.some((a) => a.poolId === pool.id) ? true : undefined;
      },
      EVENT_WAIT_MS,
      'identity did not list the new pool assignment',
    );
    expect(assigned).toBe(true);

    // pools-invitations keeps e-mails from identity's events (over NATS).
    const member = await eventually(
      async () => {
        const members = (await (await commissioner.get(`/api/pools/${pool.id}/members/details`)).json()) as Array<{ userId: string; email: string }>;
        return members.find((m) => m.userId === joinerId && m.email === joinerEmail);
      },
      EVENT_WAIT_MS,
      'pools-invitations did not know the joiner by e-mail',
    );
    expect(member.email).toBe(joinerEmail);
  });

  it('should stream a teams import from the offline ESPN replay and stage 32 teams when the super admin imports', async () => {
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const res = await admin.post('/api/admin/unified-staging/import-teams/1', { year: 2025 });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^data: /m);
    expect(body).toContain('"type":"complete"');
    const teams = (await (await admin.get('/api/admin/unified-staging/teams/1')).json()) as unknown[];
    expect(teams).toHaveLength(32);
  });
  it('should run a real week end to end through the gateway: import the season, set spreads, publish, start, score and complete', async () => {
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
    const player = await signIn(url, 'player@powerpool.test', DEV_PASSWORD);

    // The bundled 2025 season, from the offline ESPN replay through staging into production.
    for (const step of ['import-teams', 'import-games']) {
      const res = await admin.post(`/api/admin/unified-staging/${step}/1`, { year: 2025 });
      expect(await res.text(), step).toContain('"type":"complete"');
    }
    expect((await admin.post('/api/admin/unified-staging/migrate-teams/1')).status).toBe(200);
    expect(await (await admin.get('/api/admin/unified-staging/migrate-games/1/stream')).text()).toContain('"type":"complete"');

    const created = await commissioner.post('/api/pools', { name: `Cluster Week Pool ${Date.now()}`, year: 2025 });
    expect(created.status).toBe(201);
    const pool = (await created.json()) as { id: string };
    // weeks-workflow learns the pool and the season over NATS; the replay's dates make week 1 upcoming.
    const current = await eventually(
      async () => {
        const res = await commissioner.get(`/api/weeks/current?poolId=${pool.id}`);
        return res.status === 200 ? ((await res.json()) as { weekNumber: number; state: string }) : undefined;
      },
      EVENT_WAIT_MS,
      'weeks-workflow did not know the pool and the season',
    );
    expect(current).toMatchObject({ weekNumber: 1, state: 'SETUP' });

    const games = (await (await commissioner.get(`/api/weeks/1/games/setup?poolId=${pool.id}`)).json()) as Array<{ id: string; isComplete: boolean }>;
    expect(games.length).toBeGreaterThan(1);
    const opener = games.find((g) => g.id === '401772510');
    expect(opener?.isComplete).toBe(true);
    const download = await commissioner.post(`/api/pools/${pool.id}/spreads/1/download`);
    expect(download.status).toBe(200);
    expect(((await download.json()) as { message: string }).message).toMatch(/^Downloaded spreads for \d+ of \d+ game\(s\) of Week 1 from ESPN\./);
    expect((await commissioner.put(`/api/pools/${pool.id}/spreads/401772510`, { spread: -7.5 })).status).toBe(200);
    expect((await player.put(`/api/pools/${pool.id}/spreads/401772510`, { spread: 1 })).status).toBe(403);

    const published = await commissioner.post(`/api/pools/${pool.id}/weeks/1/games/publish`, { gameIds: ['401772510'] });
    expect(published.status).toBe(200);
    const week = (await published.json()) as { currentState: string; pickDeadline: string };
    expect(week.currentState).toBe('PUBLISHED');
    expect(Date.parse(week.pickDeadline)).toBeGreaterThan(Date.now());
    const early = await commissioner.post(`/api/pools/${pool.id}/weeks/1/transition/games-in-progress`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe('deadline_not_passed');

    // The Testing tab's tool walks the week on; scoring refreshes the scores from the replay (the opener is final).
    for (const target of ['games-in-progress', 'scoring', 'complete']) {
      const res = await commissioner.post(`/api/pools/${pool.id}/weeks/1/transition/${target}`, { testing: true });
      expect(res.status, `${target}: ${await res.clone().text()}`).toBe(200);
    }
    const results = (await (await commissioner.get(`/api/pools/${pool.id}/weeks/1/games/published`)).json()) as Array<{
      homeScore: number;
      awayScore: number;
      lockedSpread: number;
      cover: string;
    }>;
    // DAL 20 @ PHI 24 with PHI -7.5: Dallas covers.
    expect(results).toEqual([expect.objectContaining({ homeScore: 24, awayScore: 20, lockedSpread: -7.5, cover: 'AWAY' })]);
    const log = (await (await commissioner.get(`/api/pools/${pool.id}/weeks/1/transitions`)).json()) as Array<{ toState: string; testing: boolean }>;
    expect(log.map((t) => [t.toState, t.testing])).toEqual([
      ['PUBLISHED', false],
      ['GAMES_IN_PROGRESS', true],
      ['SCORING', true],
      ['COMPLETE', true],
    ]);

    // pools-invitations asks weeks-workflow over NATS: the pool card's state, and the games deleted with the pool.
    const cards = (await (await admin.get('/api/admin/pools/details')).json()) as Array<{ id: string; currentWeekState: string | null }>;
    expect(cards.find((c) => c.id === pool.id)?.currentWeekState).toBe('COMPLETE');
    const deleted = await fetch(`${url}/api/admin/pools/${pool.id}`, { method: 'DELETE', headers: { cookie: `${SESSION_COOKIE}=${admin.sessionId}` } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ deletedGames: 1 });
    await eventually(
      async () => ((await commissioner.get(`/api/pools/${pool.id}/weeks/1/state`)).status === 404 ? true : undefined),
      EVENT_WAIT_MS,
      "weeks-workflow did not delete the pool's weeks",
    );
  });

  it("should take the players' picks to a scored season and name the week's winners by the tiebreaker when final scores are equal: publish the Wild Card week, pick (by emergency entry), lock, score, complete", async () => {
    const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
    const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
    const player = await signIn(url, 'player@powerpool.test', DEV_PASSWORD);
    const player2 = await signIn(url, 'player2@powerpool.test', DEV_PASSWORD);

    // The 2025 season (the replay records the Wild Card round final), into production.
    for (const step of ['import-teams', 'import-games'])
      expect(await (await admin.post(`/api/admin/unified-staging/${step}/1`, { year: 2025 })).text(), step).toContain('"type":"complete"');
    expect((await admin.post('/api/admin/unified-staging/migrate-teams/1')).status).toBe(200);
    expect(await (await admin.get('/api/admin/unified-staging/migrate-games/1/stream')).text()).toContain('"type":"complete"');

    // The pool names a winner every week: equal final scores go to the closest total of the last game (docs/game.md#weekly-winners).
    const created = await commissioner.post('/api/pools', {
      name: `Cluster Picks Pool ${Date.now()}`,
      year: 2025,
      allowsPostseason: true,
      weeklyTiebreaker: 'last_game_total',
    });
    expect(created.status).toBe(201);
    const pool = (await created.json()) as { id: string };
    const invitation = (await (await commissioner.post(`/api/pools/${pool.id}/invitations`, {})).json()) as { invitationToken: string };
    for (const p of [player, player2]) expect((await p.post(`/api/invitations/${invitation.invitationToken}/use`)).status).toBe(200);

    // Wild Card games (real finals) and the story's picks: libs/testing wild-card.ts.
    const spreads = WILD_CARD_SPREADS;
    await eventually(
      async () => ((await commissioner.get(`/api/weeks/19?poolId=${pool.id}`)).status === 200 ? true : undefined),
      EVENT_WAIT_MS,
      'weeks-workflow did not know the pool',
    );
    for (const [gameId, spread] of Object.entries(spreads))
      expect((await commissioner.put(`/api/pools/${pool.id}/spreads/${gameId}`, { spread })).status).toBe(200);
    const published = await commissioner.post(`/api/pools/${pool.id}/weeks/19/games/publish`, { gameIds: Object.keys(spreads) });
    expect(published.status, await published.clone().text()).toBe(200);
    const poolGames = (await (await player.get(`/api/pools/${pool.id}/weeks/19/games/published`)).json()) as Array<{
      id: string;
      poolGameId: string;
      isTiebreaker?: boolean;
    }>;
    const poolGameOf = Object.fromEntries(poolGames.map((g) => [g.id, g.poolGameId]));
    // The tiebreaker game is the last published by kickoff: SF 23 @ PHI 19, 42 points.
    expect(poolGames.filter((g) => g.isTiebreaker).map((g) => g.id)).toEqual(['401772980']);
    const total = WILD_CARD_FINALS['401772980']!.split('-').reduce((sum, score) => sum + Number(score), 0);
    expect(total).toBe(42);
    // player: CAR (covers +10.5) 3, GB (CHI covers) 2, BUF (push at 3) 1, power SF (covers) -> (3 + 0 + 0) x2 = 6.
    const picks1 = wildCardBatch(pool.id, poolGameOf, WILD_CARD_PICKS.pat).picks;
    // player2: LAR 3 (loses), CHI 2 (wins), SF 1 (wins), power JAX (push) -> (0 + 2 + 1) x1 = 3.
    const picks2 = wildCardBatch(pool.id, poolGameOf, WILD_CARD_PICKS.casey).picks;
    const save = (who: typeof player, picks: unknown[]) => who.post('/api/picks/batch', { weekId: '2025:19', picks });
    /** The error of a 409 reply, else undefined. */
    const conflictOf = async (res: Response) => (res.status === 409 ? ((await res.clone().json()) as { error: string }).error : undefined);
    // The replay reports these games final: a player's own save takes no pick on them (docs/game.md#started-games).
    const first = await eventually(
      async () => {
        const res = await save(player, picks1);
        return (await conflictOf(res)) === 'game_started' ? res : undefined;
      },
      EVENT_WAIT_MS,
      'picks-scoring did not know the published week',
    );
    expect(((await first.json()) as { message: string }).message).toContain('has already started: picks on it are locked.');
    const incomplete = await save(player2, picks2.slice(1));
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { message: string }).message).toBe(
      'You must select all three confidence picks: 3pt is missing. Each pick must be on a different game.',
    );
    // The commissioner's emergency entry is not bound by it (recorded, after the fact): both players' picks,
    // and the commissioner's own (a member too) as Pat's, so that they finish level; each with a tiebreaker:
    // Pat 40 (2 under), the commissioner 47 (5 over), Casey 42 (exact, but a lower score).
    const members = (await (await commissioner.get(`/api/pools/${pool.id}/members`)).json()) as Array<{ userId: string; email?: string }>;
    const userIdOf = (email: string) => members.find((m) => m.email === email)!.userId;
    const enter = (email: string, picks: typeof picks1, tiebreaker: number) =>
      commissioner.post('/api/picks/commissioner-override', {
        targetUserId: userIdOf(email),
        poolId: pool.id,
        weekNumber: 19,
        overrideReason: 'Phoned in before kickoff',
        picks: picks.map(({ poolId: _p, weekNumber: _w, ...pick }) => pick),
        tiebreaker,
      });
    for (const [email, picks, tiebreaker] of [
      ['player@powerpool.test', picks1, 40],
      ['player2@powerpool.test', picks2, 42],
      ['commissioner@powerpool.test', picks1, 47],
    ] as const) {
      const entered = await enter(email, picks, tiebreaker);
      expect(entered.status, await entered.clone().text()).toBe(200);
    }

    // Before the deadline: members see no one's picks on the live board; the commissioner does.
    const early = await player.get(`/api/pools/${pool.id}/weeks/19/live-leaderboard`);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ status: 'picks_not_available' });
    expect(
      ((await (await commissioner.get(`/api/pools/${pool.id}/weeks/19/live-leaderboard`)).json()) as { metadata: { accessLevel: string } }).metadata
        .accessLevel,
    ).toBe('COMMISSIONER_ACCESS');

    // Games start (the Testing tab's tool): picks lock and everyone's picks show.
    expect((await commissioner.post(`/api/pools/${pool.id}/weeks/19/transition/games-in-progress`, { testing: true })).status).toBe(200);
    const locked = await eventually(
      async () => {
        const res = await save(player, picks1);
        return (await conflictOf(res)) === 'picks_locked' ? res : undefined;
      },
      EVENT_WAIT_MS,
      'picks-scoring did not lock the week',
    );
    expect(locked.status).toBe(409);
    const board = (await (await player.get(`/api/pools/${pool.id}/weeks/19/live-leaderboard`)).json()) as {
      metadata: { accessLevel: string };
      standings: Array<{ displayName: string; weekPoints: number; picks: unknown[] }>;
    };
    expect(board.metadata.accessLevel).toBe('FULL_ACCESS');
    expect(board.standings.filter((s) => s.picks.length === 4)).toHaveLength(3);

    // Scoring, calculated, completed: the season standings count the week.
    expect((await commissioner.post(`/api/pools/${pool.id}/weeks/19/transition/scoring`, { testing: true })).status).toBe(200);
    const calculated = await eventually(
      async () => {
        const res = await commissioner.post(`/api/pools/${pool.id}/weeks/19/scores/calculate`);
        return res.status === 409 ? undefined : res;
      },
      EVENT_WAIT_MS,
      'picks-scoring did not see the week in SCORING',
    );
    expect(calculated.status, await calculated.clone().text()).toBe(200);
    type Review = {
      rows: Array<{ email: string; rawPoints: number; multiplier: number; totalPoints: number; tiebreaker?: number | null; isWeekWinner?: boolean }>;
    };
    const readReview = async () => (await (await commissioner.get(`/api/pools/${pool.id}/weeks/19/scoring-review`)).json()) as Review;
    const winnersOf = (review: Review) =>
      review.rows
        .filter((r) => r.isWeekWinner)
        .map((r) => r.email)
        .sort();
    const review = await readReview();
    const row = (email: string) => review.rows.find((r) => r.email === email);
    expect(row('player@powerpool.test')).toMatchObject({ rawPoints: 3, multiplier: 2, totalPoints: 6, tiebreaker: 40 });
    expect(row('player2@powerpool.test')).toMatchObject({ rawPoints: 3, multiplier: 1, totalPoints: 3, tiebreaker: 42 });
    expect(row('commissioner@powerpool.test')).toMatchObject({ rawPoints: 3, multiplier: 2, totalPoints: 6, tiebreaker: 47 });
    // Pat and the commissioner share the highest score; Pat's prediction is closer (2 against 5): Pat alone wins.
    expect(winnersOf(review)).toEqual(['player@powerpool.test']);
    // The commissioner's prediction corrected to 44 (recalculated at once): over by 2 ties under by 2, the win is shared.
    const corrected = await enter('commissioner@powerpool.test', picks1, 44);
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect(((await corrected.json()) as { autoRecalculated: boolean }).autoRecalculated).toBe(true);
    const shared = await readReview();
    expect(shared.rows.find((r) => r.email === 'commissioner@powerpool.test')).toMatchObject({ totalPoints: 6, tiebreaker: 44 });
    expect(winnersOf(shared)).toEqual(['commissioner@powerpool.test', 'player@powerpool.test']);
    expect((await commissioner.post(`/api/pools/${pool.id}/weeks/19/transition/complete`, { testing: true })).status).toBe(200);
    const standings = await eventually(
      async () => {
        const res = (await (await player.get(`/api/pools/${pool.id}/seasons/2025/leaderboard`)).json()) as Array<{
          user: { displayName: string };
          rank: number;
          totalPoints: number;
          weeksPlayed: number;
        }>;
        return res.some((e) => e.totalPoints > 0) ? res : undefined;
      },
      EVENT_WAIT_MS,
      'the season standings did not count the completed week',
    );
    // The season standings keep their shared ranks: Pat and the commissioner level first.
    expect(standings.map((e) => [e.rank, e.totalPoints, e.weeksPlayed])).toEqual([[1, 6, 1], [1, 6, 1], [3, 3, 1], ...standings.slice(3).map(() => [4, 0, 0])]);
  });
});
