import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Account, AccountStore } from './accounts.js';
import type { KeyMaterial } from './keys.js';
import type { DevIdpLogger } from './logger.js';
import { createMemoryAdapterFactory } from './adapter.js';
import { errorPage, logoutPage, signedOutPage } from './pages.js';

/** A relying party of the dev IdP: always a confidential, first-party client. */
export interface DevIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** The claim carrying the account's PowerPool role, released with the `openid` scope. */
export const ROLE_CLAIM = 'powerpool_role';

export const SCOPES = ['openid', 'email', 'profile'] as const;

/** Cookie names: distinct from anything the gateway sets on the same origin in embedded mode. */
export const COOKIE_NAMES = {
  session: 'dev_idp_session',
  interaction: 'dev_idp_interaction',
  resume: 'dev_idp_interaction_resume',
} as const;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The issuer without a trailing slash, so `${base}/path` is always right. */
export function issuerBase(issuer: string): string {
  return issuer.replace(/\/+$/, '');
}

export function claimsOf(account: Account): Record<string, unknown> & { sub: string } {
  const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
  return {
    sub: account.id,
    email: account.email,
    // Nobody can receive mail at these addresses; the dev IdP vouches for them all.
    email_verified: true,
    ...(name ? { name } : {}),
    ...(account.givenName ? { given_name: account.givenName } : {}),
    ...(account.familyName ? { family_name: account.familyName } : {}),
    ...(account.role ? { [ROLE_CLAIM]: account.role } : {}),
  };
}

/**
 * Consent is implicit for our first-party clients: the grant always covers what was asked for,
 * so oidc-provider never raises the consent prompt.
 */
async function loadImplicitGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const accountId = oidc.account?.accountId;
  const clientId = oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;

  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.clientId !== clientId)) grant = undefined;
  grant ??= new oidc.provider.Grant({ accountId, clientId });

  grant.addOIDCScope(oidc.requestParamOIDCScopes);
  if (oidc.requestParamClaims.size) grant.addOIDCClaims(oidc.requestParamClaims);
  await grant.save();
  return grant;
}

export interface ProviderDeps {
  issuer: string;
  clients: DevIdpClient[];
  keys: KeyMaterial;
  accounts: AccountStore;
  logger: DevIdpLogger;
}

/**
 * The oidc-provider instance: authorization code + PKCE (S256, required), confidential clients,
 * RP-initiated logout, id_tokens carrying the profile claims. Its routes are relative: the HTTP
 * layer strips the issuer's path before handing requests over (see http.ts).
 */
export function createProvider(deps: ProviderDeps): Provider {
  const base = issuerBase(deps.issuer);
  const basePath = new URL(base).pathname.replace(/\/+$/, '');

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: deps.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // oidc-provider accepts client_secret_post as well for a client registered with basic.
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: deps.keys.jwks,
    cookies: {
      names: { ...COOKIE_NAMES },
      keys: deps.keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: basePath || '/' },
      // The interaction and resume cookies get their path (under the issuer) from the library.
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: [...SCOPES],
    claims: {
      openid: ['sub', ROLE_CLAIM],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Scope claims go into the id_token too, not only to userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, `${basePath}/assets/logout.js`);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
    },
    interactions: {
      url: (_ctx, interaction) => `${base}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: loadImplicitGrant,
    async findAccount(_ctx, sub) {
      const account = deps.accounts.findById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => claimsOf(account) };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage('Something went wrong', { ...out });
    },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: () => HOUR,
      AuthorizationCode: () => MINUTE,
      IdToken: () => HOUR,
      Interaction: () => HOUR,
      Session: () => 14 * DAY,
      Grant: () => 14 * DAY,
    },
  };

  const provider = new Provider(deps.issuer, configuration);
  // Koa reads X-Forwarded-*; the HTTP layer sets host and proto from the issuer on every request.
  provider.proxy = true;

  provider.on('server_error', (_ctx: unknown, err: Error) => deps.logger.error({ err }, 'dev IdP server error'));
  const refused = (event: string) => (_ctx: unknown, err: Error & { error_description?: string }) =>
    deps.logger.debug({ event, error: err.message, description: err.error_description }, 'dev IdP request refused');
  provider.on('authorization.error', refused('authorization.error'));
  provider.on('grant.error', refused('grant.error'));
  provider.on('end_session.error', refused('end_session.error'));
  provider.on('userinfo.error', refused('userinfo.error'));
  return provider;
}
