import { ENDPOINTS, type ErrorCode } from '@powerpool/contracts';
import type { WorldRole } from './contract-world.js';

/**
 * The authorization matrix (docs/roles.md#enforcement): for every declared endpoint (ENDPOINTS, keyed `METHOD path`)
 * the answer the product gives each caller of the contract world (contract-world.ts), written once.
 * authorization-matrix.test.ts plays every cell through the gateway and fails when an endpoint has no
 * row here or a row names no endpoint.
 *
 * An answer is one of:
 * - `allowed`: the call is let through every access check. With the valid request the test sends for
 *   the endpoint, that is a 2xx (302 for the sign-in navigations), or a 409/410 conflict about the
 *   state of things (a week not in SCORING, a game not postponed, already a member) whose code is
 *   not an access code below. Nothing else counts: a 400, a 404 or any other 4xx/5xx fails the cell.
 * - an access refusal, by its error code (status from ERROR_STATUS, the one error reply shape):
 *   `unauthorized` (401, nobody signed in), `forbidden` (403, signed in but not allowed: the role,
 *   or a pool the caller neither manages nor belongs to), `not_a_member` (403, only the pool's
 *   active members make picks), `picks_not_available` (403, a member before the picks deadline on
 *   the live board).
 *
 * Who is who (the world): `player` is an active member of the pool (Pat), `otherPlayer` a member of
 * another pool only, `commissioner` commissions the pool (and is a member of it, as every
 * commissioner of their own pool), `otherCommissioner` is a pool_commissioner who runs another
 * pool, `superAdmin` is treated as commissioner of every pool but is a member of none. Path
 * parameters always name the pool of `player`/`commissioner` (its Wild Card week published, the
 * picks deadline still ahead), never the caller's own pool. The pool is private (not public).
 *
 * Product rules behind the rows (docs/roles.md, docs/game.md#who-sees-what): a pool is seen by its active members, its commissioner and super admins; it is
 * managed by its commissioner and super admins only (being a pool_commissioner of another pool
 * gives nothing here); the site administration (users, roles, payments, every pool, staging,
 * venues import) is the super admin's alone; picks are made by the pool's members; other members'
 * picks show after the deadline, to the commissioner and super admins always; the join page and
 * the sign-in navigations are public.
 */
export type AccessRefusal = Extract<ErrorCode, 'unauthorized' | 'forbidden' | 'not_a_member' | 'picks_not_available'>;
export type ExpectedAnswer = 'allowed' | AccessRefusal;
export type MatrixRow = Readonly<Record<WorldRole, ExpectedAnswer>>;

/** The codes that are about access: an `allowed` cell must never answer one of them. */
export const ACCESS_CODES: readonly string[] = [
  'unauthorized',
  'forbidden',
  'not_a_member',
  'picks_not_available',
  'cross_site_request',
  'missing_identity_assertion',
  'invalid_identity_assertion',
];

/**
 * The GET endpoints that change state, as the contracts declare them (`changesState`: signing out,
 * a plain link, and pushing games to production, a GET because the admin screen follows it with an
 * EventSource, which can only GET). With every POST,
 * PUT, PATCH and DELETE they are the state-changing endpoints: a request a page of another site
 * makes the browser send to one of them (Sec-Fetch-Site cross-site) is refused with 403
 * `cross_site_request` whoever is signed in, and changes nothing. GET /api/login and
 * GET /api/callback are navigations other sites start by design (a link to sign in; the
 * identity provider's redirect back, bound to the browser by its login cookie and state).
 */
export const STATE_CHANGING_GETS: readonly string[] = ENDPOINTS.filter((e) => e.method === 'GET' && e.changesState).map((e) => `${e.method} ${e.path}`);

const row = (
  anonymous: ExpectedAnswer,
  player: ExpectedAnswer,
  otherPlayer: ExpectedAnswer,
  commissioner: ExpectedAnswer,
  otherCommissioner: ExpectedAnswer,
  superAdmin: ExpectedAnswer,
): MatrixRow => Object.freeze({ anonymous, player, otherPlayer, commissioner, otherCommissioner, superAdmin });

//                                anonymous       player                 otherPlayer    commissioner otherCommissioner superAdmin
/** Anyone, signed in or not. */
const everyone = row('allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'allowed');
/** Any signed-in user. */
const signedIn = row('unauthorized', 'allowed', 'allowed', 'allowed', 'allowed', 'allowed');
/** Site administration. */
const superAdminOnly = row('unauthorized', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'allowed');
/** Commissioner tools not about one pool: any pool_commissioner or super admin. */
const commissioners = row('unauthorized', 'forbidden', 'forbidden', 'allowed', 'allowed', 'allowed');
/** Managing the pool: its commissioner and super admins. */
const poolManagers = row('unauthorized', 'forbidden', 'forbidden', 'allowed', 'forbidden', 'allowed');
/** Reading the pool: its active members, its commissioner and super admins. */
const poolReaders = row('unauthorized', 'allowed', 'forbidden', 'allowed', 'forbidden', 'allowed');
/** A player's own picks in the pool: its active members only (the commissioner is one). */
const poolMembers = row('unauthorized', 'allowed', 'not_a_member', 'allowed', 'not_a_member', 'not_a_member');
/** The live board before the deadline: the commissioner and super admins always; members wait; a private pool is closed to others. */
const liveBoardBeforeDeadline = row('unauthorized', 'picks_not_available', 'forbidden', 'allowed', 'forbidden', 'allowed');

export const AUTHORIZATION_MATRIX: Readonly<Record<string, MatrixRow>> = {
  // ---- identity ---------------------------------------------------------------------------------
  'GET /api/login': everyone,
  'GET /api/callback': everyone,
  'GET /api/logout': everyone,
  'GET /api/auth/user': signedIn,
  'PUT /api/user/profile': signedIn,
  'GET /api/admin/users/global': superAdminOnly,
  'PUT /api/admin/users/:userId/role': superAdminOnly,
  'GET /api/admin/users/payments': superAdminOnly,
  'PUT /api/admin/users/:userId/payment': superAdminOnly,

  // ---- pools-invitations ------------------------------------------------------------------------
  'GET /api/user/pools': signedIn,
  'GET /api/pools/owned': commissioners,
  'POST /api/pools': commissioners,
  'GET /api/pools/defaults': commissioners,
  'GET /api/pools/:poolId': poolReaders,
  'PUT /api/pools/:poolId/activate': poolManagers,
  'PUT /api/pools/:poolId/weekly-tiebreaker': poolManagers,
  'GET /api/pools/:poolId/members': poolReaders,
  'GET /api/pools/:poolId/members/details': poolManagers,
  'GET /api/pools/:poolId/members/stats': poolManagers,
  'PATCH /api/pools/:poolId/members/:userId': poolManagers,
  'DELETE /api/pools/:poolId/members/remove/:userId': poolManagers,
  'GET /api/pools/:poolId/invitations': poolManagers,
  'POST /api/pools/:poolId/invitations': poolManagers,
  'PUT /api/invitations/:invitationId': poolManagers,
  'DELETE /api/invitations/:invitationId': poolManagers,
  'GET /api/invitations/:token': everyone,
  'POST /api/invitations/:token/use': signedIn,
  'GET /api/admin/pools/details': superAdminOnly,
  'GET /api/admin/pools/all': superAdminOnly,
  'PUT /api/admin/pools/:poolId/commissioner': superAdminOnly,
  'DELETE /api/admin/pools/:poolId': superAdminOnly,
  'POST /api/admin/users/:userId/pools/:poolId': superAdminOnly,
  'DELETE /api/admin/users/:userId/pools/:poolId': superAdminOnly,

  // ---- sports-data-staging ----------------------------------------------------------------------
  'GET /api/admin/unified-staging/teams/:scheduleId': superAdminOnly,
  'GET /api/admin/unified-staging/games/:scheduleId': superAdminOnly,
  'GET /api/admin/unified-staging/teams-diff/:scheduleId': superAdminOnly,
  'GET /api/admin/unified-staging/games-diff/:scheduleId': superAdminOnly,
  'GET /api/admin/unified-staging/validate-games/:scheduleId': superAdminOnly,
  'POST /api/admin/unified-staging/import-teams/:scheduleId': superAdminOnly,
  'POST /api/admin/unified-staging/import-games/:scheduleId': superAdminOnly,
  'POST /api/admin/unified-staging/migrate-teams/:scheduleId': superAdminOnly,
  'GET /api/admin/unified-staging/migrate-games/:scheduleId/stream': superAdminOnly,
  'DELETE /api/admin/unified-staging/clear-staging/:scheduleId': superAdminOnly,
  'GET /api/teams/:teamEspnId/logo': everyone,
  'GET /api/venues': signedIn,
  'GET /api/unified-staging/venues/stats': superAdminOnly,
  'POST /api/unified-staging/venues/import': superAdminOnly,

  // ---- weeks-workflow (the pool-scoped reads are sent with ?poolId= of the pool) -----------------
  'GET /api/seasons/current': signedIn,
  'GET /api/weeks': poolReaders,
  'GET /api/weeks/current': poolReaders,
  'GET /api/weeks/:weekNumber': poolReaders,
  'GET /api/weeks/:weekNumber/games/setup': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/state': poolReaders,
  'GET /api/pools/:poolId/weeks/:weekNumber/transitions': poolManagers,
  'POST /api/pools/:poolId/weeks/:weekNumber/transition/:target': poolManagers,
  'GET /api/pools/:poolId/spreads/:weekNumber': poolManagers,
  'PUT /api/pools/:poolId/spreads/:gameId': poolManagers,
  'POST /api/pools/:poolId/spreads/:weekNumber/download': poolManagers,
  'POST /api/pools/:poolId/weeks/:weekNumber/games/publish': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/games/published': poolReaders,
  'POST /api/pools/:poolId/weeks/:weekNumber/import-scores': poolManagers,
  'POST /api/pools/:poolId/weeks/:weekNumber/games/:gameId/void': poolManagers,

  // ---- notifications (docs/notifications.md) ----------------------------------------------------------
  'GET /api/notifications/preferences': signedIn,
  'PUT /api/notifications/preferences': signedIn,
  'POST /api/notifications/push-subscriptions': signedIn,
  'DELETE /api/notifications/push-subscriptions': signedIn,
  'GET /api/notifications/push/public-key': signedIn,
  'GET /api/pools/:poolId/notification-settings': poolManagers,
  'PUT /api/pools/:poolId/notification-settings': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/nudge': poolManagers,
  'POST /api/pools/:poolId/weeks/:weekNumber/nudge': poolManagers,
  // The e-mail's one-click unsubscribe: no sign-in, the signed token decides (a forged one is a 400).
  'GET /api/notifications/unsubscribe/:token': everyone,
  'POST /api/notifications/unsubscribe/:token': everyone,

  // ---- picks-scoring ----------------------------------------------------------------------------
  // Reading one's own picks: the pool's readers (a super admin, treated as commissioner everywhere, reads an empty list).
  'GET /api/weeks/:weekId/picks': poolReaders,
  'GET /api/weeks/:weekId/tiebreaker': poolReaders,
  'POST /api/picks/batch': poolMembers,
  'POST /api/picks/commissioner-override': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/overrides': poolReaders,
  'GET /api/admin/weeks/:weekNumber/pick-stats': poolManagers,
  'POST /api/pools/:poolId/weeks/:weekNumber/scores/calculate': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/scoring-review': poolManagers,
  'GET /api/pools/:poolId/weeks/:weekNumber/export/csv': poolManagers,
  'GET /api/pools/:poolId/seasons/:seasonId/leaderboard': poolReaders,
  'GET /api/pools/:poolId/completed-weeks': poolReaders,
  'GET /api/users/:userId/pools/:poolId/weekly-scoring-review': poolReaders,
  'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard': liveBoardBeforeDeadline,
  'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream': liveBoardBeforeDeadline,
  'GET /api/seasons/:year/weeks/:weekNumber/games/stream': signedIn,
  'GET /api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv': liveBoardBeforeDeadline,
};

/** The live board once the picks deadline has passed: members see everything; a private pool stays closed to others. */
const liveBoardAfterDeadline = row('unauthorized', 'allowed', 'forbidden', 'allowed', 'forbidden', 'allowed');

/**
 * The rows whose answers change when the pool's picks deadline passes (docs/game.md#who-sees-what;
 * docs/game.md#deadline: picks lock at the deadline). The test plays them a second time, for every
 * caller, after the commissioner has moved the world's week to GAMES_IN_PROGRESS (Testing tab, which
 * locks picks as the deadline does). Saving picks then is let through the access checks and refused
 * as `picks_locked` (409, a state conflict: `allowed`) for members, still `not_a_member` for others.
 */
export const AFTER_DEADLINE_MATRIX: Readonly<Record<string, MatrixRow>> = {
  'POST /api/picks/batch': poolMembers,
  // The same callers; what changes is that members now see the overridden picks (checked by the test).
  'GET /api/pools/:poolId/weeks/:weekNumber/overrides': poolReaders,
  'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard': liveBoardAfterDeadline,
  'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream': liveBoardAfterDeadline,
  'GET /api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv': liveBoardAfterDeadline,
};

/**
 * The live rows on a PUBLIC pool (docs/game.md#who-sees-what): a signed-in non-member sees its
 * board after the deadline (PUBLIC_ACCESS), and like a member is told to wait before it. Here
 * `player` is a member of that public pool, `otherPlayer` and `otherCommissioner` are not; the
 * test checks the access level each caller is served at.
 */
export const PUBLIC_POOL_MATRIX: Readonly<Record<'beforeDeadline' | 'afterDeadline', Readonly<Record<string, MatrixRow>>>> = {
  beforeDeadline: {
    'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard': row(
      'unauthorized',
      'picks_not_available',
      'picks_not_available',
      'allowed',
      'picks_not_available',
      'allowed',
    ),
    'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream': row(
      'unauthorized',
      'picks_not_available',
      'picks_not_available',
      'allowed',
      'picks_not_available',
      'allowed',
    ),
    'GET /api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv': row(
      'unauthorized',
      'picks_not_available',
      'picks_not_available',
      'allowed',
      'picks_not_available',
      'allowed',
    ),
  },
  afterDeadline: {
    'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard': signedIn,
    'GET /api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream': signedIn,
    'GET /api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv': signedIn,
  },
};
