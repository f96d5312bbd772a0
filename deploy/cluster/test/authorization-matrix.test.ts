import { createECDH, createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, SESSION_COOKIE, type Endpoint, type LiveLeaderboard } from '@powerpool/contracts';
import { Browser, parseForm, unavailableReason, WILD_CARD_PICKS, WILD_CARD_SPREADS, WILD_CARD_WEEK } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { DEV_UNSUBSCRIBE_SECRET } from '@powerpool/notifications/config';
import {
  ACCESS_CODES,
  AFTER_DEADLINE_MATRIX,
  AUTHORIZATION_MATRIX,
  PUBLIC_POOL_MATRIX,
  STATE_CHANGING_GETS,
  type ExpectedAnswer,
  type MatrixRow,
} from './authorization-matrix.js';
import {
  buildContractWorld,
  declaredEndpoints,
  fillPath,
  samplePathParams,
  WORLD_ROLES,
  type ContractWorld,
  type WorldCaller,
  type WorldRole,
} from './contract-world.js';
import { eventually, signIn, startTestCluster, type SignedIn, type TestCluster } from './helpers.js';

/**
 * The authorization matrix (docs/roles.md#enforcement), generated from the endpoint contracts: every declared
 * endpoint x the six callers of the contract world (anonymous, a player of the pool, a player of
 * another pool, the pool's commissioner, another commissioner, the super admin), against the
 * expected answer written once per cell in authorization-matrix.ts. A test fails when an endpoint
 * has no row or a row names no endpoint.
 *
 * A cluster (one process per service, real PostgreSQL and NATS, real HTTP through the gateway).
 * Each cell sends a request that succeeds for a caller who is let through (valid body, the world's
 * ids), so a 401/403 is about access and nothing else. In this order:
 * 1. every refused cell, on the world as built: the one error reply shape with the cell's code, and
 *    a refused call changes nothing: the digest of every row of every service schema (sessions,
 *    outbox, migrations and leases aside) is compared before and after each state-changing call;
 * 2. cross-site: every state-changing endpoint sent with Sec-Fetch-Site: cross-site in the super
 *    admin's browser: 403 cross_site_request, no row changed;
 *    then reads change nothing: every other GET (sign-in navigations aside), let through, leaves the digest as it was;
 * 3. every allowed cell: 2xx (302 for the sign-in navigations) or a 409/410 state conflict; an
 *    allowed write changes rows (same digest); a destructive one (delete a pool, remove a member,
 *    change a role, publish, transition, sign out...) works on a throwaway target made for that
 *    cell through the API, so the world stays as each row describes. Streams are read up to their
 *    status and headers, then aborted;
 * 4. after the picks deadline (the commissioner starts the games): the rows it changes, every caller;
 * 5. a member made inactive: answered as a non-member wherever membership matters;
 * 6. a pool handed to another commissioner: the old one refused on its manager-only rows, the new one reads them;
 *    a commissioner demoted to user, on the same session: refused on every manager-only row of his pool;
 * 7. a public pool: its live rows before and after the deadline (PUBLIC_ACCESS);
 * 8. a pool deleted by the super admin: 404 pool_not_found wherever a caller was let through.
 * The row test prints the cell counts. Cells run one after the other: a call that wrongly changes
 * rows through an event (another service's copy) may show in the NEXT cell's digest as well, so
 * read failures in order; the first is the culprit.
 */

const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));

/** How long an event may take through the outbox and NATS to another service's projection. */
const EVENT_WAIT_MS = 20_000;

/** The accounts behind the world's signed-in callers (contract-world.ts). */
const ROLE_EMAILS: Record<Exclude<WorldRole, 'anonymous'>, string> = {
  player: 'player@powerpool.test',
  otherPlayer: 'outsider@powerpool.test',
  commissioner: 'commissioner@powerpool.test',
  otherCommissioner: 'commissioner2@powerpool.test',
  superAdmin: 'admin@powerpool.test',
};

const title = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** One cell's request. */
interface CellRequest {
  path: string;
  body?: unknown;
  /** The caller to send it as, when not the world's own caller of the role (a fresh session). */
  caller?: WorldCaller;
  /**
   * After an allowed answer, what to check: by default, for a state-changing endpoint, that rows
   * changed; `none` where the write may rightly leave every row as it was (said at the plan); or a
   * check of its own.
   */
  effect?: 'none' | ((res: Response, text: string) => Promise<void>);
}

interface CellContext {
  world: ContractWorld;
  role: WorldRole;
  /** True when the cell is expected to be let through (a destructive write gets a fresh target). */
  allowed: boolean;
  /** The world's week has moved past its picks deadline. */
  afterDeadline: boolean;
  fixtures: Fixtures;
}

/** What the world does not hold and some rows need. */
interface Fixtures {
  /** A second pool of `commissioner` with Pat as a member, its Wild Card week in SETUP with every spread set. */
  setupPoolId: string;
  /** Casey (player2@), the pool's other plain member: whose picks the overrides of the matrix replace. */
  caseyId: string;
  /** commissioner@ as a SignedIn (for making throwaway targets). */
  commissioner: SignedIn;
  otherCommissioner: SignedIn;
  superAdmin: SignedIn;
}

let counter = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`;

async function ok<T>(what: string, res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A pool of `owner` (2025, postseason on), known to weeks-workflow and picks-scoring. */
async function freshPool(owner: SignedIn): Promise<string> {
  const pool = await ok<{ id: string }>(
    'create a throwaway pool',
    await owner.post('/api/pools', { name: unique('Matrix pool'), year: 2025, allowsPostseason: true }),
    201,
  );
  await eventually(
    async () => ((await owner.get(`/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/state`)).status === 200 ? true : undefined),
    EVENT_WAIT_MS,
    'weeks-workflow did not know the pool',
  );
  await eventually(
    async () => ((await owner.get(`/api/pools/${pool.id}/completed-weeks`)).status === 200 ? true : undefined),
    EVENT_WAIT_MS,
    'picks-scoring did not know the pool',
  );
  return pool.id;
}

/** A throwaway pool of `owner` whose Wild Card week is in SETUP with every spread set. */
async function freshSetupPool(owner: SignedIn): Promise<string> {
  const poolId = await freshPool(owner);
  for (const [gameId, spread] of Object.entries(WILD_CARD_SPREADS))
    await ok(`spread ${gameId}`, await owner.put(`/api/pools/${poolId}/spreads/${gameId}`, { spread }));
  return poolId;
}

/** A throwaway pool of `owner` with Pat (signed in anew) a member and the Wild Card week published. */
async function freshPublishedPoolWithPat(url: string, owner: SignedIn): Promise<{ poolId: string; pat: SignedIn }> {
  const poolId = await freshSetupPool(owner);
  const pat = await signIn(url, ROLE_EMAILS.player, DEV_PASSWORD);
  await ok('Pat joins', await pat.post(`/api/invitations/${(await freshInvitation(owner, poolId)).invitationToken}/use`));
  await ok('publish', await owner.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/publish`, { gameIds: Object.keys(WILD_CARD_SPREADS) }));
  await eventually(
    async () => ((await pat.get(`/api/pools/${poolId}/completed-weeks`)).status === 200 ? true : undefined),
    EVENT_WAIT_MS,
    'picks-scoring did not know Pat in the pool',
  );
  return { poolId, pat };
}

async function freshInvitation(owner: SignedIn, poolId: string): Promise<{ id: string; invitationToken: string }> {
  return ok('create a throwaway invitation', await owner.post(`/api/pools/${poolId}/invitations`, {}), 201);
}

/** A first-use account, signed in, joined to `poolId` by invitation; its user id. */
async function freshMember(url: string, owner: SignedIn, poolId: string): Promise<string> {
  const who = await signIn(url, `${unique('matrix')}@powerpool.test`, DEV_PASSWORD);
  const invitation = await freshInvitation(owner, poolId);
  await ok('join', await who.post(`/api/invitations/${invitation.invitationToken}/use`));
  return (await ok<{ id: string }>('current user', await who.get('/api/auth/user'))).id;
}

/** A caller with a session of its own for the role's account (for cells that end or replace a session). */
async function freshCaller(url: string, role: WorldRole): Promise<WorldCaller> {
  if (role === 'anonymous') return anonymousCaller(url);
  const session = await signIn(url, ROLE_EMAILS[role], DEV_PASSWORD);
  return cookieCaller(url, role, `${SESSION_COOKIE}=${session.sessionId}`);
}

function cookieCaller(url: string, role: WorldRole, cookie: string | null): WorldCaller {
  return {
    role,
    userId: null,
    cookie,
    request(method, path, init = {}) {
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      let body: string | undefined;
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      return fetch(`${url}${path}`, { method, headers: { ...headers, ...init.headers }, body, redirect: 'manual', signal: init.signal });
    },
  };
}
const anonymousCaller = (url: string) => cookieCaller(url, 'anonymous', null);

/** The session cookie a reply sets, if any. */
function sessionSet(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === SESSION_COOKIE && pair.slice(eq + 1)) return pair.slice(eq + 1);
  }
  return undefined;
}

/** The picks body of Pat's Wild Card picks in `poolId` (the caller's own picks). */
const picksBody = (poolId: string) => ({
  weekId: `2025:${WILD_CARD_WEEK}`,
  picks: WILD_CARD_PICKS.pat.map(([gameId, team, rank]) => ({
    poolId,
    gameEspnCompetitionId: gameId,
    selectedTeamEspnId: team,
    confidenceRank: rank,
    isPowerPick: rank === 0,
    weekNumber: WILD_CARD_WEEK,
  })),
});

/**
 * How each endpoint's cell is sent: by default the endpoint's path filled from the world (the
 * pool of `player`/`commissioner`) and no body. Rows that need a body, a query or a fresh target
 * say so here; `samplePathParams` throws on a parameter it does not know, so a new endpoint with a
 * new parameter fails loudly.
 */
type Plan = (ctx: CellContext, endpoint: Endpoint) => Promise<CellRequest>;
const worldPath = (ctx: CellContext, endpoint: Endpoint, overrides: Record<string, string> = {}) =>
  fillPath(endpoint, samplePathParams(endpoint, ctx.world.ids, overrides));
const withPoolQuery = (ctx: CellContext, path: string) => `${path}?poolId=${encodeURIComponent(ctx.world.ids.poolId)}`;

/** An e-mail's unsubscribe token for the caller (the player when signed out), as `unsubscribeToken` in services/notifications signs it with the dev secret. */
function unsubscribePath(ctx: CellContext, endpoint: Endpoint): string {
  const userId = ctx.role === 'anonymous' ? ctx.world.ids.userIds.player : ctx.world.ids.userIds[ctx.role];
  const body = `${userId}.week_results`;
  return worldPath(ctx, endpoint, { token: `${body}.${createHmac('sha256', DEV_UNSUBSCRIBE_SECRET).update(body).digest('base64url')}` });
}

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (real P-256 and auth keys; the endpoint is never reached). */
function pushSubscriptionOf(role: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    // A Chrome subscription's shape: only the browsers' push services are accepted (docs/notifications.md#push-endpoints).
    endpoint: `https://fcm.googleapis.com/fcm/send/authorization-matrix-${role}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const PLANS: Record<string, Plan> = {
  // ---- notifications ----
  'PUT /api/notifications/preferences': async (ctx, e) => ({
    path: worldPath(ctx, e),
    body: { preferences: [{ kind: 'week_results', channel: 'push', enabled: false }] },
  }),
  'POST /api/notifications/push-subscriptions': async (ctx, e) => ({ path: worldPath(ctx, e), body: pushSubscriptionOf(ctx.role) }),
  // Forgetting a browser the caller never subscribed: let through, and nothing to delete.
  'DELETE /api/notifications/push-subscriptions': async (ctx, e) => ({
    path: worldPath(ctx, e),
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/authorization-matrix-never' },
    effect: 'none',
  }),
  // The commissioner turns the 24-hour reminder off, the super admin on again: each writes the row.
  'PUT /api/pools/:poolId/notification-settings': async (ctx, e) => ({ path: worldPath(ctx, e), body: { reminder24h: ctx.role === 'superAdmin' } }),
  // A nudge is allowed once an hour: the callers let through nudge a fresh pool whose week is not
  // published (409 week_not_open, a state conflict, nothing written); refused ones aim at the world's pool.
  'POST /api/pools/:poolId/weeks/:weekNumber/nudge': async (ctx, e) => ({
    path: worldPath(ctx, e, ctx.allowed ? { poolId: await freshSetupPool(ctx.fixtures.commissioner) } : {}),
  }),
  'GET /api/notifications/unsubscribe/:token': async (ctx, e) => ({ path: unsubscribePath(ctx, e) }),
  'POST /api/notifications/unsubscribe/:token': async (ctx, e) => ({ path: unsubscribePath(ctx, e) }),
  // Anyone may start signing in: off to the identity provider, which is to send the browser back to our callback.
  'GET /api/login': async () => ({
    path: '/api/login?returnTo=%2Fprofile',
    effect: async (res) => {
      const to = new URL(res.headers.get('location') ?? '', 'http://gateway.invalid');
      expect(to.searchParams.get('response_type')).toBe('code');
      expect(to.searchParams.get('redirect_uri') ?? '').toMatch(/\/api\/callback$/);
    },
  }),
  // A real return from the dev IdP: the caller's sign-in started at /api/login, the IdP's form posted;
  // the callback is sent with the caller's own (fresh) session, as the browser of the role would.
  'GET /api/callback': async (ctx) => {
    const url = ctx.world.url;
    const caller = await freshCaller(url, ctx.role);
    const start = await caller.request('GET', '/api/login');
    const binding = start.headers
      .getSetCookie()
      .find((line) => line.startsWith('pp_login='))
      ?.split(';')[0];
    const idp = start.headers.get('location');
    await start.body?.cancel();
    if (start.status !== 302 || !binding || !idp) throw new Error(`GET /api/login: ${start.status}`);
    const browser = new Browser();
    try {
      const { res: page, url: pageUrl } = await browser.follow(new URL(idp, url), `${url}/api/callback`);
      const form = parseForm(await page.text(), pageUrl);
      const email = ctx.role === 'anonymous' ? ROLE_EMAILS.player : ROLE_EMAILS[ctx.role];
      const back = await browser.continue(
        await browser.post(form.action, { ...form.fields, login: email, password: DEV_PASSWORD }),
        form.action,
        `${url}/api/callback`,
      );
      if (!back.url.startsWith(`${url}/api/callback`)) throw new Error(`the IdP did not send the browser back to the callback (${back.url})`);
      const callback = new URL(back.url);
      const cookie = [caller.cookie, binding].filter(Boolean).join('; ');
      return {
        path: `${callback.pathname}${callback.search}`,
        caller: cookieCaller(url, ctx.role, cookie),
        effect: async (res) => {
          const session = sessionSet(res);
          expect(session, 'the callback sets a session cookie').toBeTruthy();
          const me = await fetch(`${url}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
          expect(me.status).toBe(200);
          expect(((await me.json()) as { email: string }).email).toBe(email);
        },
      };
    } finally {
      await browser.close();
    }
  },
  // Signing out ends the session it is sent with: a fresh session of the role's account.
  'GET /api/logout': async (ctx) => {
    const caller = await freshCaller(ctx.world.url, ctx.role);
    return {
      path: '/api/logout',
      caller,
      effect: async () => {
        if (!caller.cookie) return;
        // identity ends the session at once; the gateway forgets its cached copy on identity.session.ended.
        await eventually(
          async () => ((await caller.request('GET', '/api/auth/user')).status === 401 ? true : undefined),
          EVENT_WAIT_MS,
          'the session outlived signing out',
        );
      },
    };
  },
  'PUT /api/user/profile': async (ctx) => ({ path: '/api/user/profile', body: { displayName: `${ctx.role} ${unique('matrix')}` } }),
  // Refused: make Pat a super admin. Allowed: a first-use account made a pool commissioner.
  'PUT /api/admin/users/:userId/role': async (ctx, e) => {
    if (!ctx.allowed) return { path: worldPath(ctx, e), body: { role: 'super_admin' } };
    const who = await signIn(ctx.world.url, `${unique('matrix-role')}@powerpool.test`, DEV_PASSWORD);
    const id = (await ok<{ id: string }>('current user', await who.get('/api/auth/user'))).id;
    return { path: worldPath(ctx, e, { userId: id }), body: { role: 'pool_commissioner' } };
  },
  'PUT /api/admin/users/:userId/payment': async (ctx, e) => ({ path: worldPath(ctx, e), body: { hasPaid: true, notes: unique('paid') } }),
  'POST /api/pools': async (ctx) => ({ path: '/api/pools', body: { name: unique(`Matrix ${ctx.role}`), year: 2025, allowsPostseason: true } }),
  // Allowed: a throwaway pool of the commissioner (a new pool may be active already: the reply says it is now).
  'PUT /api/pools/:poolId/activate': async (ctx, e) =>
    ctx.allowed
      ? {
          path: worldPath(ctx, e, { poolId: await freshPool(ctx.fixtures.commissioner) }),
          effect: async (_res, text) => expect((JSON.parse(text) as { isActive: boolean }).isActive).toBe(true),
        }
      : { path: worldPath(ctx, e) },
  // Refused: the world's pool. Allowed: a throwaway pool of the commissioner given a tiebreaker (the world's keeps none).
  'PUT /api/pools/:poolId/weekly-tiebreaker': async (ctx, e) =>
    ctx.allowed
      ? {
          path: worldPath(ctx, e, { poolId: await freshPool(ctx.fixtures.commissioner) }),
          body: { weeklyTiebreaker: 'last_game_total' },
          effect: async (_res, text) => expect((JSON.parse(text) as { weeklyTiebreaker: string }).weeklyTiebreaker).toBe('last_game_total'),
        }
      : { path: worldPath(ctx, e), body: { weeklyTiebreaker: 'last_game_total' } },
  'PATCH /api/pools/:poolId/members/:userId': async (ctx, e) => ({ path: worldPath(ctx, e), body: { hasPaid: true, notes: unique('note') } }),
  // Refused: remove Pat from the pool. Allowed: a throwaway member of a throwaway pool of the commissioner.
  'DELETE /api/pools/:poolId/members/remove/:userId': async (ctx, e) => {
    if (!ctx.allowed) return { path: worldPath(ctx, e) };
    const poolId = await freshPool(ctx.fixtures.commissioner);
    return { path: worldPath(ctx, e, { poolId, userId: await freshMember(ctx.world.url, ctx.fixtures.commissioner, poolId) }) };
  },
  'POST /api/pools/:poolId/invitations': async (ctx, e) => ({ path: worldPath(ctx, e), body: { notes: unique('invite') } }),
  // Refused: deactivate / delete the world's invitation. Allowed: a throwaway invitation of the pool.
  'PUT /api/invitations/:invitationId': async (ctx, e) => ({
    path: ctx.allowed ? worldPath(ctx, e, { invitationId: (await freshInvitation(ctx.fixtures.commissioner, ctx.world.ids.poolId)).id }) : worldPath(ctx, e),
    body: { isActive: false },
  }),
  'DELETE /api/invitations/:invitationId': async (ctx, e) => ({
    path: ctx.allowed ? worldPath(ctx, e, { invitationId: (await freshInvitation(ctx.fixtures.commissioner, ctx.world.ids.poolId)).id }) : worldPath(ctx, e),
  }),
  // Allowed: join a throwaway pool of a commissioner other than the caller (the creator is a member already).
  'POST /api/invitations/:token/use': async (ctx, e) => {
    if (!ctx.allowed) return { path: worldPath(ctx, e) };
    const owner = ctx.role === 'commissioner' ? ctx.fixtures.otherCommissioner : ctx.fixtures.commissioner;
    const poolId = await freshPool(owner);
    return { path: worldPath(ctx, e, { token: (await freshInvitation(owner, poolId)).invitationToken }) };
  },
  // Refused: hand the pool to the other commissioner. Allowed: a throwaway pool of the commissioner.
  'PUT /api/admin/pools/:poolId/commissioner': async (ctx, e) => ({
    path: ctx.allowed ? worldPath(ctx, e, { poolId: await freshPool(ctx.fixtures.commissioner) }) : worldPath(ctx, e),
    body: { userId: ctx.world.ids.userIds.otherCommissioner },
  }),
  // Refused: delete the pool. Allowed: a throwaway pool.
  'DELETE /api/admin/pools/:poolId': async (ctx, e) => ({
    path: ctx.allowed ? worldPath(ctx, e, { poolId: await freshPool(ctx.fixtures.commissioner) }) : worldPath(ctx, e),
  }),
  // Refused: put the other player into the pool. Allowed: into a throwaway pool.
  'POST /api/admin/users/:userId/pools/:poolId': async (ctx, e) => ({
    path: worldPath(ctx, e, { userId: ctx.world.ids.userIds.otherPlayer, ...(ctx.allowed ? { poolId: await freshPool(ctx.fixtures.commissioner) } : {}) }),
  }),
  // Refused: take Pat out of the pool. Allowed: a throwaway member of a throwaway pool.
  'DELETE /api/admin/users/:userId/pools/:poolId': async (ctx, e) => {
    if (!ctx.allowed) return { path: worldPath(ctx, e) };
    const poolId = await freshPool(ctx.fixtures.commissioner);
    return { path: worldPath(ctx, e, { poolId, userId: await freshMember(ctx.world.url, ctx.fixtures.commissioner, poolId) }) };
  },
  // An import stream is aborted after its headers: staging is written again with the same rows, or not at all.
  'POST /api/admin/unified-staging/import-teams/:scheduleId': async (ctx, e) => ({ path: worldPath(ctx, e), body: { year: 2025 }, effect: 'none' }),
  'POST /api/admin/unified-staging/import-games/:scheduleId': async (ctx, e) => ({ path: worldPath(ctx, e), body: { year: 2025 }, effect: 'none' }),
  // Pushing the same staged teams again, or importing the venues again, may leave every row as it was.
  'POST /api/admin/unified-staging/migrate-teams/:scheduleId': async (ctx, e) => ({ path: worldPath(ctx, e), effect: 'none' }),
  'GET /api/admin/unified-staging/migrate-games/:scheduleId/stream': async (ctx, e) => ({ path: worldPath(ctx, e), effect: 'none' }),
  'POST /api/unified-staging/venues/import': async (ctx, e) => ({ path: worldPath(ctx, e), effect: 'none' }),
  'GET /api/weeks': async (ctx) => ({ path: withPoolQuery(ctx, '/api/weeks') }),
  'GET /api/weeks/current': async (ctx) => ({ path: withPoolQuery(ctx, '/api/weeks/current') }),
  'GET /api/weeks/:weekNumber': async (ctx, e) => ({ path: withPoolQuery(ctx, worldPath(ctx, e)) }),
  'GET /api/weeks/:weekNumber/games/setup': async (ctx, e) => ({ path: withPoolQuery(ctx, worldPath(ctx, e)) }),
  // Publishing by transition needs a week in SETUP with spreads: the fixture pool when refused, a throwaway one when allowed.
  'POST /api/pools/:poolId/weeks/:weekNumber/transition/:target': async (ctx, e) => ({
    path: worldPath(ctx, e, { poolId: ctx.allowed ? await freshSetupPool(ctx.fixtures.commissioner) : ctx.fixtures.setupPoolId, target: 'published' }),
    body: {},
  }),
  // Spreads change only in SETUP: the fixture pool (Pat is a member, the commissioner runs it).
  'PUT /api/pools/:poolId/spreads/:gameId': async (ctx, e) => ({
    path: worldPath(ctx, e, { poolId: ctx.fixtures.setupPoolId }),
    body: { spread: ctx.role === 'superAdmin' ? 7.5 : 6.5 },
  }),
  // The replay has no line for the Wild Card games: an allowed download answers 200 with `updated: 0`
  // and every game named as missing, so no row changes; the reply says so.
  'POST /api/pools/:poolId/spreads/:weekNumber/download': async (ctx, e) => ({
    path: worldPath(ctx, e, { poolId: ctx.allowed ? await freshSetupPool(ctx.fixtures.commissioner) : ctx.fixtures.setupPoolId }),
    effect: async (_res, text) => {
      const reply = JSON.parse(text) as { updated: number; missing: string[] };
      expect(reply.updated + reply.missing.length).toBeGreaterThan(0);
    },
  }),
  'POST /api/pools/:poolId/weeks/:weekNumber/games/publish': async (ctx, e) => ({
    path: worldPath(ctx, e, { poolId: ctx.allowed ? await freshSetupPool(ctx.fixtures.commissioner) : ctx.fixtures.setupPoolId }),
    body: { gameIds: Object.keys(WILD_CARD_SPREADS) },
  }),
  // The replay's scores of a published week may equal what is stored already.
  'POST /api/pools/:poolId/weeks/:weekNumber/import-scores': async (ctx, e) => ({ path: worldPath(ctx, e), effect: 'none' }),
  // No game of the world is postponed: a caller let through gets 409 game_not_postponed.
  'POST /api/pools/:poolId/weeks/:weekNumber/games/:gameId/void': async (ctx, e) => ({ path: worldPath(ctx, e), body: { reason: 'matrix: postponed' } }),
  'GET /api/weeks/:weekId/picks': async (ctx, e) => ({ path: withPoolQuery(ctx, worldPath(ctx, e)) }),
  'GET /api/weeks/:weekId/tiebreaker': async (ctx, e) => ({ path: withPoolQuery(ctx, worldPath(ctx, e)) }),
  'POST /api/picks/batch': async (ctx) => ({ path: '/api/picks/batch', body: picksBody(ctx.world.ids.poolId) }),
  // Casey's picks (another member than the player caller), so the overrides row can check who sees them.
  'POST /api/picks/commissioner-override': async (ctx) => ({
    path: '/api/picks/commissioner-override',
    body: {
      targetUserId: ctx.fixtures.caseyId,
      poolId: ctx.world.ids.poolId,
      weekNumber: WILD_CARD_WEEK,
      picks: picksBody(ctx.world.ids.poolId).picks.map(({ poolId: _p, weekNumber: _w, ...pick }) => ({ ...pick, isPowerPick: pick.confidenceRank === 0 })),
      overrideReason: unique(`matrix ${ctx.role}`),
    },
  }),
  'GET /api/admin/weeks/:weekNumber/pick-stats': async (ctx, e) => ({ path: withPoolQuery(ctx, worldPath(ctx, e)) }),
  // Who sees what (docs/game.md#overrides): the pool's members see that an override happened and why, its
  // picks only after the deadline; the commissioner and super admins always. The allowed override
  // cells (run before this row) replaced Casey's picks.
  'GET /api/pools/:poolId/weeks/:weekNumber/overrides': async (ctx, e) => ({
    path: worldPath(ctx, e),
    effect: async (_res, text) => {
      const records = (JSON.parse(text) as Array<{ targetUserId: string; reason: string; picksAfter: unknown[] | null }>).filter(
        (r) => r.targetUserId === ctx.fixtures.caseyId,
      );
      expect(records.length, "the overrides of Casey's picks").toBeGreaterThan(0);
      const seesPicks = ctx.role === 'commissioner' || ctx.role === 'superAdmin' || ctx.afterDeadline;
      for (const r of records) {
        expect(r.reason).toMatch(/^matrix /);
        if (seesPicks) expect(r.picksAfter?.length, `${ctx.role} sees the picks`).toBe(4);
        else expect(r.picksAfter, `${ctx.role} does not see the picks before the deadline`).toBeNull();
      }
    },
  }),
  // Who sees what: the level the board is served at (docs/game.md#who-sees-what).
  'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard': async (ctx, e) => ({
    path: worldPath(ctx, e),
    effect: async (_res, text) => {
      const board = JSON.parse(text) as LiveLeaderboard;
      // Managers: COMMISSIONER_ACCESS; the pool's member: FULL_ACCESS; anyone else (let through only on a public pool): PUBLIC_ACCESS.
      const level = ctx.role === 'commissioner' || ctx.role === 'superAdmin' ? 'COMMISSIONER_ACCESS' : ctx.role === 'player' ? 'FULL_ACCESS' : 'PUBLIC_ACCESS';
      expect(board.metadata.accessLevel).toBe(level);
      // Pick consensus (docs/game.md#pick-consensus) comes with the picks it counts: every game, tallied
      // from the picks this caller is shown; a refused cell carries none (refusedCell).
      expect(Object.keys(board.consensus).sort(), `${ctx.role} sees each game's consensus`).toEqual(board.gamesCentric.map((g) => g.gameId).sort());
      // The world's pool has picks to count (the public pool of step 7 has none: all zeros).
      const picks = board.standings.flatMap((s) => s.picks);
      const counted = Object.values(board.consensus).reduce((sum, [hp, ap, , , hw, aw]) => sum + hp + ap + hw + aw, 0);
      expect(counted, `${ctx.role}: every pick on the board is counted once`).toBe(picks.length);
      for (const game of board.gamesCentric) {
        const tally = (team: string) => {
          const on = picks.filter((p) => p.gameId === game.gameId && p.selectedTeamAbbr === team);
          const confidence = on.filter((p) => !p.isPowerPick);
          return [confidence.length, confidence.reduce((sum, p) => sum + p.confidenceRank, 0), on.length - confidence.length];
        };
        const [homePicks, homePoints, homePower] = tally(game.homeTeamAbbr);
        const [awayPicks, awayPoints, awayPower] = tally(game.awayTeamAbbr);
        expect(board.consensus[game.gameId], `${ctx.role}: the consensus of ${game.awayTeamAbbr} at ${game.homeTeamAbbr}`).toEqual([
          homePicks,
          awayPicks,
          homePoints,
          awayPoints,
          homePower,
          awayPower,
        ]);
      }
    },
  }),
  // The world's week is PUBLISHED: a caller let through gets 409 week_not_in_scoring.
  'POST /api/pools/:poolId/weeks/:weekNumber/scores/calculate': async (ctx, e) => ({ path: worldPath(ctx, e) }),
};

/** The state-changing endpoints (authorization-matrix.ts): a refused one must change no row. */
const isWrite = (e: Endpoint) => e.method !== 'GET' || STATE_CHANGING_GETS.includes(title(e));

/**
 * Tables a read or the background may write: sessions, the outbox relay, inbox dedup, migrations,
 * leases, and picks-scoring's live change log (a row per statement on a board's tables, even one
 * that changed nothing: a refusal checked with pools-invitations refreshes the copy it was made on,
 * docs/architecture.md#live-change-log; what the log names is digested in those tables themselves).
 */
// deliveries, planned_slots, picks_emails: the notifications scheduler's send queue and what it
// has planned and sent (docs/notifications.md), written by its own pass on its own clock.
const BOOKKEEPING = /session|outbox|inbox|processed|migrat|lease|live_changes|deliveries|planned_slots|picks_emails/i;

/**
 * A digest of every row of every table in the cluster's database (each service's schema), but
 * the BOOKKEEPING ones; per table, so a failure names what changed.
 */
/**
 * Settle: the events so far have all been applied, by every service's copy, once two digests a
 * second apart agree. A change made through one service (a role, a pool handed over) reaches the
 * others' copies later: a refused call's digest must not catch that.
 */
async function settle(digest: RowDigest, what: string): Promise<void> {
  let last = await digest.take();
  await eventually(
    async () => {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await digest.take();
      const moving = RowDigest.changed(last, now);
      last = now;
      return moving.length === 0 ? true : undefined;
    },
    60_000,
    what,
  );
}

class RowDigest {
  private query = '';
  tables: string[] = [];
  left: string[] = [];
  constructor(private readonly client: pg.Client) {}

  async init(): Promise<void> {
    const { rows } = await this.client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const name = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
    const tables = rows.filter((t) => !BOOKKEEPING.test(t.name));
    this.tables = tables.map(name).sort();
    this.left = rows
      .filter((t) => BOOKKEEPING.test(t.name))
      .map(name)
      .sort();
    // The rows a refused call could damage must be among them.
    for (const table of ['pools', 'invitations', 'picks', 'pick_overrides', 'users', 'week_transitions', 'pool_games', 'teams', 'games']) {
      if (!tables.some((t) => t.name === table)) throw new Error(`no table ${table} to digest among ${this.tables.join(', ')}`);
    }
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    this.query = tables
      .map(
        (t) =>
          `SELECT '${t.schema}.${t.name}' AS t, (SELECT md5(coalesce(string_agg(md5(r::text), '' ORDER BY md5(r::text)), '')) FROM ${q(t.schema)}.${q(t.name)} r) AS d`,
      )
      .join(' UNION ALL ');
  }

  /** Table -> digest of its rows. */
  async take(): Promise<Map<string, string>> {
    const { rows } = await this.client.query<{ t: string; d: string }>(this.query);
    return new Map(rows.map((r) => [r.t, r.d]));
  }

  static changed(before: Map<string, string>, after: Map<string, string>): string[] {
    return [...before.keys()].filter((t) => before.get(t) !== after.get(t));
  }
}

/**
 * Sends the cell's request. A stream (text/event-stream) is read up to its status and headers,
 * then aborted; any other reply is read whole.
 */
async function send(caller: WorldCaller, endpoint: Endpoint, request: CellRequest): Promise<{ res: Response; text: string }> {
  const controller = new AbortController();
  const res = await caller.request(endpoint.method, request.path, { body: request.body, signal: controller.signal });
  if (endpoint.produces === 'text/event-stream' && res.status === 200) {
    controller.abort();
    return { res, text: '' };
  }
  return { res, text: await res.text() };
}

describe.skipIf(skipReason !== null)('authorization matrix: every endpoint x six callers, expected answers written once (authorization-matrix.ts)', () => {
  const endpoints = declaredEndpoints();
  const cellCount = endpoints.length * WORLD_ROLES.length;
  /** Cells per section, counted as they are declared (before any runs). */
  const tally = new Map<string, number>();
  const cell = (section: string, name: string, fn: () => Promise<void>) => {
    tally.set(section, (tally.get(section) ?? 0) + 1);
    it(name, fn);
  };

  it('has exactly one row per declared endpoint (a new endpoint cannot escape the matrix)', () => {
    const declared = endpoints.map((e) => e.title);
    expect(
      declared.filter((t) => !(t in AUTHORIZATION_MATRIX)),
      'endpoints without a row',
    ).toEqual([]);
    expect(
      Object.keys(AUTHORIZATION_MATRIX).filter((t) => !declared.includes(t)),
      'rows naming no endpoint',
    ).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
    expect(
      Object.keys(AFTER_DEADLINE_MATRIX).filter((t) => !declared.includes(t)),
      'after-deadline rows naming no endpoint',
    ).toEqual([]);
    for (const phase of Object.values(PUBLIC_POOL_MATRIX))
      expect(
        Object.keys(phase).filter((t) => !declared.includes(t)),
        'public pool rows naming no endpoint',
      ).toEqual([]);
    for (const [name] of Object.entries(PLANS)) expect(declared, `the plan ${name} names an endpoint`).toContain(name);
    // Every cell of the matrix is played, once: refused and allowed together are endpoints x callers.
    expect((tally.get('matrix, refused') ?? 0) + (tally.get('matrix, allowed') ?? 0)).toBe(cellCount);
    // Printed for the report: the true cell counts.
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    console.info(
      `authorization matrix: ${endpoints.length} endpoints x ${WORLD_ROLES.length} callers = ${cellCount} cells; ${total} cells in all: ` +
        [...tally].map(([section, n]) => `${section} ${n}`).join(', '),
    );
  });

  let tc: TestCluster | undefined;
  let world: ContractWorld;
  let fixtures: Fixtures;
  let db: pg.Client | undefined;
  let digest: RowDigest;

  beforeAll(async () => {
    // The matrix makes many writes and sign-ins from one address: loosen the gateway's limits.
    // The replay in game-day mode, its kickoffs a day away: the world's Wild Card games are
    // SCHEDULED, so the members' save is a real write (a game reported started or final takes no pick).
    tc = await startTestCluster({
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_SIGNIN_PER_MINUTE: '100000' },
      gameDay: { kickoffInMinutes: 24 * 60 },
    });
    try {
      world = await buildContractWorld(tc.url);
      const [commissioner, otherCommissioner, superAdmin] = await Promise.all([
        signIn(tc.url, ROLE_EMAILS.commissioner, DEV_PASSWORD),
        signIn(tc.url, ROLE_EMAILS.otherCommissioner, DEV_PASSWORD),
        signIn(tc.url, ROLE_EMAILS.superAdmin, DEV_PASSWORD),
      ]);
      const setupPoolId = await freshSetupPool(commissioner);
      const pat = await signIn(tc.url, ROLE_EMAILS.player, DEV_PASSWORD);
      await ok('Pat joins the setup pool', await pat.post(`/api/invitations/${(await freshInvitation(commissioner, setupPoolId)).invitationToken}/use`));
      const members = await ok<Array<{ userId: string; email?: string | null }>>(
        'the pool members',
        await commissioner.get(`/api/pools/${world.ids.poolId}/members`),
      );
      const caseyId = members.find((m) => m.email === 'player2@powerpool.test')?.userId;
      if (!caseyId) throw new Error(`Casey is not a member of the pool: ${JSON.stringify(members)}`);
      fixtures = { setupPoolId, caseyId, commissioner, otherCommissioner, superAdmin };
      // The projections of every service know Pat in both pools before any cell runs.
      for (const poolId of [world.ids.poolId, setupPoolId]) {
        await eventually(
          async () => ((await world.callers.player.request('GET', `/api/pools/${poolId}/completed-weeks`)).status === 200 ? true : undefined),
          EVENT_WAIT_MS,
          'picks-scoring did not know Pat',
        );
        await eventually(
          async () => ((await world.callers.player.request('GET', `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`)).status === 200 ? true : undefined),
          EVENT_WAIT_MS,
          'weeks-workflow did not know Pat',
        );
      }
      db = new pg.Client({ connectionString: tc.databaseUrl });
      await db.connect();
      digest = new RowDigest(db);
      await digest.init();
      console.info(`row digest: ${digest.tables.length} tables (${digest.tables.join(', ')}); left out: ${digest.left.join(', ') || 'none'}`);
      await settle(digest, 'the rows kept changing after the world was built');
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- cluster output (tail) ---\n${tc.logs}`, { cause: err });
    }
  });

  afterAll(async () => {
    await db?.end();
    await tc?.stop();
  });

  // The rows whose request names the world's pool (path, ?poolId= or body): not those the refused
  // plans aim at the SETUP fixture pool, nor the invitation rows (an invitation id, not a pool id).
  const aimedElsewhere = new Set([
    'POST /api/pools/:poolId/weeks/:weekNumber/transition/:target',
    'PUT /api/pools/:poolId/spreads/:gameId',
    'POST /api/pools/:poolId/spreads/:weekNumber/download',
    'POST /api/pools/:poolId/weeks/:weekNumber/games/publish',
  ]);
  const poolQueryRows = new Set([
    'GET /api/weeks',
    'GET /api/weeks/current',
    'GET /api/weeks/:weekNumber',
    'GET /api/weeks/:weekNumber/games/setup',
    'GET /api/weeks/:weekId/picks',
    'GET /api/weeks/:weekId/tiebreaker',
    'GET /api/admin/weeks/:weekNumber/pick-stats',
    'POST /api/picks/batch',
    'POST /api/picks/commissioner-override',
  ]);
  const poolRows = endpoints.filter((e) => (e.endpoint.path.includes(':poolId') || poolQueryRows.has(e.title)) && !aimedElsewhere.has(e.title));

  const plan = (name: string): Plan => PLANS[name] ?? (async (ctx, e) => ({ path: worldPath(ctx, e) }));

  /** One refused cell: the one error reply with the cell's code; a refused write changes no row. */
  async function refusedCell(
    name: string,
    endpoint: Endpoint,
    role: WorldRole,
    code: keyof typeof ERROR_STATUS,
    afterDeadline: boolean,
    as?: WorldCaller | ((caller: WorldCaller) => WorldCaller),
    inWorld = world,
  ) {
    const request = await plan(name)({ world: inWorld, role, allowed: false, afterDeadline, fixtures }, endpoint);
    const own = request.caller ?? world.callers[role];
    const caller = typeof as === 'function' ? as(own) : (as ?? own);
    const before = isWrite(endpoint) ? await digest.take() : undefined;
    const { res, text } = await send(caller, endpoint, request);
    const cell = `${name} as ${role}: ${res.status} ${text.slice(0, 300)}`;
    expect(res.status, cell).toBe(ERROR_STATUS[code]);
    expect(res.headers.get('content-type') ?? '', cell).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    expect(body.error, cell).toBe(code);
    expect(typeof body.message === 'string' && body.message.length > 0, cell).toBe(true);
    // A refused board shows nothing of it: no pick consensus (docs/game.md#pick-consensus) before the deadline.
    expect(body, cell).not.toHaveProperty('consensus');
    if (before) expect(RowDigest.changed(before, await digest.take()), `${cell}: rows changed by a refused call`).toEqual([]);
  }

  /** One allowed cell: 2xx (302 for a navigation) or a 409/410 state conflict; an allowed write changes rows. */
  async function allowedCell(name: string, endpoint: Endpoint, role: WorldRole, afterDeadline: boolean, inWorld = world) {
    const request = await plan(name)({ world: inWorld, role, allowed: true, afterDeadline, fixtures }, endpoint);
    const caller = request.caller ?? world.callers[role];
    const before = isWrite(endpoint) ? await digest.take() : undefined;
    const { res, text } = await send(caller, endpoint, request);
    const cell = `${name} as ${role}: ${res.status} ${text.slice(0, 300)}`;
    if (endpoint.produces === 'redirect') {
      expect(res.status, cell).toBe(302);
      expect(res.headers.get('location'), cell).toBeTruthy();
    } else if (res.status === 409 || res.status === 410) {
      const body = JSON.parse(text) as { error: string };
      expect(ACCESS_CODES, `${cell}: a conflict, not an access refusal`).not.toContain(body.error);
      expect(ERROR_STATUS[body.error as keyof typeof ERROR_STATUS], cell).toBe(res.status);
      if (before) expect(RowDigest.changed(before, await digest.take()), `${cell}: rows changed by a call answered with a conflict`).toEqual([]);
      return;
    } else {
      expect(res.status >= 200 && res.status < 300, cell).toBe(true);
      if (endpoint.produces === 'text/event-stream') expect(res.headers.get('content-type') ?? '', cell).toMatch(/^text\/event-stream/);
      if (endpoint.produces === 'text/csv') expect(res.headers.get('content-type') ?? '', cell).toMatch(/^text\/csv/);
    }
    if (typeof request.effect === 'function') await request.effect(res, text);
    else if (before && request.effect !== 'none') {
      // The owning service wrote in its transaction before answering; other projections may follow.
      await eventually(
        async () => (RowDigest.changed(before, await digest.take()).length > 0 ? true : undefined),
        EVENT_WAIT_MS,
        `${cell}: an allowed write changed no row`,
      );
    }
  }

  const cellsOf = (matrix: Readonly<Record<string, MatrixRow>>, expected: (a: ExpectedAnswer) => boolean) =>
    endpoints
      .filter(({ title: name }) => matrix[name] !== undefined)
      .map(({ title: name, endpoint }) => ({ name, endpoint, roles: WORLD_ROLES.filter((role) => expected(matrix[name]![role])) }));

  // ---- first, every refused cell, on the world as built ---------------------------------------
  describe('refused cells: the one error reply with the cell code, and not a row changed', () => {
    for (const { name, endpoint, roles } of cellsOf(AUTHORIZATION_MATRIX, (a) => a !== 'allowed')) {
      for (const role of roles) {
        const code = AUTHORIZATION_MATRIX[name]![role] as keyof typeof ERROR_STATUS;
        cell('matrix, refused', `${name} as ${role} -> ${code}`, () => refusedCell(name, endpoint, role, code, false));
      }
    }
  });

  // ---- a page of another site, in the browser of a caller who is let through ---------------------
  // Every state-changing endpoint (authorization-matrix.ts STATE_CHANGING_GETS and every non-GET),
  // sent as a browser sends it for another site's page (Sec-Fetch-Site: cross-site), with the
  // super admin's session (the logout with a fresh one of his): 403 cross_site_request, no row changed.
  describe("cross-site requests in the super admin's browser: every state-changing endpoint refuses them", () => {
    const fromAnotherSite = (caller: WorldCaller): WorldCaller => ({
      ...caller,
      request: (method, path, init = {}) => caller.request(method, path, { ...init, headers: { ...init.headers, 'sec-fetch-site': 'cross-site' } }),
    });
    for (const { title: name, endpoint } of endpoints.filter((e) => isWrite(e.endpoint))) {
      cell('cross-site', `${name} from another site as superAdmin -> cross_site_request`, () =>
        refusedCell(name, endpoint, 'superAdmin', 'cross_site_request', false, fromAnotherSite),
      );
    }
    // Every GET route answers HEAD too (Fastify runs the GET handler and drops the body): a
    // state-changing GET must refuse a cross-site HEAD as well (403, no body to read), and change nothing.
    for (const { title: name, endpoint } of endpoints.filter((e) => e.endpoint.method === 'GET' && isWrite(e.endpoint))) {
      cell('cross-site', `HEAD ${endpoint.path} from another site as superAdmin -> 403`, async () => {
        const request = await plan(name)({ world, role: 'superAdmin', allowed: false, afterDeadline: false, fixtures }, endpoint);
        const caller = fromAnotherSite(request.caller ?? world.callers.superAdmin);
        const before = await digest.take();
        const res = await caller.request('HEAD', request.path);
        await res.body?.cancel();
        expect(res.status, `HEAD ${request.path} from another site`).toBe(403);
        expect(RowDigest.changed(before, await digest.take()), `HEAD ${request.path}: rows changed by a refused call`).toEqual([]);
        if (request.caller?.cookie) expect((await request.caller.request('GET', '/api/auth/user')).status, 'the session outlives a refused sign-out').toBe(200);
      });
    }
  });

  // ---- reads change nothing -------------------------------------------------------------------
  // The gateway lets a GET through from any site (only STATE_CHANGING_GETS are guarded), so a GET
  // that wrote would be a cross-site hole as well as a surprise. Every other GET endpoint, sent by a
  // caller who is let through (the commissioner, else the super admin, else anyone signed in), on
  // the settled world: the rows' digest is the same before and after. GET /api/login and
  // GET /api/callback are left out: starting and finishing a sign-in record it, by design. So are
  // picks-scoring's kept season totals, a cache of the week scores that the season leaderboard
  // fills or refreshes when it is stale (recomputed from the scores, never anything else).
  describe('reads change nothing: every GET but the state-changing ones, by a caller who is let through', () => {
    const signInNavigations = new Set(['GET /api/login', 'GET /api/callback']);
    const derivedCaches = new Set(['picks.season_totals', 'picks.season_totals_state']);
    for (const { title: name, endpoint } of endpoints.filter((e) => !isWrite(e.endpoint) && !signInNavigations.has(e.title))) {
      const role = (['commissioner', 'superAdmin', 'player', 'anonymous'] as const).find((r) => AUTHORIZATION_MATRIX[name]?.[r] === 'allowed');
      if (!role) continue;
      cell('reads change nothing', `${name} as ${role} changes no row`, async () => {
        const request = await plan(name)({ world, role, allowed: true, afterDeadline: false, fixtures }, endpoint);
        const before = await digest.take();
        const { res, text } = await send(request.caller ?? world.callers[role], endpoint, request);
        expect(res.status, `${name} as ${role}: ${res.status} ${text.slice(0, 300)}`).toBeLessThan(400);
        expect(
          RowDigest.changed(before, await digest.take()).filter((t) => !derivedCaches.has(t)),
          `${name} as ${role}: rows changed by a read`,
        ).toEqual([]);
      });
    }
  });

  // ---- then every allowed cell ----------------------------------------------------------------
  describe('allowed cells: let through (2xx/302, or a 409/410 state conflict), and an allowed write changes rows', () => {
    for (const { name, endpoint, roles } of cellsOf(AUTHORIZATION_MATRIX, (a) => a === 'allowed')) {
      for (const role of roles) cell('matrix, allowed', `${name} as ${role} -> allowed`, () => allowedCell(name, endpoint, role, false));
    }
  });

  // ---- last, the rows the picks deadline changes, once it has passed ----------------------------
  describe('after the picks deadline (the week moved to GAMES_IN_PROGRESS): the rows of AFTER_DEADLINE_MATRIX, every caller', () => {
    beforeAll(async () => {
      // The commissioner's Testing tab starts the games before the deadline; picks lock as at the deadline.
      const moved = await world.callers.commissioner.request('POST', `/api/pools/${world.ids.poolId}/weeks/${WILD_CARD_WEEK}/transition/games-in-progress`, {
        body: { testing: true },
      });
      if (moved.status !== 200) throw new Error(`start games: ${moved.status} ${await moved.text()}`);
      await eventually(
        async () =>
          (await world.callers.player.request('GET', `/api/pools/${world.ids.poolId}/weeks/${WILD_CARD_WEEK}/live-leaderboard`)).status === 200
            ? true
            : undefined,
        EVENT_WAIT_MS,
        'picks-scoring did not learn the games started',
      );
    });

    for (const { name, endpoint } of cellsOf(AFTER_DEADLINE_MATRIX, () => true)) {
      for (const role of WORLD_ROLES) {
        const expected = AFTER_DEADLINE_MATRIX[name]![role];
        cell('after the deadline', `${name} as ${role} -> ${expected}`, () =>
          expected === 'allowed' ? allowedCell(name, endpoint, role, true) : refusedCell(name, endpoint, role, expected, true),
        );
      }
    }
  });

  // ---- a member made inactive is a non-member ---------------------------------------------------
  // Readers and pickers are the pool's ACTIVE members (docs/roles.md#player: members' isActive;
  // docs/game.md#season-standings: "every active member"). The commissioner deactivates Casey (player2@, a plain member); once every
  // service has the change, each row where a member and a non-member are answered differently must
  // answer Casey as it answers `otherPlayer` (after the deadline: AFTER_DEADLINE_MATRIX where it has
  // the row), refusal code and all, with no row changed.
  describe('a member made inactive by the commissioner: answered as a player of another pool on every row where membership matters', () => {
    let casey: WorldCaller;
    beforeAll(async () => {
      const session = await signIn(world.url, 'player2@powerpool.test', DEV_PASSWORD);
      casey = cookieCaller(world.url, 'otherPlayer', `${SESSION_COOKIE}=${session.sessionId}`);
      const poolId = world.ids.poolId;
      expect((await casey.request('GET', `/api/pools/${poolId}/completed-weeks`)).status, 'Casey reads the pool while active').toBe(200);
      await ok(
        'deactivate Casey',
        await world.callers.commissioner.request('PATCH', `/api/pools/${poolId}/members/${fixtures.caseyId}`, { body: { isActive: false } }),
      );
      // Each service learns it from pools.member.* over NATS: wait until one read of each says so.
      for (const path of [`/api/pools/${poolId}`, `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`, `/api/pools/${poolId}/completed-weeks`]) {
        await eventually(
          async () => ((await casey.request('GET', path)).status === 403 ? true : undefined),
          EVENT_WAIT_MS,
          `GET ${path} still serves the inactive member`,
        );
      }
    });
    const membershipRows = Object.keys(AUTHORIZATION_MATRIX).filter(
      (name) =>
        AUTHORIZATION_MATRIX[name]!.player !== AUTHORIZATION_MATRIX[name]!.otherPlayer ||
        (AFTER_DEADLINE_MATRIX[name] && AFTER_DEADLINE_MATRIX[name].player !== AFTER_DEADLINE_MATRIX[name].otherPlayer),
    );
    for (const { name, endpoint } of endpoints.filter((e) => membershipRows.includes(e.title)).map((e) => ({ name: e.title, endpoint: e.endpoint }))) {
      const expected = (AFTER_DEADLINE_MATRIX[name] ?? AUTHORIZATION_MATRIX[name]!).otherPlayer;
      cell('inactive member', `${name} as an inactive member -> ${expected}`, () => {
        if (expected === 'allowed') throw new Error(`${name}: a non-member is let through, so this row is not about membership`);
        return refusedCell(name, endpoint, 'otherPlayer', expected, true, casey);
      });
    }
  });

  // ---- a pool handed to another commissioner -------------------------------------------------------
  // "Change a pool's commissioner" (docs/roles.md#super-admin): every service's copy of the pool
  // must follow. A published pool of the commissioner (Pat a member) is handed to the other
  // commissioner; once every service has the change, on every manager-only row about that pool the
  // old commissioner is refused (403 forbidden, no row changed) and the new one is let through on
  // its reads.
  describe('a pool handed by the super admin to the other commissioner: the old one is refused on every manager-only row, the new one reads them', () => {
    let handedWorld: ContractWorld;
    beforeAll(async () => {
      const commissioner = fixtures.commissioner;
      const { poolId } = await freshPublishedPoolWithPat(world.url, commissioner);
      await ok(
        'hand the pool over',
        await world.callers.superAdmin.request('PUT', `/api/admin/pools/${poolId}/commissioner`, { body: { userId: world.ids.userIds.otherCommissioner } }),
      );
      // One manager-only read of each service must refuse the old commissioner once it has the change.
      for (const path of [
        `/api/pools/${poolId}/members/details`,
        `/api/pools/${poolId}/spreads/${WILD_CARD_WEEK}`,
        `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/scoring-review`,
      ]) {
        await eventually(
          async () => ((await commissioner.get(path)).status === 403 ? true : undefined),
          EVENT_WAIT_MS,
          `GET ${path} still lets the old commissioner manage the pool`,
        );
      }
      await settle(digest, 'the rows kept changing after the pool was handed over');
      handedWorld = { ...world, ids: { ...world.ids, poolId } };
    });
    const managerOnly = (name: string) => AUTHORIZATION_MATRIX[name]!.commissioner === 'allowed' && AUTHORIZATION_MATRIX[name]!.player === 'forbidden';
    for (const { title: name, endpoint } of poolRows.filter((e) => managerOnly(e.title))) {
      cell('pool handed over', `${name} as the old commissioner -> forbidden`, () =>
        refusedCell(name, endpoint, 'commissioner', 'forbidden', false, undefined, handedWorld),
      );
      if (!isWrite(endpoint))
        cell('pool handed over', `${name} as the new commissioner -> allowed`, () => allowedCell(name, endpoint, 'otherCommissioner', false, handedWorld));
    }
  });

  // ---- a commissioner demoted by the super admin loses the commissioner's rights at once ----------
  // A role is the user's, not the session's: the super admin makes the other commissioner a plain
  // user while he is signed in; on his SAME session (the gateway caches it, and drops it on the
  // identity.user.* event) every row only managers reach must now refuse him, for his own pool.
  describe('a commissioner demoted to user by the super admin: every manager-only row refuses him on his own pool, same session', () => {
    let demotedWorld: ContractWorld;
    beforeAll(async () => {
      const other = world.callers.otherCommissioner;
      const own = `/api/pools/${world.ids.otherPoolId}/members/details`;
      expect((await other.request('GET', own)).status, 'he manages his pool before').toBe(200);
      await ok(
        'demote',
        await world.callers.superAdmin.request('PUT', `/api/admin/users/${world.ids.userIds.otherCommissioner}/role`, { body: { role: 'user' } }),
      );
      await eventually(
        async () => ((await other.request('GET', own)).status === 403 ? true : undefined),
        EVENT_WAIT_MS,
        'the demoted commissioner still manages his pool',
      );
      await settle(digest, 'the rows kept changing after the demotion');
      // The rows' requests, aimed at his own pool (every other id as in the world).
      demotedWorld = { ...world, ids: { ...world.ids, poolId: world.ids.otherPoolId } };
    });
    const managerRows = Object.keys(AUTHORIZATION_MATRIX).filter(
      (name) => AUTHORIZATION_MATRIX[name]!.commissioner === 'allowed' && AUTHORIZATION_MATRIX[name]!.player === 'forbidden',
    );
    for (const { title: name, endpoint } of endpoints.filter((e) => managerRows.includes(e.title))) {
      cell('demoted commissioner', `${name} as the demoted commissioner, on his own pool -> forbidden`, async () => {
        const request = await plan(name)({ world: demotedWorld, role: 'otherCommissioner', allowed: false, afterDeadline: true, fixtures }, endpoint);
        const caller = world.callers.otherCommissioner;
        const before = isWrite(endpoint) ? await digest.take() : undefined;
        const { res, text } = await send(caller, endpoint, request);
        const cell = `${name} as the demoted commissioner: ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, cell).toBe(403);
        expect((JSON.parse(text) as { error: string }).error, cell).toBe('forbidden');
        if (before) expect(RowDigest.changed(before, await digest.take()), `${cell}: rows changed by a refused call`).toEqual([]);
      });
    }
  });

  // ---- the live rows on a PUBLIC pool -----------------------------------------------------------
  // docs/game.md#who-sees-what: a signed-in non-member may see the live board of a public pool after the deadline
  // (PUBLIC_ACCESS), never before. A public pool of the commissioner with Pat as a member, its Wild
  // Card week published; its rows are played for every caller before the deadline, then again after
  // the commissioner has started the games (Testing tab).
  describe('the live rows on a public pool of the commissioner (Pat a member): every caller, before and after the deadline', () => {
    let publicWorld: ContractWorld;
    beforeAll(async () => {
      const commissioner = fixtures.commissioner;
      const pool = await ok<{ id: string }>(
        'create a public pool',
        await commissioner.post('/api/pools', { name: unique('Matrix public pool'), year: 2025, allowsPostseason: true, isPublic: true }),
        201,
      );
      const pat = await signIn(world.url, ROLE_EMAILS.player, DEV_PASSWORD);
      await ok('Pat joins', await pat.post(`/api/invitations/${(await freshInvitation(commissioner, pool.id)).invitationToken}/use`));
      await eventually(
        async () => ((await commissioner.get(`/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/state`)).status === 200 ? true : undefined),
        EVENT_WAIT_MS,
        'weeks-workflow did not know the public pool',
      );
      for (const [gameId, spread] of Object.entries(WILD_CARD_SPREADS))
        await ok(`spread ${gameId}`, await commissioner.put(`/api/pools/${pool.id}/spreads/${gameId}`, { spread }));
      await ok('publish', await commissioner.post(`/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/games/publish`, { gameIds: Object.keys(WILD_CARD_SPREADS) }));
      // picks-scoring has the published week and Pat as a member once Pat's board says "not yet".
      const board = `/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/live-leaderboard`;
      await eventually(
        async () => ((await pat.get(board)).status === 403 && (await commissioner.get(board)).status === 200 ? true : undefined),
        EVENT_WAIT_MS,
        'picks-scoring did not know the public pool week',
      );
      publicWorld = { ...world, ids: { ...world.ids, poolId: pool.id } };
    });

    for (const phase of ['beforeDeadline', 'afterDeadline'] as const) {
      describe(phase === 'beforeDeadline' ? 'before the deadline' : 'after the deadline', () => {
        if (phase === 'afterDeadline') {
          beforeAll(async () => {
            const poolId = publicWorld.ids.poolId;
            await ok(
              'start games',
              await fixtures.commissioner.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/transition/games-in-progress`, { testing: true }),
            );
            await eventually(
              async () =>
                (await world.callers.player.request('GET', `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/live-leaderboard`)).status === 200 ? true : undefined,
              EVENT_WAIT_MS,
              'picks-scoring did not learn the games started',
            );
          });
        }
        const matrix = PUBLIC_POOL_MATRIX[phase];
        for (const { title: name, endpoint } of endpoints.filter((e) => matrix[e.title] !== undefined)) {
          for (const role of WORLD_ROLES) {
            const expected = matrix[name]![role];
            cell('public pool', `${name} as ${role} -> ${expected}`, () =>
              expected === 'allowed'
                ? allowedCell(name, endpoint, role, phase === 'afterDeadline', publicWorld)
                : refusedCell(name, endpoint, role, expected, phase === 'afterDeadline', undefined, publicWorld),
            );
          }
        }
      });
    }
  });

  // ---- a pool the super admin deleted is gone for everyone who could reach it -------------------
  // "Delete a pool with its members and invitations" (docs/roles.md#super-admin): afterwards no service may
  // still serve it from its own copy. A pool of the commissioner with Pat as a member and its Wild
  // Card week published is deleted by the super admin; once every service has the deletion, every
  // cell of a row about that pool that was `allowed` (player, commissioner, super admin) answers
  // 404 pool_not_found, and changes no row.
  describe('a pool deleted by the super admin: every cell that was let through on it answers 404 pool_not_found', () => {
    let goneWorld: ContractWorld;
    beforeAll(async () => {
      const commissioner = fixtures.commissioner;
      const { poolId, pat } = await freshPublishedPoolWithPat(world.url, commissioner);
      await ok('delete the pool', await world.callers.superAdmin.request('DELETE', `/api/admin/pools/${poolId}`));
      // Each service learns it from pools.pool.deleted over NATS.
      for (const path of [`/api/pools/${poolId}`, `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`, `/api/pools/${poolId}/completed-weeks`]) {
        await eventually(async () => ((await pat.get(path)).status === 404 ? true : undefined), EVENT_WAIT_MS, `GET ${path} still serves the deleted pool`);
      }
      goneWorld = { ...world, ids: { ...world.ids, poolId } };
    });
    for (const { title: name, endpoint } of poolRows) {
      for (const role of ['player', 'commissioner', 'superAdmin'] as const) {
        if (AUTHORIZATION_MATRIX[name]![role] !== 'allowed') continue;
        cell('deleted pool', `${name} as ${role} -> pool_not_found`, () => refusedCell(name, endpoint, role, 'pool_not_found', true, undefined, goneWorld));
      }
    }
  });
});
