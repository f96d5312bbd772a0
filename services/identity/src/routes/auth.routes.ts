import type { FastifyReply } from 'fastify';
import { identityEndpoints as api, SESSION_COOKIE } from '@powerpool/contracts';
import { currentUser, DomainError, route, signInProblemPage, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext, OidcClient } from '../domain/context.js';
import { finishSignIn, LOGIN_ATTEMPT_TTL_MS, signOut, startSignIn } from '../domain/sign-in.js';
import { getCurrentUser } from '../domain/users.js';

/** Binds a started sign-in to the browser that started it; only sent to the callback. */
export const LOGIN_COOKIE = 'pp_login';
const LOGIN_COOKIE_PATH = '/api/callback';

/** Sign-in problems happen during browser navigations: answer a small page, not JSON. */
function sendSignInProblem(reply: FastifyReply, err: DomainError): FastifyReply {
  const html = signInProblemPage({ title: 'Sign-in problem', heading: "We couldn't sign you in", paragraphs: [err.message] });
  return reply.code(err.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export function registerAuthRoutes(app: ServiceApp, ctx: IdentityContext, oidc: OidcClient): void {
  const secure = ctx.config.session.secureCookies;

  route(app, api.login, async (request, reply) => {
    try {
      const { redirectTo, binding } = await startSignIn(ctx, oidc, request.query.returnTo);
      reply.setCookie(LOGIN_COOKIE, binding, { httpOnly: true, sameSite: 'lax', secure, path: LOGIN_COOKIE_PATH, maxAge: LOGIN_ATTEMPT_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(redirectTo.toString(), 302);
    } catch (err) {
      if (err instanceof DomainError) return sendSignInProblem(reply, err);
      throw err;
    }
  });

  route(app, api.callback, async (request, reply) => {
    reply.clearCookie(LOGIN_COOKIE, { path: LOGIN_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
    try {
      const result = await finishSignIn(ctx, oidc, {
        callbackUrl: new URL(request.url, ctx.config.publicUrl),
        binding: request.cookies[LOGIN_COOKIE],
        previousSessionId: request.cookies[SESSION_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, result.sessionId, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: result.expiresAt });
      return reply.header('cache-control', 'no-store').redirect(result.returnTo, 302);
    } catch (err) {
      if (err instanceof DomainError) return sendSignInProblem(reply, err);
      throw err;
    }
  });

  route(app, api.logout, async (request, reply) => {
    const to = await signOut(ctx, oidc, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return reply.header('cache-control', 'no-store').redirect(to, 302);
  });

  route(app, api.currentUser, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getCurrentUser(ctx, currentUser(request).id);
  });
}
