import { ENDPOINTS, pathParams, SESSION_COOKIE, type Endpoint } from '@powerpool/contracts';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { eventually, publishWildCardPool, signIn, type SignedIn } from './helpers.js';

/**
 * The six kinds of caller the contract-generated tests (authorization matrix, fuzz) play, as the
 * issue names them: nobody signed in, a player of the pool, a player of another pool, the pool's
 * commissioner, another commissioner (of another pool), the super admin.
 */
export const WORLD_ROLES = ['anonymous', 'player', 'otherPlayer', 'commissioner', 'otherCommissioner', 'superAdmin'] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];

/** A caller of the world: its session cookie (null when anonymous) and raw HTTP through the gateway. */
export interface WorldCaller {
  role: WorldRole;
  /** null for anonymous. */
  userId: string | null;
  cookie: string | null;
  /**
   * One request through the gateway as a browser sends it: the session cookie, and for a body a
   * JSON content type unless `headers` say otherwise. `body` is sent as is when a string or bytes,
   * else JSON-encoded. Never follows redirects.
   */
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>;
}

/** The ids of the world, for filling path parameters. */
export interface WorldIds {
  /** The pool of `player` and `commissioner`: the Wild Card week (2025, week 19) is published in it. */
  poolId: string;
  /** The pool of `otherPlayer` and `otherCommissioner` (nothing published). */
  otherPoolId: string;
  year: number;
  weekNumber: number;
  /** ESPN ids of the published Wild Card games (the first is `gameId`). */
  gameIds: string[];
  gameId: string;
  /** An active invitation of the pool (id and token). */
  invitationId: string;
  invitationToken: string;
  /** Each signed-in role's user id. */
  userIds: Record<Exclude<WorldRole, 'anonymous'>, string>;
}

export interface ContractWorld {
  url: string;
  callers: Record<WorldRole, WorldCaller>;
  ids: WorldIds;
}

function callerOf(url: string, role: WorldRole, signedIn: SignedIn | null, userId: string | null): WorldCaller {
  const cookie = signedIn ? `${SESSION_COOKIE}=${signedIn.sessionId}` : null;
  return {
    role,
    userId,
    cookie,
    request(method, path, init = {}) {
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      let body: string | Uint8Array | undefined;
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = typeof init.body === 'string' || init.body instanceof Uint8Array ? init.body : JSON.stringify(init.body);
      }
      return fetch(`${url}${path}`, { method, headers: { ...headers, ...init.headers }, body, redirect: 'manual', signal: init.signal });
    },
  };
}

async function json<T>(what: string, res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Builds the world on a running cluster (startTestCluster), everything through the gateway as
 * people do it: the 2025 season imported and the Wild Card week published in the commissioner's
 * pool with both dev players (helpers.ts publishWildCardPool; `player` is Pat, player@); a second
 * commissioner (commissioner2@, made pool_commissioner by the super admin) with a pool of his own
 * and its one player (outsider@); an invitation of the first pool.
 */
export async function buildContractWorld(url: string): Promise<ContractWorld> {
  const wildCard = await publishWildCardPool(url);
  const userIdOf = async (who: SignedIn) => (await json<{ id: string }>('current user', await who.get('/api/auth/user'))).id;

  // Another commissioner: a first-use account, promoted by the super admin, then signed in anew
  // (a session carries the role it was opened with).
  const firstSession = await signIn(url, 'commissioner2@powerpool.test', DEV_PASSWORD);
  const otherCommissionerId = await userIdOf(firstSession);
  await json('promote commissioner2', await wildCard.admin.put(`/api/admin/users/${otherCommissionerId}/role`, { role: 'pool_commissioner' }));
  const otherCommissioner = await signIn(url, 'commissioner2@powerpool.test', DEV_PASSWORD);
  const otherPool = await json<{ id: string }>(
    'create the other pool',
    await otherCommissioner.post('/api/pools', { name: `Other Pool ${Date.now()}`, year: 2025, allowsPostseason: true }),
    201,
  );
  const otherInvitation = await json<{ invitationToken: string }>(
    'invite to the other pool',
    await otherCommissioner.post(`/api/pools/${otherPool.id}/invitations`, {}),
    201,
  );
  const otherPlayer = await signIn(url, 'outsider@powerpool.test', DEV_PASSWORD);
  await json('join the other pool', await otherPlayer.post(`/api/invitations/${otherInvitation.invitationToken}/use`));

  const invitation = await json<{ id: string; invitationToken: string }>(
    'invite to the pool',
    await wildCard.commissioner.post(`/api/pools/${wildCard.poolId}/invitations`, {}),
    201,
  );

  const [player, commissioner, superAdmin, otherPlayerId] = await Promise.all([
    userIdOf(wildCard.players[0]!),
    userIdOf(wildCard.commissioner),
    userIdOf(wildCard.admin),
    userIdOf(otherPlayer),
  ]);
  // The member lists are projections fed by events: wait until picks-scoring knows the other pool's player.
  await eventually(
    async () => ((await otherCommissioner.get(`/api/pools/${otherPool.id}/members`)).status === 200 ? true : undefined),
    15_000,
    'the other pool is not known yet',
  );

  const callers: Record<WorldRole, WorldCaller> = {
    anonymous: callerOf(url, 'anonymous', null, null),
    player: callerOf(url, 'player', wildCard.players[0]!, player),
    otherPlayer: callerOf(url, 'otherPlayer', otherPlayer, otherPlayerId),
    commissioner: callerOf(url, 'commissioner', wildCard.commissioner, commissioner),
    otherCommissioner: callerOf(url, 'otherCommissioner', otherCommissioner, otherCommissionerId),
    superAdmin: callerOf(url, 'superAdmin', wildCard.admin, superAdmin),
  };
  const gameIds = wildCard.games.map((g) => g.id);
  return {
    url,
    callers,
    ids: {
      poolId: wildCard.poolId,
      otherPoolId: otherPool.id,
      year: 2025,
      weekNumber: wildCard.weekNumber,
      gameIds,
      gameId: gameIds[0]!,
      invitationId: invitation.id,
      invitationToken: invitation.invitationToken,
      userIds: { player, otherPlayer: otherPlayerId, commissioner, otherCommissioner: otherCommissionerId, superAdmin },
    },
  };
}

/**
 * A valid value for each path parameter name the contracts use, from the world (the pool of
 * `player` and `commissioner`, the Wild Card week, the player as the user). Throws on a name it
 * does not know, so a new endpoint with a new parameter cannot be silently left out.
 */
export function samplePathParams(endpoint: Endpoint, ids: WorldIds, overrides: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {
    poolId: ids.poolId,
    weekNumber: String(ids.weekNumber),
    year: String(ids.year),
    seasonId: String(ids.year),
    weekId: `${ids.year}:${ids.weekNumber}`,
    gameId: ids.gameId,
    userId: ids.userIds.player,
    invitationId: ids.invitationId,
    token: ids.invitationToken,
    scheduleId: '1',
    target: 'games-in-progress',
    // Kansas City: every world imports the 32 teams (and their logos, the replay's stand-ins).
    teamEspnId: '12',
    ...overrides,
  };
  const out: Record<string, string> = {};
  for (const name of pathParams(endpoint.path)) {
    const value = values[name];
    if (value === undefined) throw new Error(`no sample value for path parameter :${name} of ${endpoint.method} ${endpoint.path}`);
    out[name] = value;
  }
  return out;
}

/** The endpoint's path with its parameters filled in (each value URL-encoded). */
export function fillPath(endpoint: Endpoint, params: Record<string, string>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Every declared endpoint, with a stable name for test titles (`GET /api/pools/:poolId`). */
export function declaredEndpoints(): Array<{ title: string; endpoint: Endpoint }> {
  return ENDPOINTS.map((endpoint) => ({ title: `${endpoint.method} ${endpoint.path}`, endpoint }));
}
