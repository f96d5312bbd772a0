import * as client from 'openid-client';
export { Browser, parseForm } from '@powerpool/testing';
import { Browser, parseForm } from '@powerpool/testing';

export const REDIRECT_URI = 'http://localhost:3000/api/callback';
export const POST_LOGOUT_URI = 'http://localhost:3000/';
export const CLIENT_ID = 'powerpool-test';
export const CLIENT_SECRET = 'powerpool-test-secret';

export const testClient = {
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  redirectUris: [REDIRECT_URI],
  postLogoutRedirectUris: [POST_LOGOUT_URI],
};

/** openid-client, as the identity service uses it (http issuers need allowInsecureRequests). */
export function discover(issuer: string, auth: 'basic' | 'post' = 'basic'): Promise<client.Configuration> {
  return client.discovery(
    new URL(issuer),
    CLIENT_ID,
    undefined,
    auth === 'basic' ? client.ClientSecretBasic(CLIENT_SECRET) : client.ClientSecretPost(CLIENT_SECRET),
    { execute: [client.allowInsecureRequests] },
  );
}

export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(config: client.Configuration): Promise<AuthorizationRequest> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, verifier, state, nonce };
}

/** Starts an authorization and returns the sign-in page it lands on. */
export async function openSignInPage(browser: Browser, config: client.Configuration) {
  const request = await authorizationRequest(config);
  const { res, url } = await browser.follow(request.url, REDIRECT_URI);
  return { request, res, url, html: await res.text() };
}

/** Posts the login form of a sign-in page; returns the callback URL or the re-rendered page. */
export async function submitLogin(browser: Browser, page: { html: string; url: string }, login: string, password: string) {
  const form = parseForm(page.html, page.url);
  const res = await browser.post(form.action, { ...form.fields, login, password });
  const { res: last, url } = await browser.continue(res, form.action, REDIRECT_URI);
  return { res: last, url, callback: url.startsWith(REDIRECT_URI) ? new URL(url) : undefined };
}

export async function exchange(config: client.Configuration, callback: URL, request: AuthorizationRequest) {
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
}

/** A complete sign-in: authorization, login form, code exchange. */
export async function signIn(config: client.Configuration, email: string, password: string, browser = new Browser()) {
  const page = await openSignInPage(browser, config);
  const { callback } = await submitLogin(browser, page, email, password);
  if (!callback) throw new Error(`sign-in of ${email} did not reach the callback`);
  const tokens = await exchange(config, callback, page.request);
  return { browser, tokens, claims: tokens.claims()!, callback };
}
