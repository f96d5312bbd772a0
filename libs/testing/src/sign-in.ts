import { SESSION_COOKIE } from '@powerpool/contracts';
import { Browser, parseForm, type BrowserOptions } from './browser.js';

const MAX_HOPS = 15;

/**
 * Signs in over real HTTP the way a browser does: `/api/login` through the gateway, the dev IdP's
 * login form, back through `/api/callback`. Returns the `pp_session` cookie value identity set.
 * `localAddress` connects from that address (another client IP for the gateway's limits).
 */
export async function signInThroughGateway(
  appUrl: string,
  { email, password, ...options }: { email: string; password: string } & BrowserOptions,
): Promise<string> {
  const browser = new Browser(options);
  try {
    return await walkSignIn(browser, { appUrl, email, password });
  } finally {
    await browser.close();
  }
}

async function walkSignIn(browser: Browser, { appUrl, email, password }: { appUrl: string; email: string; password: string }): Promise<string> {
  const { res: page, url: pageUrl } = await browser.follow(`${appUrl}/api/login`, 'about:never');
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /api/login ended on ${pageUrl} with ${page.status}:\n${html.slice(0, 500)}`);
  const form = parseForm(html, pageUrl);
  if (!form.inputs.includes('login') || !form.inputs.includes('password')) {
    throw new Error(`the page at ${pageUrl} has no login form (inputs: ${form.inputs.join(', ')})`);
  }

  let session: string | undefined;
  let res = await browser.post(form.action, { ...form.fields, login: email, password });
  let current = form.action;
  for (let hops = 0; ; hops++) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq).trim() === SESSION_COOKIE) session = pair.slice(eq + 1) || undefined;
    }
    if (res.status < 300 || res.status >= 400) break;
    if (hops >= MAX_HOPS) throw new Error('too many redirects after the login form');
    current = new URL(res.headers.get('location') ?? '', current).href;
    await res.body?.cancel();
    // Done once the flow is back on the app outside the sign-in routes (the SPA itself is not needed).
    if (session && !new URL(current).pathname.startsWith('/api/') && !new URL(current).pathname.startsWith('/dev-idp')) break;
    res = await browser.get(current);
  }
  await res.body?.cancel();
  if (!session) throw new Error(`signing in as ${email} set no ${SESSION_COOKIE} cookie (last page: ${current}, status ${res.status})`);
  return session;
}

/** A signed-in caller: the session cookie identity set, and JSON calls through the gateway with it. */
export interface SignedIn {
  sessionId: string;
  get(path: string): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
}

/** One request through the gateway with a session cookie: a JSON body when one is given, redirects not followed. */
export function sessionFetch({
  appUrl,
  sessionId,
  method,
  path,
  body,
  signal,
}: {
  appUrl: string;
  sessionId: string;
  method: string;
  path: string;
  body?: unknown;
  signal?: AbortSignal;
}): Promise<Response> {
  return fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
    ...(signal ? { signal } : {}),
  });
}

/**
 * Signs in the way a browser does, over real HTTP (`signInThroughGateway`), and returns small
 * fetch helpers carrying the session cookie (the cluster and embedded mode's HTTP tests).
 */
export async function signIn(appUrl: string, email: string, password: string): Promise<SignedIn> {
  const sessionId = await signInThroughGateway(appUrl, { email, password });
  return {
    sessionId,
    get: (path) => sessionFetch({ appUrl, sessionId, method: 'GET', path }),
    put: (path, body) => sessionFetch({ appUrl, sessionId, method: 'PUT', path, body }),
    post: (path, body) => sessionFetch({ appUrl, sessionId, method: 'POST', path, body }),
  };
}
