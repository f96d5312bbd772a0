import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@powerpool/contracts';

/**
 * The signed-in hint: a readable cookie `pp_signed_in=1` that follows the HttpOnly session cookie,
 * so the SPA can tell "nobody is signed in here" without asking GET /api/auth/user (which answers a
 * signed-out visitor 401, an error in the browser's console on every landing page load).
 *
 * Why it is safe: the hint grants nothing. It holds no secret and no identity; every request is
 * still judged by the session cookie alone (`sessionOf`). Forging or keeping a stale hint only makes
 * the SPA ask /api/auth/user, which answers 401 as before; deleting it makes the SPA show the
 * signed-out landing page until the next sign-in. It is not HttpOnly on purpose (the SPA reads it).
 *
 * When it is written (the gateway watches replies, identity is unchanged):
 * - a reply that sets the session cookie (the sign-in callback) also sets the hint, with the same
 *   Expires/Max-Age and Secure, SameSite=Lax, Path=/;
 * - a reply that clears the session cookie (logout) also clears the hint;
 * - a request that carries the hint, is answered 401 and whose session was looked up and found
 *   signed out (ended, expired, or no session cookie) has the hint cleared, so the next load does
 *   not ask again.
 */
export function installSignedInHint(app: FastifyInstance, options: { secure: boolean }): void {
  // A callback hook that answers at once when it has nothing to wait for: an async hook would hold
  // every reply for a turn of the event loop, and a reply sent while a proxied upload is being cut
  // (the 413 of body-limit.ts) must go out before the proxy's own error path can touch its status.
  // eslint-disable-next-line max-params -- Fastify's onSend callback hook: (request, reply, payload, done)
  app.addHook('onSend', (request, reply, payload, done) => {
    const session = setCookiesOf(reply)
      .map(parseSetCookie)
      .find((cookie) => cookie.name === SESSION_COOKIE);
    if (session) {
      appendSetCookie(reply, session.value ? hintLike(session) : clearedHint(options.secure));
      return done(null, payload);
    }
    // Only a 401 can mean the hint is stale (a signed-out caller of a route that needs a session,
    // or GET /api/auth/user, which the SPA asks first); any other reply goes out untouched.
    if (reply.statusCode !== 401 || request.cookies[SIGNED_IN_HINT_COOKIE] === undefined || !request.sessionLookup) return done(null, payload);
    request.sessionLookup.then(
      (lookup) => {
        if (lookup.status === 'signed-out') appendSetCookie(reply, clearedHint(options.secure));
        done(null, payload);
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case, values as sent. */
  attributes: Map<string, string>;
}

function setCookiesOf(reply: FastifyReply): string[] {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).map(String);
}

function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const at = part.indexOf('=');
    const key = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase();
    if (key) attributes.set(key, at === -1 ? '' : part.slice(at + 1).trim());
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** The hint with the session cookie's lifetime and Secure flag. */
function hintLike(session: SetCookie): string {
  const expires = session.attributes.get('expires');
  const maxAge = session.attributes.get('max-age');
  return [
    `${SIGNED_IN_HINT_COOKIE}=1`,
    'Path=/',
    ...(expires ? [`Expires=${expires}`] : []),
    ...(maxAge ? [`Max-Age=${maxAge}`] : []),
    ...(session.attributes.has('secure') ? ['Secure'] : []),
    'SameSite=Lax',
  ].join('; ');
}

function clearedHint(secure: boolean): string {
  return [`${SIGNED_IN_HINT_COOKIE}=`, 'Path=/', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Max-Age=0', ...(secure ? ['Secure'] : []), 'SameSite=Lax'].join(
    '; ',
  );
}

/** Fastify appends to an existing Set-Cookie rather than replacing it. */
function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header('set-cookie', cookie);
}
