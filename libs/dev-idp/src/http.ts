import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { EmailTakenError, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, type AccountStore } from './accounts.js';
import type { DevIdpLogger } from './logger.js';
import type { LoginPause, LoginThrottle } from './login-throttle.js';
import { issuerBase, type DevIdpClient } from './provider.js';
import { errorPage, LOGOUT_SCRIPT, loginPage, pausedMessage, signUpPage, TEXT, type SignUpValues } from './pages.js';

const MAX_FORM_BYTES = 16 * 1024;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface HandlerDeps {
  issuer: string;
  clients: DevIdpClient[];
  provider: Provider;
  accounts: AccountStore;
  /** Counts wrong passwords per account and address and per address. */
  throttle: LoginThrottle;
  logger: DevIdpLogger;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The CSP every response carries: no inline scripts, forms may only go to us and to our clients. */
export function contentSecurityPolicy(clients: DevIdpClient[]): string {
  const origins = new Set<string>();
  for (const client of clients) {
    for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
      const origin = URL.parse(uri)?.origin;
      if (origin && origin !== 'null') origins.add(origin);
    }
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "script-src 'self'",
    "img-src 'self' data:",
    `form-action 'self'${[...origins].map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

class FormTooLargeError extends Error {}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new FormTooLargeError('form too large');
    chunks.push(chunk as Buffer);
  }
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/**
 * The address a sign-in comes from. Behind the gateway (a loopback peer: embedded and cluster mode
 * run it on the same machine) that is the last X-Forwarded-For entry, the client address the
 * gateway saw; from anyone else, the socket's own address, whatever they claim.
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const forwarded = req.headers['x-forwarded-for'];
  if (LOOPBACK.test(peer) && typeof forwarded === 'string') {
    const last = forwarded
      .split(',')
      .at(-1)
      ?.trim()
      .replace(/^::ffff:/, '');
    if (last) return last;
  }
  return peer;
}

function sendHtml(res: ServerResponse, { status, html, headers = {} }: { status: number; html: string; headers?: Record<string, string> }): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

function sendText(res: ServerResponse, { status, text, headers = {} }: { status: number; text: string; headers?: Record<string, string> }): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(text);
}

/**
 * The dev IdP's HTTP entry point. Everything lives under the issuer's path (e.g. `/dev-idp`),
 * whether the browser reaches us through the gateway (prefix kept) or directly:
 * - `<issuer>/assets/logout.js` and `<issuer>/interaction/:uid[/login|/signup]` are ours;
 * - the rest goes to oidc-provider with the prefix stripped and `req.originalUrl` kept, which is
 *   how the library learns its mount path when it builds URLs.
 * Host and proto are forced to the issuer's so every URL emitted is built from the issuer,
 * never from the address we listen on.
 */
export function createRequestHandler(deps: HandlerDeps): Handler {
  const base = issuerBase(deps.issuer);
  const issuerUrl = new URL(base);
  const basePath = issuerUrl.pathname.replace(/\/+$/, '');
  const forwardedProto = issuerUrl.protocol.slice(0, -1);
  const forwardedHost = issuerUrl.host;
  const csp = contentSecurityPolicy(deps.clients);
  const providerCallback = deps.provider.callback();
  const { provider, accounts, throttle, logger } = deps;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const search = queryAt === -1 ? '' : rawUrl.slice(queryAt);

    if (path !== basePath && !path.startsWith(`${basePath}/`)) {
      sendText(res, { status: 404, text: 'Not found' });
      return;
    }
    const rest = path.slice(basePath.length) || '/';

    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    req.headers['x-forwarded-proto'] = forwardedProto;
    req.headers['x-forwarded-host'] = forwardedHost;

    if (rest === '/assets/logout.js') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendText(res, { status: 405, text: 'Method not allowed', headers: { Allow: 'GET, HEAD' } });
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.end(req.method === 'HEAD' ? undefined : LOGOUT_SCRIPT);
      return;
    }

    const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|signup))?\/?$/.exec(rest);
    if (interaction) {
      await handleInteraction(req, res, { uid: interaction[1]!, step: interaction[2] as 'login' | 'signup' | undefined });
      return;
    }

    (req as IncomingMessage & { originalUrl?: string }).originalUrl = rawUrl;
    req.url = `${rest}${search}`;
    await providerCallback(req, res);
  }

  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    { uid, step }: { uid: string; step: 'login' | 'signup' | undefined },
  ): Promise<void> {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (err) {
      if (err instanceof errors.SessionNotFound) {
        sendHtml(res, { status: 400, html: errorPage('Your sign-in has expired') });
        return;
      }
      throw err;
    }
    if (details.uid !== uid) {
      sendHtml(res, { status: 400, html: errorPage('Your sign-in has expired') });
      return;
    }

    const finish = (result: InteractionResults) => provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });

    if (details.prompt.name === 'consent') {
      // Not expected (loadExistingGrant grants everything), but never show a consent screen.
      await finish({ consent: { grantId: await grantEverything(details) } });
      return;
    }
    if (details.prompt.name !== 'login') {
      sendHtml(res, { status: 400, html: errorPage('Unsupported sign-in step', { prompt: details.prompt.name }) });
      return;
    }

    const pageUrl = `${basePath}/interaction/${uid}`;
    const urls = { page: pageUrl, login: `${pageUrl}/login`, signup: `${pageUrl}/signup` };
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;

    if (req.method === 'GET' && !step) {
      sendHtml(res, { status: 200, html: loginPage({ action: urls.login, signUpUrl: urls.signup, ...(loginHint ? { login: loginHint } : {}) }) });
      return;
    }
    if (req.method === 'GET' && step === 'signup') {
      sendHtml(res, { status: 200, html: signUpPage({ action: urls.signup, signInUrl: urls.page }) });
      return;
    }
    if (req.method !== 'POST' || !step) {
      sendText(res, { status: 405, text: 'Method not allowed', headers: { Allow: step ? 'GET, POST' : 'GET' } });
      return;
    }

    const form = await readForm(req);
    if (step === 'login') {
      const login = form.get('login') ?? '';
      const ip = clientAddress(req);
      const showPause = (pause: LoginPause) =>
        sendHtml(res, {
          status: 429,
          html: loginPage({ action: urls.login, signUpUrl: urls.signup, login, error: pausedMessage(pause.scope, pause.retryAfterSeconds) }),
          headers: {
            'Retry-After': String(pause.retryAfterSeconds),
          },
        });
      // While paused no password is checked, so the answer says nothing about the password.
      const paused = throttle.paused(login, ip);
      if (paused) {
        showPause(paused);
        return;
      }
      const account = await accounts.authenticate(login, form.get('password') ?? '');
      if (!account) {
        const pause = throttle.failed(login, ip);
        if (pause) {
          logger.warn({ ip, scope: pause.scope }, 'dev IdP: too many wrong passwords, sign-in paused');
          showPause(pause);
          return;
        }
        sendHtml(res, { status: 200, html: loginPage({ action: urls.login, signUpUrl: urls.signup, login, error: TEXT.invalidCredentials }) });
        return;
      }
      throttle.succeeded(login, ip);
      logger.debug({ sub: account.id }, 'dev IdP sign-in');
      await finish({ login: { accountId: account.id, amr: ['pwd'] } });
      return;
    }

    const values: SignUpValues = {
      email: (form.get('email') ?? '').trim(),
      given_name: (form.get('given_name') ?? '').trim(),
      family_name: (form.get('family_name') ?? '').trim(),
    };
    const password = form.get('password') ?? '';
    const problems = signUpProblems(values, password);
    if (!problems.length) {
      try {
        const account = await accounts.signUp({
          email: values.email!,
          password,
          givenName: values.given_name!,
          familyName: values.family_name!,
        });
        await finish({ login: { accountId: account.id, amr: ['pwd'] } });
        return;
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        problems.push(TEXT.emailTaken);
      }
    }
    sendHtml(res, { status: 200, html: signUpPage({ action: urls.signup, signInUrl: urls.page, values, errors: problems }) });
  }

  async function grantEverything(details: Awaited<ReturnType<Provider['interactionDetails']>>): Promise<string> {
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    return grant.save();
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof FormTooLargeError) {
        sendText(res, { status: 413, text: 'Payload too large', headers: { Connection: 'close' } });
        return;
      }
      logger.error({ err, url: req.url }, 'dev IdP request failed');
      if (res.headersSent) res.destroy();
      else sendHtml(res, { status: 500, html: errorPage('Something went wrong') });
    });
  };
}

function signUpProblems(values: SignUpValues, password: string): string[] {
  const problems: string[] = [];
  if (!values.email || !EMAIL_SHAPE.test(values.email)) problems.push('Enter a valid e-mail address.');
  if (!values.given_name) problems.push('Enter your first name.');
  else if (values.given_name.length > NAME_MAX_LENGTH) problems.push(`First name must be at most ${NAME_MAX_LENGTH} characters.`);
  if (!values.family_name) problems.push('Enter your last name.');
  else if (values.family_name.length > NAME_MAX_LENGTH) problems.push(`Last name must be at most ${NAME_MAX_LENGTH} characters.`);
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  return problems;
}
