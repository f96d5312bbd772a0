import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_FILE, DEV_ACCOUNTS, DEV_PASSWORD, startDevIdp, TEXT, type DevIdp } from '../src/index.js';
import {
  authorizationRequest,
  Browser,
  discover,
  exchange,
  openSignInPage,
  parseForm,
  POST_LOGOUT_URI,
  REDIRECT_URI,
  signIn,
  submitLogin,
  testClient,
} from './browser.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const INVALID = 'Invalid e-mail or password.';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A port that was free a moment ago: the issuer must name the port before the IdP listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await closeServer(probe);
  return port;
}

let counter = 0;
function uniqueEmail(prefix: string, domain = 'powerpool.test'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@${domain}`;
}

describe('dev identity provider reached directly, with a path issuer', () => {
  let idp: DevIdp;
  let issuer: string;
  let config: client.Configuration;

  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/dev-idp`;
    idp = await startDevIdp({ issuer, port, environment: 'test', clients: [testClient] });
    config = await discover(issuer);
  });

  afterAll(async () => {
    await idp?.close();
  });

  it('should serve discovery and every endpoint under the issuer path when asked for its metadata', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    for (const endpoint of [
      metadata.authorization_endpoint,
      metadata.token_endpoint,
      metadata.userinfo_endpoint,
      metadata.jwks_uri,
      metadata.end_session_endpoint,
    ]) {
      expect(endpoint?.startsWith(`${issuer}/`)).toBe(true);
    }
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(idp.listenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('should give the seeded player the right claims in the id_token and userinfo when signing in with powerpool', async () => {
    const { claims, tokens } = await signIn(config, 'player@powerpool.test', DEV_PASSWORD);

    expect(claims).toMatchObject({
      iss: issuer,
      aud: testClient.clientId,
      email: 'player@powerpool.test',
      email_verified: true,
      name: 'Pat Player',
      given_name: 'Pat',
      family_name: 'Player',
    });
    expect(claims.sub).toMatch(UUID);
    expect(claims).not.toHaveProperty('powerpool_role');
    expect(claims.nonce).toBeDefined();

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: claims.sub, email: 'player@powerpool.test', given_name: 'Pat', family_name: 'Player' });
  });

  it('should keep the same sub when the seeded player signs in again with different letter case', async () => {
    const first = await signIn(config, 'player@powerpool.test', DEV_PASSWORD);
    const second = await signIn(config, '  Player@PowerPool.TEST ', DEV_PASSWORD);
    expect(second.claims.sub).toBe(first.claims.sub);
    expect(second.claims.email).toBe('player@powerpool.test');

    const other = await signIn(config, 'player2@powerpool.test', DEV_PASSWORD);
    expect(other.claims).toMatchObject({ given_name: 'Casey', family_name: 'Second', name: 'Casey Second' });
    expect(other.claims.sub).not.toBe(first.claims.sub);
  });

  it('should release powerpool_role in the id_token and userinfo when the commissioner and the admin sign in', async () => {
    const commissioner = await signIn(config, 'commissioner@powerpool.test', DEV_PASSWORD);
    expect(commissioner.claims).toMatchObject({ powerpool_role: 'pool_commissioner', name: 'Chris Commissioner' });
    const info = await client.fetchUserInfo(config, commissioner.tokens.access_token, commissioner.claims.sub);
    expect(info.powerpool_role).toBe('pool_commissioner');

    const admin = await signIn(config, 'admin@powerpool.test', DEV_PASSWORD);
    expect(admin.claims).toMatchObject({ powerpool_role: 'super_admin', given_name: 'Alex', family_name: 'Admin' });
  });

  it('should create the account on first use when a new @powerpool.test address signs in with powerpool', async () => {
    const email = uniqueEmail('jamie.rivers');
    const first = await signIn(config, email.toUpperCase(), DEV_PASSWORD);
    expect(first.claims).toMatchObject({ email, email_verified: true, given_name: 'Jamie' });
    expect(first.claims.sub).toMatch(UUID);
    expect(first.claims).not.toHaveProperty('powerpool_role');

    const again = await signIn(config, email, DEV_PASSWORD);
    expect(again.claims.sub).toBe(first.claims.sub);
  });

  it('should refuse with the error and keep the typed e-mail when the password is wrong', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    const wrong = await submitLogin(browser, page, 'player@powerpool.test', 'not-the-password');
    expect(wrong.callback).toBeUndefined();
    expect(wrong.res.status).toBe(200);
    const html = await wrong.res.text();
    expect(html).toContain(INVALID);
    expect(html).toMatch(/name="login"[^>]*value="player@powerpool\.test"/);

    // A new @powerpool.test address with a wrong password, or a stranger, is no account either.
    const again = await submitLogin(browser, { html, url: wrong.url }, uniqueEmail('nobody'), 'wrong');
    expect(await again.res.text()).toContain(INVALID);
    const stranger = await submitLogin(browser, { html, url: wrong.url }, 'someone@example.com', DEV_PASSWORD);
    expect(await stranger.res.text()).toContain(INVALID);

    // The same interaction still completes once the right password is given.
    const right = await submitLogin(browser, { html, url: wrong.url }, 'player@powerpool.test', DEV_PASSWORD);
    expect(right.callback).toBeDefined();
    const tokens = await exchange(config, right.callback!, page.request);
    expect(tokens.claims()?.email).toBe('player@powerpool.test');
  });

  it('should render a plain sign-in form with the dev accounts hint and a sign-up link when an authorization starts', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    expect(page.res.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${issuer}/interaction/[\\w-]+$`));
    const form = parseForm(page.html, page.url);
    expect(form.method).toBe('post');
    expect(form.action.startsWith(`${issuer}/interaction/`)).toBe(true);
    expect(form.inputs).toEqual(expect.arrayContaining(['login', 'password']));
    expect(form.buttons).toContain('Sign in');
    for (const account of DEV_ACCOUNTS) expect(page.html).toContain(account.email);
    expect(page.html).toMatch(/<a href="\/dev-idp\/interaction\/[\w-]+\/signup">/);
    expect(page.html).not.toMatch(/<script(?![^>]*\bsrc=)/i);
    expect(page.html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    expect(page.res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src 'self' data:; " +
        "form-action 'self' http://localhost:3000; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('should create an account for any address and continue the sign-in when the sign-up form is filled', async () => {
    const email = uniqueEmail('Free.Person', 'example.org');
    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    const signUpUrl = new URL(/<a href="([^"]+\/signup)">/.exec(page.html)![1]!, page.url).href;
    const signUpPage = await browser.get(signUpUrl);
    expect(signUpPage.status).toBe(200);
    const signUpHtml = await signUpPage.text();
    const form = parseForm(signUpHtml, signUpUrl);
    expect(form.inputs).toEqual(expect.arrayContaining(['email', 'password', 'given_name', 'family_name']));

    const res = await browser.post(form.action, {
      email,
      password: 'long-enough-secret',
      given_name: 'Free',
      family_name: 'Person',
    });
    const done = await browser.continue(res, form.action, REDIRECT_URI);
    expect(done.url.startsWith(REDIRECT_URI)).toBe(true);
    const tokens = await exchange(config, new URL(done.url), page.request);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ email: email.toLowerCase(), given_name: 'Free', family_name: 'Person', name: 'Free Person' });
    expect(claims.sub).toMatch(UUID);

    // The new account signs in with its own password, and only with it.
    const again = await signIn(config, email, 'long-enough-secret');
    expect(again.claims.sub).toBe(claims.sub);
    const other = new Browser();
    const otherPage = await openSignInPage(other, config);
    const refused = await submitLogin(other, otherPage, email, DEV_PASSWORD);
    expect(await refused.res.text()).toContain(INVALID);
  });

  it('should refuse the sign-up with a clear error when the address already has an account or the password is short', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    const signUpUrl = new URL(/<a href="([^"]+\/signup)">/.exec(page.html)![1]!, page.url).href;
    await (await browser.get(signUpUrl)).body?.cancel();

    const duplicate = await browser.post(signUpUrl, {
      email: 'Player@powerpool.test',
      password: 'long-enough-secret',
      given_name: 'Another',
      family_name: 'Player',
    });
    expect(duplicate.status).toBe(200);
    const html = await duplicate.text();
    expect(html).toContain('An account with this e-mail already exists.');
    expect(html).toMatch(/name="given_name"[^>]*value="Another"/);

    const short = await browser.post(signUpUrl, {
      email: uniqueEmail('short', 'example.org'),
      password: 'short',
      given_name: 'Short',
      family_name: 'Password',
    });
    expect(await short.text()).toContain('Password must be at least 8 characters.');
  });

  it('should fail the code exchange when the PKCE verifier is wrong', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    const { callback } = await submitLogin(browser, page, 'player@powerpool.test', DEV_PASSWORD);
    expect(callback).toBeDefined();
    await expect(exchange(config, callback!, { ...page.request, verifier: client.randomPKCECodeVerifier() })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('should refuse the authorization request when it carries no PKCE challenge', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: client.randomState(),
    });
    const { url: landed } = await new Browser().follow(url, REDIRECT_URI);
    const params = new URL(landed).searchParams;
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toMatch(/PKCE/);
  });

  it('should not ask again when a signed-in browser starts another authorization', async () => {
    const { browser } = await signIn(config, 'player2@powerpool.test', DEV_PASSWORD);
    const request = await authorizationRequest(config);
    const { url } = await browser.follow(request.url, REDIRECT_URI);
    expect(url.startsWith(REDIRECT_URI)).toBe(true);
    const tokens = await exchange(config, new URL(url), request);
    expect(tokens.claims()?.email).toBe('player2@powerpool.test');
  });

  it('should scope every cookie to the issuer path when a browser signs in', async () => {
    const { browser } = await signIn(config, 'player@powerpool.test', DEV_PASSWORD);
    expect(browser.seen.length).toBeGreaterThan(0);
    for (const cookie of browser.seen) expect(cookie.path === '/dev-idp' || cookie.path.startsWith('/dev-idp/')).toBe(true);
    expect(browser.cookieNames()).toContain('dev_idp_session');
  });

  it('should sign out and redirect to the post-logout URI when the auto-submitted logout form is posted', async () => {
    const { browser, tokens } = await signIn(config, 'commissioner@powerpool.test', DEV_PASSWORD);
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'after-logout',
    });

    const page = await browser.get(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    const form = parseForm(html, endSession.href, 'op.logoutForm');
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${issuer}/session/end/confirm`);
    expect(form.fields).toMatchObject({ logout: 'yes' });
    expect(form.buttons).toContain('Sign out');

    // The page submits itself with a script of ours (no inline script under the CSP).
    const scriptSrc = /<script src="([^"]+)"/.exec(html)?.[1];
    expect(scriptSrc).toBe('/dev-idp/assets/logout.js');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/i);
    const script = await browser.get(new URL(scriptSrc!, issuer));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm')");

    const confirmed = await browser.post(form.action, form.fields);
    expect(confirmed.status).toBe(303);
    const location = new URL(confirmed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(POST_LOGOUT_URI);
    expect(location.searchParams.get('state')).toBe('after-logout');

    // Signed out: the next authorization asks for credentials again.
    const next = await openSignInPage(browser, config);
    expect(next.res.status).toBe(200);
    expect(next.html).toContain('name="password"');
  });
});

describe('dev identity provider counting wrong passwords', () => {
  let idp: DevIdp;
  let config: client.Configuration;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}/dev-idp`;
    idp = await startDevIdp({ issuer, port, environment: 'test', clients: [testClient], failedLogins: { perAccount: 3, perIp: 6 } });
    config = await discover(issuer);
  });

  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await idp?.close();
  });

  /** A browser connecting from `localAddress` (another client address for the IdP). */
  function from(localAddress: string): Browser {
    const browser = new Browser({ localAddress });
    browsers.push(browser);
    return browser;
  }

  /** Posts the login form of `page` and returns what came back: a page, or the callback. */
  async function attempt(browser: Browser, page: { html: string; url: string }, login: string, password: string) {
    const form = parseForm(page.html, page.url);
    const res = await browser.post(form.action, { ...form.fields, login, password });
    if (res.status >= 300 && res.status < 400) {
      const { url } = await browser.continue(res, form.action, REDIRECT_URI);
      return { status: res.status, html: '', url, retryAfter: null, callback: url.startsWith(REDIRECT_URI) };
    }
    return { status: res.status, html: await res.text(), url: form.action, retryAfter: res.headers.get('retry-after'), callback: false };
  }

  it('should pause one account for the guessing address, right password included, when its wrong passwords reach the limit', async () => {
    const email = uniqueEmail('guessed');
    const guesser = from('127.0.0.2');
    let page: { html: string; url: string } = await openSignInPage(guesser, config);
    for (let i = 0; i < 2; i++) {
      const wrong = await attempt(guesser, page, email, `wrong-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.html).toContain(INVALID);
      page = wrong;
    }
    const third = await attempt(guesser, page, email, 'wrong-2');
    expect(third.status).toBe(429);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect(third.html).toContain(TEXT.accountPaused);
    expect(third.html).toContain('paused for about 15 minutes');
    // The form is still there, with the address kept; the right password is not even checked now.
    expect(parseForm(third.html, third.url).inputs).toEqual(expect.arrayContaining(['login', 'password']));
    const right = await attempt(guesser, third, email, DEV_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.html).toContain(TEXT.accountPaused);

    // Another account from the same address, and the same account from another address, sign in.
    expect((await attempt(guesser, right, uniqueEmail('neighbour'), DEV_PASSWORD)).callback).toBe(true);
    const owner = from('127.0.0.3');
    expect((await attempt(owner, await openSignInPage(owner, config), email, DEV_PASSWORD)).callback).toBe(true);
  });

  it('should pause an address for every account when its wrong passwords over many accounts reach the limit', async () => {
    const sprayer = from('127.0.0.4');
    let page: { html: string; url: string } = await openSignInPage(sprayer, config);
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt(sprayer, page, uniqueEmail('sprayed'), 'summer2025');
      expect(wrong.status).toBe(200);
      page = wrong;
    }
    const sixth = await attempt(sprayer, page, uniqueEmail('sprayed'), 'summer2025');
    expect(sixth.status).toBe(429);
    expect(sixth.html).toContain(TEXT.ipPaused);
    expect((await attempt(sprayer, sixth, 'player@powerpool.test', DEV_PASSWORD)).status).toBe(429);
    // Successful sign-ins are never counted: many people from one address go through.
    for (let i = 0; i < 8; i++) {
      const colleague = from('127.0.0.5');
      expect((await attempt(colleague, await openSignInPage(colleague, config), uniqueEmail('colleague'), DEV_PASSWORD)).callback).toBe(true);
    }
  });
});

describe('dev identity provider behind a prefix-keeping reverse proxy', () => {
  let idp: DevIdp;
  let proxy: Server;
  let issuer: string;
  let config: client.Configuration;
  const forwardedFor: string[] = [];

  beforeAll(async () => {
    let target: URL | undefined;
    // Like the gateway: same path, X-Forwarded-* set, response piped back untouched.
    proxy = createServer((req, res) => {
      if (!target || !req.url?.startsWith('/dev-idp')) {
        res.writeHead(404).end();
        return;
      }
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-proto': 'http',
            'x-forwarded-host': req.headers.host ?? '',
            'x-forwarded-for': req.socket.remoteAddress ?? '',
          },
        },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      forwardedFor.push(req.url);
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    const proxyPort = await listen(proxy);
    issuer = `http://127.0.0.1:${proxyPort}/dev-idp`;
    idp = await startDevIdp({ issuer, clients: [testClient], environment: 'development' });
    target = new URL(idp.listenUrl);
    config = await discover(issuer, 'post');
  });

  afterAll(async () => {
    await idp?.close();
    if (proxy) await closeServer(proxy);
  });

  it('should build every URL from the issuer and complete the sign-in when reached through the proxy', async () => {
    const listenOrigin = idp.listenUrl;
    expect(new URL(listenOrigin).port).not.toBe(new URL(issuer).port);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(JSON.stringify(metadata)).not.toContain(listenOrigin);
    // Even asked on its listening address without proxy headers, it speaks in the issuer's URLs.
    const direct = (await (await fetch(`${listenOrigin}/dev-idp/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    expect(direct.token_endpoint).toBe(`${issuer}/token`);

    const browser = new Browser();
    const page = await openSignInPage(browser, config);
    expect(page.url.startsWith(`${issuer}/interaction/`)).toBe(true);
    const { callback } = await submitLogin(browser, page, 'admin@powerpool.test', DEV_PASSWORD);
    expect(callback?.searchParams.get('iss')).toBe(issuer);
    const tokens = await exchange(config, callback!, page.request);
    expect(tokens.claims()).toMatchObject({ iss: issuer, email: 'admin@powerpool.test', powerpool_role: 'super_admin' });
    expect(forwardedFor.some((url) => url.startsWith('/dev-idp/token'))).toBe(true);
  });

  it('should answer 404 when a path outside the issuer reaches its server', async () => {
    const res = await fetch(`${idp.listenUrl}/api/callback`);
    expect(res.status).toBe(404);
  });
});

describe('dev identity provider with a data directory', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dev-idp-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should keep its signing keys and the created accounts when restarted on the same data directory', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}/dev-idp`;
    const options = { issuer, port, dataDir, clients: [testClient], environment: 'test' as const };
    const email = uniqueEmail('kept', 'example.net');

    let idp = await startDevIdp(options);
    let subs: { firstUse: string; signUp: string; idToken: string };
    try {
      const config = await discover(issuer);
      const firstUse = await signIn(config, uniqueEmail('first.use'), DEV_PASSWORD);
      const browser = new Browser();
      const page = await openSignInPage(browser, config);
      const signUpUrl = new URL(/<a href="([^"]+\/signup)">/.exec(page.html)![1]!, page.url).href;
      const res = await browser.post(signUpUrl, { email, password: 'kept-password', given_name: 'Kept', family_name: 'Account' });
      const done = await browser.continue(res, signUpUrl, REDIRECT_URI);
      const signedUp = await exchange(config, new URL(done.url), page.request);
      subs = { firstUse: firstUse.claims.sub, signUp: signedUp.claims()!.sub, idToken: signedUp.id_token! };
    } finally {
      await idp.close();
    }

    const stored = await readFile(join(dataDir, ACCOUNTS_FILE), 'utf8');
    expect(stored).toContain(email);
    expect(stored).not.toContain('kept-password');
    expect(stored).toMatch(/"passwordHash": "scrypt\$/);

    idp = await startDevIdp(options);
    try {
      const config = await discover(issuer);
      const again = await signIn(config, email, 'kept-password');
      expect(again.claims.sub).toBe(subs.signUp);
      expect(again.claims).toMatchObject({ given_name: 'Kept', family_name: 'Account' });
      // A token issued before the restart still verifies against the published keys.
      const { kid } = JSON.parse(Buffer.from(subs.idToken.split('.')[0]!, 'base64url').toString()) as { kid: string };
      const jwks = (await (await fetch(config.serverMetadata().jwks_uri!)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((k) => k.kid)).toContain(kid);
      expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
    } finally {
      await idp.close();
    }
  });
});

describe('dev identity provider in production', () => {
  it('should refuse to start when the environment is production', async () => {
    await expect(startDevIdp({ issuer: 'https://idp.example.com/dev-idp', clients: [testClient], environment: 'production' })).rejects.toThrow(
      'The dev identity provider must never run in production',
    );
  });
});
