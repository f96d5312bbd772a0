import { createHash, randomBytes } from 'node:crypto';
import { hasControlCharacters, NAME_MAX_LENGTH, withoutControlCharacters } from '@powerpool/contracts';
import { DomainError } from '@powerpool/service-kit';
import type { IdentityContext, OidcClient } from './context.js';
import { SignInUnavailableError } from './errors.js';
import { safeReturnTo } from './return-to.js';
import { endSession, startSession } from './sessions.js';
import { upsertUserFromClaims, type ProviderClaims } from './users.js';

/** How long a started sign-in may take at the provider. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

/** A sign-in that cannot complete; the message is shown to the person. */
export class SignInFailedError extends DomainError {
  constructor(message: string) {
    super('sign_in_failed', message);
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * GET /api/login: remember the PKCE verifier, state, nonce and destination server-side, bound to
 * this browser by a random cookie value, and send the browser to the provider.
 */
export async function startSignIn(ctx: IdentityContext, oidc: OidcClient, returnTo: unknown): Promise<{ redirectTo: URL; binding: string }> {
  const { url: redirectTo, checks } = await oidc.startAuthorization();
  const { state, nonce, codeVerifier } = checks;
  const binding = randomBytes(32).toString('base64url');
  await ctx.uow.write((store) =>
    store.insertLoginAttempt({
      state,
      bindingHash: sha256(binding),
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(ctx.now().getTime() + LOGIN_ATTEMPT_TTL_MS),
    }),
  );
  return { redirectTo, binding };
}

/**
 * GET /api/callback: check the browser binding, state, nonce and PKCE, upsert the user from the
 * provider's claims and start a new session.
 */
export async function finishSignIn(
  ctx: IdentityContext,
  oidc: OidcClient,
  input: { callbackUrl: URL; binding: string | undefined; previousSessionId: string | undefined },
): Promise<{ sessionId: string; expiresAt: Date; returnTo: string }> {
  const params = input.callbackUrl.searchParams;
  const providerError = params.get('error');
  if (providerError) {
    const description = params.get('error_description');
    throw new SignInFailedError(
      providerError === 'access_denied' ? 'Sign-in was cancelled.' : `The identity provider refused the sign-in${description ? `: ${description}` : '.'}`,
    );
  }
  const state = params.get('state');
  if (!state || !params.get('code')) throw new SignInFailedError('This sign-in link is incomplete. Please sign in again.');
  const attempt = await ctx.uow.write((store) => store.takeLoginAttempt(state));
  if (!attempt || attempt.expiresAt <= ctx.now()) throw new SignInFailedError('This sign-in has expired or was already used. Please sign in again.');
  if (!input.binding || sha256(input.binding) !== attempt.bindingHash) {
    throw new SignInFailedError('This sign-in was started in another browser. Please sign in again.');
  }

  let tokens;
  try {
    tokens = await oidc.exchangeCode(input.callbackUrl, { state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier });
  } catch (err) {
    if (err instanceof SignInUnavailableError) throw err;
    ctx.logger.warn({ err }, 'code exchange failed');
    throw new SignInFailedError('The identity provider did not confirm this sign-in. Please sign in again.');
  }
  const user = await upsertUserFromClaims(ctx, providerClaimsOf(tokens.claims, await oidc.issuer(), ctx.config.oidc.roleClaim));
  const session = await startSession(ctx, { userId: user.id, idToken: tokens.idToken, previousSessionId: input.previousSessionId });
  return { ...session, returnTo: attempt.returnTo };
}

/** GET /api/logout: end the session here, then at the provider when it supports that. */
export async function signOut(ctx: IdentityContext, oidc: OidcClient, sessionId: string | undefined): Promise<string> {
  const ended = sessionId ? await endSession(ctx, sessionId) : null;
  if (!ended) return '/';
  const url = await oidc.endSessionUrl(ended.idToken);
  return url ? url.toString() : '/';
}

/**
 * The provider's claims as PowerPool keeps them. The provider is trusted for who the person is,
 * not for what its text holds: names lose control characters (PostgreSQL refuses NUL) and are cut
 * to the profile's length; an e-mail or subject with control characters ends the sign-in cleanly
 * instead of failing at the database.
 */
export function providerClaimsOf(claims: Record<string, unknown>, issuer: string, roleClaim: string): ProviderClaims {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new SignInFailedError('Your account has no e-mail address; PowerPool needs one.');
  const subject = typeof claims.sub === 'string' || typeof claims.sub === 'number' ? String(claims.sub) : '';
  if (!subject || hasControlCharacters(email) || hasControlCharacters(subject)) {
    throw new SignInFailedError('The identity provider sent an account PowerPool cannot use. Please contact the pool organizer.');
  }
  const name = (v: unknown) => {
    if (typeof v !== 'string') return null;
    const clean = withoutControlCharacters(v).trim().slice(0, NAME_MAX_LENGTH).trim();
    return clean || null;
  };
  return { issuer, subject, email, givenName: name(claims.given_name), familyName: name(claims.family_name), role: name(claims[roleClaim]) };
}
