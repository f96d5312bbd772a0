import type { FastifyReply } from 'fastify';
import { callbackQuerySchema, currentUserSchema, loginQuerySchema, SESSION_COOKIE } from '@powerpool/contracts';
import { currentUser, DomainError, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import type { OidcClient } from '../domain/oidc.js';
import { finishSignIn, LOGIN_ATTEMPT_TTL_MS, signOut, startSignIn } from '../domain/sign-in.js';
import { getCurrentUser } from '../domain/users.js';

/** Binds a started sign-in to the browser that started it; only sent to the callback. */
export const LOGIN_COOKIE = 'pp_login';
const LOGIN_COOKIE_PATH = '/api/callback';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sign-in problems happen during browser navigations: answer a small page, not JSON. */
function signInProblemPage(reply: FastifyReply, err: DomainError): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign-in problem · PowerPool</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1rem;margin-right:1rem;color:#fff;background:#1d4ed8;padding:.6rem 1rem;border-radius:8px;text-decoration:none}
a.secondary{background:#e2e8f0;color:#0f172a}</style></head>
<body><main><h1>We couldn't sign you in</h1><p>${escapeHtml(err.message)}</p>
<a href="/api/login">Sign in again</a><a class="secondary" href="/">Go to Home</a></main></body></html>`;
  return reply.code(err.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export function registerAuthRoutes(app: ServiceApp, ctx: IdentityContext, oidc: OidcClient): void {
  const secure = ctx.config.session.secureCookies;

  app.get('/api/login', { config: { access: 'public' }, schema: { querystring: loginQuerySchema } }, async (request, reply) => {
    try {
      const { redirectTo, binding } = await startSignIn(ctx, oidc, request.query.returnTo);
      reply.setCookie(LOGIN_COOKIE, binding, { httpOnly: true, sameSite: 'lax', secure, path: LOGIN_COOKIE_PATH, maxAge: LOGIN_ATTEMPT_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(redirectTo.toString(), 302);
    } catch (err) {
      if (err instanceof DomainError) return signInProblemPage(reply, err);
      throw err;
    }
  });

  app.get('/api/callback', { config: { access: 'public' }, schema: { querystring: callbackQuerySchema } }, async (request, reply) => {
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
      if (err instanceof DomainError) return signInProblemPage(reply, err);
      throw err;
    }
  });

  app.get('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    const to = await signOut(ctx, oidc, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return reply.header('cache-control', 'no-store').redirect(to, 302);
  });

  app.get('/api/auth/user', { schema: { response: { 200: currentUserSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getCurrentUser(ctx, currentUser(request).id);
  });
}
