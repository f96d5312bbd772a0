import * as client from 'openid-client';
import type { IdentityConfig } from '../config.js';
import type { OidcClient } from '../domain/context.js';
import { SignInUnavailableError } from '../domain/errors.js';

/**
 * Where identity's own call to `url` goes: a URL under `issuer` goes to the same path under
 * `backchannel` (the provider as this process reaches it, e.g. the dev IdP's listen address rather
 * than the public gateway in front of it, whose per-IP limits are for browsers); others unchanged.
 */
export function backchannelRewrite(issuer: URL, backchannel: URL): (url: string) => string {
  const from = issuer.href.replace(/\/+$/, '');
  const to = backchannel.href.replace(/\/+$/, '');
  return (url) => (url === from || url.startsWith(`${from}/`) || url.startsWith(`${from}?`) ? to + url.slice(from.length) : url);
}

/**
 * The fetch of identity's calls to the provider (discovery, token, userinfo, JWKS) when it has a
 * back channel. Nothing else changes: the metadata still names the public endpoints (the browser
 * is sent to those) and the issuer is still checked against the public one.
 */
function backchannelFetch(issuer: URL, backchannel: URL): client.CustomFetch {
  const rewrite = backchannelRewrite(issuer, backchannel);
  return (url, options) => fetch(rewrite(url), options);
}

/** The OpenID Connect provider over openid-client (code flow + PKCE, state, nonce). */
export function createOidcClient(config: IdentityConfig): OidcClient {
  const redirectUri = new URL('/api/callback', config.publicUrl).toString();
  const postLogoutRedirectUri = new URL('/', config.publicUrl).toString();
  let discovered: Promise<client.Configuration> | undefined;
  const insecure = config.oidc.issuerUrl.protocol === 'http:';
  const options: client.DiscoveryRequestOptions = {
    timeout: 10,
    ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    ...(config.oidc.backchannelUrl ? { [client.customFetch]: backchannelFetch(config.oidc.issuerUrl, config.oidc.backchannelUrl) } : {}),
  };

  // Discovery is lazy and retried: the provider may start after us (embedded mode serves it on the
  // same port) or be briefly down; a failure is not cached.
  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      discovered = client
        .discovery(
          config.oidc.issuerUrl,
          config.oidc.clientId,
          { client_secret: config.oidc.clientSecret, redirect_uris: [redirectUri], response_types: ['code'] },
          client.ClientSecretBasic(config.oidc.clientSecret),
          options,
        )
        .catch((err: unknown) => {
          discovered = undefined;
          throw Object.assign(new SignInUnavailableError(), { cause: err });
        });
    }
    return discovered;
  }

  return {
    async issuer() {
      return (await configuration()).serverMetadata().issuer;
    },
    async startAuthorization() {
      const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },
    async exchangeCode(callbackUrl, checks) {
      const cfg = await configuration();
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no id token');
      let userinfo: Record<string, unknown> = {};
      if (cfg.serverMetadata().userinfo_endpoint) {
        userinfo = await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub);
      }
      return { claims: { ...userinfo, ...idClaims }, idToken: tokens.id_token ?? null };
    },
    async endSessionUrl(idToken) {
      let cfg: client.Configuration;
      try {
        cfg = await configuration();
      } catch {
        return null;
      }
      if (!cfg.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(cfg, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: config.oidc.clientId,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
    },
  };
}
