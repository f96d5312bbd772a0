/**
 * Every error code any PowerPool process answers, with its one HTTP status. The reply body is
 * always `{ error: <code>, message, details? }` (errorBodySchema). A code not listed here cannot
 * be thrown (the service kit's DomainError takes only these), so one code never has two statuses.
 */
export const ERROR_STATUS = {
  // ---- requests -------------------------------------------------------------------------------
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  missing_identity_assertion: 401,
  invalid_identity_assertion: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** A service (or the bus) does not answer. */
  service_unavailable: 503,
  service_timeout: 504,

  // ---- identity ---------------------------------------------------------------------------------
  user_not_found: 404,
  cannot_change_own_role: 409,
  /** A super admin by configuration (SUPER_ADMIN_EMAILS) cannot be demoted through the API. */
  configured_super_admin: 409,
  sign_in_failed: 400,
  sign_in_unavailable: 503,

  // ---- pools-invitations --------------------------------------------------------------------------
  pool_not_found: 404,
  member_not_found: 404,
  invitation_not_found: 404,
  already_member: 409,
  pool_full: 409,
  slug_taken: 409,
  cannot_remove_commissioner: 409,
  not_eligible_commissioner: 400,
  invitation_deactivated: 410,
  invitation_expired: 410,
  invitation_limit_reached: 410,

  // ---- sports-data-staging --------------------------------------------------------------------------
  /** ESPN did not answer, or answered something we cannot read. */
  espn_unavailable: 502,
  teams_not_imported: 409,
  teams_not_in_production: 409,
  nothing_staged: 409,
  /** The team has no stored logo (none could be fetched at import), or not the version asked for. */
  logo_not_found: 404,

  // ---- weeks-workflow -----------------------------------------------------------------------------
  /** "Unable to determine current week": the season has no games. */
  current_week_unknown: 404,
  week_not_found: 404,
  game_not_found: 404,
  /** Not the next forward step from the week's state. */
  invalid_transition: 409,
  /** Start Games before the picks deadline. */
  deadline_not_passed: 409,
  /** Publishing games whose picks deadline would already be past. */
  deadline_passed: 409,
  no_games_selected: 400,
  missing_spreads: 400,
  game_not_in_week: 400,
  /** "Cannot calculate scores: {reasons}". */
  cannot_calculate_scores: 409,
  /** Complete Week while picks on final or void games would have no result (docs/week.md#complete). */
  cannot_complete_week: 409,
  /** Spreads and games change only while the week is in SETUP. */
  week_not_in_setup: 409,
  week_complete: 409,
  /** Only a postponed game can be ruled void. */
  game_not_postponed: 409,
  /** The pool does not play this part of the season (preseason, regular season, postseason). */
  season_part_not_in_pool: 409,

  // ---- picks-scoring --------------------------------------------------------------------------------
  /** Live picks before the deadline (the reply also carries `status: "picks_not_available"`). */
  picks_not_available: 403,
  /** Only the pool's active members make picks. */
  not_a_member: 403,
  /** The picks deadline has passed (server clock), or the week is past PUBLISHED. */
  picks_locked: 409,
  /** The provider reports the game started or final: it takes no new pick, whatever the deadline says. */
  game_started: 409,
  /** The week is not PUBLISHED yet. */
  week_not_published: 409,
  /** "Incomplete Picks": a rank missing, repeated, or two picks on one game. */
  incomplete_picks: 400,
  /** "Game X not found in available games for current pool". */
  game_not_available: 400,
  /** The selected team does not play in the game. */
  team_not_in_game: 400,
  /** An override for someone who is not a member of the pool. */
  target_not_member: 400,
  /** Scores are calculated in SCORING (or by a correction after COMPLETE). */
  week_not_in_scoring: 409,
  /** What another service decided has not reached this one yet (and it could not be asked): retry in a few seconds. */
  still_syncing: 409,
  season_not_found: 404,

  // ---- notifications ------------------------------------------------------------------------------
  /** A nudge inside the hour after the previous one of the same pool week (docs/notifications.md#nudge). */
  nudge_too_soon: 429,
  /** A nudge or reminder for a week that is not PUBLISHED with its deadline ahead. */
  week_not_open: 409,
  /** An unsubscribe link whose signature does not match. */
  invalid_unsubscribe_token: 400,
  /** A push subscription whose endpoint is not a public address on an allowed push service (docs/notifications.md#push-endpoints). */
  push_endpoint_not_allowed: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);

/** The code a bare HTTP status stands for (framework errors that carry only a status). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'service_timeout';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}
