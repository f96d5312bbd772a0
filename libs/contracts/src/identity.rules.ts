// Identity's constants, without zod: the SPA's shell reads some of them (the signed-in hint) and
// loads no schema with them (docs/screens.md#data-loading). The schemas are in identity.ts.

export const ROLES = ['user', 'pool_commissioner', 'super_admin'] as const;

/** Longest display, first or last name accepted. */
export const NAME_MAX_LENGTH = 60;
export const PAYMENT_NOTES_MAX_LENGTH = 500;

/** The HttpOnly session cookie set by the identity service and read by the gateway. */
export const SESSION_COOKIE = 'pp_session';
/**
 * A readable "probably signed in" hint (`pp_signed_in=1`) the gateway sets beside the session
 * cookie and clears with it, so the SPA can skip asking who is signed in when nobody is. It grants
 * nothing: every request is still judged by the session cookie alone.
 */
export const SIGNED_IN_HINT_COOKIE = 'pp_signed_in';
