import * as client from 'openid-client';
import { DomainError } from '@powerpool/service-kit';
import type { IdentityConfig } from '../config.js';

/** The provider is unreachable or misconfigured. */
export class SignInUnavailableError extends DomainError {
  constructor() {
    super('sign_in_unavailable', 'The sign-in service is unavailable right now. Please try again in a moment.');
  }
}

export interface TokenResult {
  /** Merged id token claims and userinfo. */
  claims: Record<string, unknown>;
  idToken: string | null;
}

/** The parts of OpenID Connect identity uses, over openid-client (code flow + PKCE, state, nonce). */
export interface OidcClient {
  issuer(): Promise<string>;
  authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  exchangeCode(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<TokenResult>;
  /** RP-initiated logout URL, or null when the provider has none. */
  endSessionUrl(idToken: string | null): Promise<URL | null>;
}

export function createOidcClient(config: IdentityConfig): OidcClient {
  const redirectUri = new URL('/api/callback', config.publicUrl).toString();
  const postLogoutRedirectUri = new URL('/', config.publicUrl).toString();
  let discovered: Promise<client.Configuration> | undefined;

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
          config.oidc.issuerUrl.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
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
    async authorizationUrl({ state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
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
        userinfo = (await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub)) as Record<string, unknown>;
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

export { client as openidClient };
