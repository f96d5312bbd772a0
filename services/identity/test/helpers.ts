import { RPC, SESSION_COOKIE, type SessionUser } from '@powerpool/contracts';
import { DEV_PASSWORD, startDevIdp, type DevIdp } from '@powerpool/dev-idp';
import { Browser, freePort, parseForm, startServiceHarness, type ServiceHarness } from '@powerpool/testing';
import { buildApp } from '../src/app.js';
import { loadIdentityConfig } from '../src/config.js';

export const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_SECRET = 'identity-test-secret';

export interface IdentityHarness extends ServiceHarness {
  idp: DevIdp;
}

export interface IdentityHarnessOptions {
  /** The provider's public issuer (default: its own listen address); `port` is where it listens. */
  issuer?: (port: number) => string;
  /** Extra identity env, e.g. OIDC_BACKCHANNEL_URL. */
  env?: (idp: DevIdp) => Record<string, string>;
}

/**
 * identity on real storage and bus (the shared harness: a movable clock from now, tests move it to
 * check expiry), signing in against a real dev OpenID provider over HTTP.
 */
export async function startIdentity(options: IdentityHarnessOptions = {}): Promise<IdentityHarness> {
  const port = await freePort();
  const idp = await startDevIdp({
    issuer: options.issuer?.(port) ?? `http://127.0.0.1:${port}/dev-idp`,
    port,
    environment: 'test',
    clients: [{ clientId: 'powerpool', clientSecret: CLIENT_SECRET, redirectUris: [`${PUBLIC_URL}/api/callback`], postLogoutRedirectUris: [`${PUBLIC_URL}/`] }],
  });
  const h = await startServiceHarness({
    schema: 'identity',
    // identity is where users come from: nobody announces them to it.
    keepsUsers: false,
    record: [],
    startAt: new Date(),
    build: (runtime, now) =>
      buildApp({
        ...runtime,
        now,
        config: loadIdentityConfig({
          IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed',
          OIDC_ISSUER_URL: idp.issuer,
          OIDC_CLIENT_SECRET: CLIENT_SECRET,
          PUBLIC_URL,
          SUPER_ADMIN_EMAILS: 'admin@powerpool.test',
          SESSION_IDLE_TIMEOUT_MINUTES: '60',
          SESSION_ABSOLUTE_TIMEOUT_HOURS: '24',
          ...options.env?.(idp),
        }),
      }),
  });
  const closeService = h.close.bind(h);
  return Object.assign(h, {
    idp,
    async close() {
      await closeService();
      await idp.close();
    },
  });
}

export interface SignedIn {
  sessionId: string;
  /** The gateway's assertion headers for this session, as the gateway would build them. */
  headers: Record<string, string>;
  user: SessionUser;
  /** Where the callback sent the browser. */
  location: string;
  callbackCookies: Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }>;
}

/** Ask identity over the bus who owns a session (what the gateway does). */
export async function resolve(h: IdentityHarness, sessionId: string): Promise<SessionUser | null> {
  const reply = await h.runtime.bus.request<{ user: SessionUser | null }>(RPC.resolveSession, { sessionId });
  return reply.user;
}

/**
 * The whole browser round trip: /api/login on identity, the provider's sign-in form over HTTP,
 * then /api/callback on identity with the login cookie.
 */
export async function signIn(h: IdentityHarness, email: string, options: { returnTo?: string; previousSessionId?: string } = {}): Promise<SignedIn> {
  const anon = await h.runtime.headersFor(null);
  const query = options.returnTo !== undefined ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  const login = await h.app.inject({ method: 'GET', url: `/api/login${query}`, headers: anon });
  if (login.statusCode !== 302) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const binding = login.cookies.find((c) => c.name === 'pp_login');
  if (!binding) throw new Error('no pp_login cookie');

  const browser = new Browser();
  const callbackPrefix = `${PUBLIC_URL}/api/callback`;
  const page = await browser.follow(login.headers.location as string, callbackPrefix);
  const form = parseForm(await page.res.text(), page.url);
  const posted = await browser.post(form.action, { ...form.fields, login: email, password: DEV_PASSWORD });
  const back = await browser.continue(posted, form.action, callbackPrefix);
  if (!back.url.startsWith(callbackPrefix)) throw new Error(`sign-in did not come back: ${back.url} (${back.res.status})`);

  const callback = new URL(back.url);
  const cookie = [`pp_login=${binding.value}`, ...(options.previousSessionId ? [`${SESSION_COOKIE}=${options.previousSessionId}`] : [])].join('; ');
  const res = await h.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { ...anon, cookie } });
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE && c.value);
  if (!session) throw new Error('no session cookie');
  const user = await resolve(h, session.value);
  if (!user) throw new Error('session does not resolve');
  return {
    sessionId: session.value,
    headers: await h.runtime.headersFor(user),
    user,
    location: res.headers.location as string,
    callbackCookies: res.cookies,
  };
}
