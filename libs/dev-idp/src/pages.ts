import { DEV_ACCOUNTS, DEV_EMAIL_DOMAIN, DEV_PASSWORD, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './accounts.js';

/** Exact texts other parts of the product (and tests) rely on. */
export const TEXT = {
  invalidCredentials: 'Invalid e-mail or password.',
  /** Start of the message when one account's wrong passwords from this address reached the limit. */
  accountPaused: 'Too many wrong passwords for this account.',
  /** Start of the message when this address's wrong passwords over all accounts reached the limit. */
  ipPaused: 'Too many wrong passwords from your network.',
  emailTaken: 'An account with this e-mail already exists.',
  signIn: 'Sign in',
  createAccount: 'Create account',
  signOut: 'Sign out',
} as const;

/** The whole message of a pause: which limit, and when to try again. */
export function pausedMessage(scope: 'account' | 'ip', retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return scope === 'account'
    ? `${TEXT.accountPaused} Signing in to it from your network is paused for ${wait}; other accounts are not affected.`
    : `${TEXT.ipPaused} Signing in from it is paused for ${wait}.`;
}

export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef2f7;
  font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2733}
main{width:100%;max-width:380px;margin:24px 16px;background:#fff;border-radius:10px;padding:28px 28px 20px;
  box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.06)}
.brand{margin:0 0 4px;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#1f6feb}
h1{margin:0 0 18px;font-size:22px}
label{display:block;margin:12px 0 4px;font-weight:600;font-size:14px}
input{width:100%;padding:9px 11px;border:1px solid #b8c2cc;border-radius:6px;font:inherit}
input:focus{outline:2px solid #1f6feb;outline-offset:1px;border-color:#1f6feb}
button{width:100%;margin-top:18px;padding:10px;border:0;border-radius:6px;background:#1f6feb;color:#fff;
  font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1a5fd0}
.error{margin:0 0 12px;padding:9px 11px;border-radius:6px;background:#fdecec;color:#a11;border:1px solid #f5c2c2}
.error ul{margin:0;padding-left:18px}
.muted{color:#5b6b7b;font-size:13px}
.hint{margin-top:20px;padding:10px 12px;border-radius:6px;background:#f6f8fa;font-size:13px}
.hint summary{cursor:pointer;font-weight:600}
.hint ul{margin:6px 0;padding-left:18px}
code{font-size:12px}
a{color:#1f6feb}
`;

function layout(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · PowerPool dev sign-in</title>
<style>${STYLE}</style>
${extraHead}</head>
<body>
<main>
<p class="brand">PowerPool · dev identity provider</p>
${body}
</main>
</body>
</html>
`;
}

function devAccountsHint(): string {
  const items = DEV_ACCOUNTS.map(
    (a) => `<li><code>${escapeHtml(a.email)}</code>${a.role ? ` <span class="muted">(${escapeHtml(a.role)})</span>` : ''}</li>`,
  ).join('');
  return `<details class="hint" open>
<summary>Development accounts</summary>
<ul>${items}</ul>
<p class="muted">Password <code>${escapeHtml(DEV_PASSWORD)}</code>. Any other address ending <code>@${escapeHtml(DEV_EMAIL_DOMAIN)}</code>
signs in with the same password and is created on first use.</p>
</details>`;
}

export interface LoginPageInput {
  action: string;
  signUpUrl: string;
  login?: string;
  error?: string;
}

export function loginPage(input: LoginPageInput): string {
  return layout(
    TEXT.signIn,
    `<h1>Sign in to PowerPool</h1>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="login">E-mail</label>
<input id="login" name="login" type="email" inputmode="email" autocomplete="username" required autofocus value="${escapeHtml(input.login)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${TEXT.signIn}</button>
</form>
<p class="muted">No account yet? <a href="${escapeHtml(input.signUpUrl)}">Create a free account</a></p>
${devAccountsHint()}`,
  );
}

export interface SignUpValues {
  email?: string;
  given_name?: string;
  family_name?: string;
}

export interface SignUpPageInput {
  action: string;
  signInUrl: string;
  values?: SignUpValues;
  errors?: string[];
}

export function signUpPage(input: SignUpPageInput): string {
  const v = input.values ?? {};
  const errors = input.errors ?? [];
  return layout(
    'Create your free account',
    `<h1>Create your free account</h1>
${errors.length ? `<div class="error" role="alert"><ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="email" required autofocus value="${escapeHtml(v.email)}">
<label for="given_name">First name</label>
<input id="given_name" name="given_name" autocomplete="given-name" required maxlength="${NAME_MAX_LENGTH}" value="${escapeHtml(v.given_name)}">
<label for="family_name">Last name</label>
<input id="family_name" name="family_name" autocomplete="family-name" required maxlength="${NAME_MAX_LENGTH}" value="${escapeHtml(v.family_name)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}">
<p class="muted">At least ${PASSWORD_MIN_LENGTH} characters.</p>
<button type="submit">${TEXT.createAccount}</button>
</form>
<p class="muted">Already have an account? <a href="${escapeHtml(input.signInUrl)}">${TEXT.signIn}</a></p>`,
  );
}

/**
 * The RP-initiated logout page. `form` is oidc-provider's form (id `op.logoutForm`, hidden xsrf);
 * `scriptUrl` submits it on load, the button is the fallback without scripts.
 */
export function logoutPage(form: string, scriptUrl: string): string {
  const withFields = form.replace('</form>', `<input type="hidden" name="logout" value="yes"><button type="submit">${TEXT.signOut}</button></form>`);
  return layout(
    'Signing out',
    `<h1>Signing you out…</h1>
<p class="muted">If nothing happens, press the button.</p>
${withFields}`,
    `<script src="${escapeHtml(scriptUrl)}" defer></script>\n`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', `<h1>You are signed out</h1><p>You can close this window.</p>`);
}

export function errorPage(title: string, details: Record<string, string | number | null | undefined> = {}): string {
  const rows = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `<li><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</li>`)
    .join('');
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
${rows ? `<ul class="muted">${rows}</ul>` : ''}
<p class="muted">Go back to the application and sign in again.</p>`,
  );
}

/** Served at `<issuer>/assets/logout.js`: submits the logout form (pages allow no inline scripts). */
export const LOGOUT_SCRIPT = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (form) form.submit();
})();
`;
