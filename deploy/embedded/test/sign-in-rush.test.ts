import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@powerpool/contracts';
import { DEV_PASSWORD, TEXT } from '@powerpool/dev-idp';
import { Browser, parseForm, signInThroughGateway, pgliteTemplate } from '@powerpool/testing';
import { startEmbedded, type Embedded } from '../src/index.js';

/** The people of one office or home network: on Linux every 127.0.0.x is this machine. */
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const PEOPLE = 100;
/** Sign-ins in flight at once, spread over the addresses. */
const IN_FLIGHT = 10;

/** Starts the sign-in at `/api/login` through the gateway and returns the dev IdP's page. */
async function openSignInPage(browser: Browser, appUrl: string): Promise<{ html: string; url: string }> {
  const { res, url } = await browser.follow(`${appUrl}/api/login`, 'about:never');
  expect(res.status, url).toBe(200);
  return { html: await res.text(), url };
}

/** Posts the sign-in form of `page`; a redirect means the password was taken. */
async function submit(browser: Browser, page: { html: string; url: string }, login: string, password: string) {
  const form = parseForm(page.html, page.url);
  const res = await browser.post(form.action, { ...form.fields, login, password });
  const html = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), html, url: form.action, signedIn: res.status === 302 || res.status === 303 };
}

async function whoIs(appUrl: string, session: string): Promise<string | undefined> {
  const res = await fetch(`${appUrl}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  return res.ok ? ((await res.json()) as { email: string }).email : undefined;
}

describe('embedded mode on its default limits', () => {
  let app: Embedded;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    // env {}: the documented defaults, whatever the environment of the test run says.
    app = await startEmbedded({ port: 0, inMemory: true, pgliteFrom: await pgliteTemplate(), environment: 'test', logLevel: 'warn', env: {} });
  });

  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await app?.close();
  });

  function from(localAddress: string): Browser {
    const browser = new Browser({ localAddress });
    browsers.push(browser);
    return browser;
  }

  it('should sign in 100 different people when they all sign in within a minute from a handful of addresses', async () => {
    const started = Date.now();
    const results: Array<{ email: string; session?: string; error?: string }> = [];
    let next = 0;
    const lane = async (localAddress: string) => {
      while (next < PEOPLE) {
        const email = `rush.${next++}@powerpool.test`;
        try {
          results.push({ email, session: await signInThroughGateway(app.url, { email, password: DEV_PASSWORD, localAddress }) });
        } catch (err) {
          results.push({ email, error: (err as Error).message.slice(0, 300) });
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => lane(ADDRESSES[i % ADDRESSES.length]!)));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `sign-in rush: ${PEOPLE} people from ${ADDRESSES.length} addresses signed in in ${seconds.toFixed(1)} s (${Math.round((PEOPLE / seconds) * 60)} a minute)`,
    );

    expect(results.filter((r) => r.error)).toEqual([]);
    expect(results).toHaveLength(PEOPLE);
    // Every session is real and belongs to its person.
    for (const r of results) expect(await whoIs(app.url, r.session!)).toBe(r.email);
  });

  it('should pause one account for the guessing address only when its wrong passwords reach the limit behind the gateway', async () => {
    const email = 'guessed.through.gateway@powerpool.test';
    const guesser = from('127.0.0.7');
    let page = await openSignInPage(guesser, app.url);
    for (let i = 0; i < 4; i++) {
      const wrong = await submit(guesser, page, email, `wrong-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.html).toContain(TEXT.invalidCredentials);
      page = wrong;
    }
    const fifth = await submit(guesser, page, email, 'wrong-4');
    expect(fifth.status).toBe(429);
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
    expect(fifth.html).toContain(TEXT.accountPaused);
    const right = await submit(guesser, fifth, email, DEV_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.html).toContain(TEXT.accountPaused);

    // The dev IdP sees each person's own address through the gateway, not the gateway's.
    const owner = from('127.0.0.8');
    expect((await submit(owner, await openSignInPage(owner, app.url), email, DEV_PASSWORD)).signedIn).toBe(true);
  });
});

describe('embedded mode with the limits set in its environment', () => {
  let app: Embedded;

  beforeAll(async () => {
    app = await startEmbedded({
      port: 0,
      inMemory: true,
      pgliteFrom: await pgliteTemplate(),
      environment: 'test',
      logLevel: 'warn',
      env: { RATE_LIMIT_SIGNIN_PER_MINUTE: '2', RATE_LIMIT_WRITES_PER_MINUTE: '1' },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('should answer a page with a way back when a browser starts more sign-ins than RATE_LIMIT_SIGNIN_PER_MINUTE', async () => {
    const navigate = () => fetch(`${app.url}/api/login`, { redirect: 'manual', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    for (let i = 0; i < 2; i++) {
      const res = await navigate();
      await res.body?.cancel();
      expect(res.status).toBe(302);
    }
    const res = await navigate();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain("We couldn't sign you in just now");
    expect(html).toContain('<a href="/api/login">Sign in again</a>');
    expect(html).toContain('href="/"');
  });

  it('should keep the JSON answer when an API call exceeds RATE_LIMIT_WRITES_PER_MINUTE', async () => {
    const write = () => fetch(`${app.url}/api/invitations/some-token/use`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const first = await write();
    await first.body?.cancel();
    expect(first.status).not.toBe(429);
    const second = await write();
    expect(second.status).toBe(429);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.headers.get('retry-after')).not.toBeNull();
    expect(await second.json()).toEqual({ error: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' });
  });
});
