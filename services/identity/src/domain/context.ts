import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { IdentityConfig } from '../config.js';
import type { Store } from '../store/index.js';

/** What identity's domain functions work with. `now` is injectable so expiry rules are testable. */
export interface IdentityContext {
  /** Reads and writes (one transaction per write, events through the outbox). */
  uow: UnitOfWork<Store>;
  config: IdentityConfig;
  logger: KitLogger;
  now: () => Date;
}

export interface TokenResult {
  /** Merged id token claims and userinfo. */
  claims: Record<string, unknown>;
  idToken: string | null;
}

/** What a callback must match: the state and nonce sent to the provider, and the PKCE verifier. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The parts of OpenID Connect identity uses (the adapter is ports/oidc.ts). */
export interface OidcClient {
  issuer(): Promise<string>;
  /**
   * A new sign-in at the provider: fresh state, nonce and PKCE verifier (the checks the callback is
   * held to; the domain keeps them server-side) and the URL the browser is sent to.
   */
  startAuthorization(): Promise<{ url: URL; checks: SignInChecks }>;
  exchangeCode(callbackUrl: URL, checks: SignInChecks): Promise<TokenResult>;
  /** RP-initiated logout URL, or null when the provider has none. */
  endSessionUrl(idToken: string | null): Promise<URL | null>;
}
