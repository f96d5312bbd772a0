import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@powerpool/contracts';
import type { NotificationsContext } from './context.js';
import { InvalidUnsubscribeTokenError } from './errors.js';

const signature = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * The token of an e-mail's one-click unsubscribe link (docs/notifications.md#unsubscribe):
 * `<userId>.<kind>.<HMAC-SHA256 of both>`, so it needs no sign-in and cannot be forged or moved
 * to another person or kind.
 */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const body = `${userId}.${kind}`;
  return `${body}.${signature(secret, body)}`;
}

/** The person and kind a token names, if its signature is ours. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } {
  const [userId, kind, sig, ...rest] = token.split('.');
  if (!userId || !kind || !sig || rest.length > 0 || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) throw new InvalidUnsubscribeTokenError();
  const expected = Buffer.from(signature(secret, `${userId}.${kind}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidUnsubscribeTokenError();
  return { userId, kind: kind as NotificationKind };
}

/** GET of the link: what the button below turns off (a GET changes nothing: mail scanners follow links). */
export function unsubscribePage(ctx: NotificationsContext, token: string): string {
  const { kind } = readUnsubscribeToken(ctx.settings.unsubscribeSecret, token);
  const label = NOTIFICATION_KIND_LABELS[kind];
  return page(
    `Unsubscribe from ${label}`,
    `<p>Stop e-mails of this kind: <strong>${label}</strong>.</p><form method="post"><button type="submit">Unsubscribe</button></form>
<p>You can turn each kind back on in your Profile.</p>`,
  );
}

/** POST of the link (RFC 8058 one-click, or the button above): that kind of e-mail is off for that person. */
export async function unsubscribe(ctx: NotificationsContext, token: string): Promise<string> {
  const { userId, kind } = readUnsubscribeToken(ctx.settings.unsubscribeSecret, token);
  await ctx.uow.write((store) => store.setPreference({ userId, kind, channel: 'email', enabled: false, updatedAt: ctx.now() }));
  const label = NOTIFICATION_KIND_LABELS[kind];
  return page('Unsubscribed', `<p>You will no longer get <strong>${label}</strong> by e-mail.</p><p>You can turn it back on in your Profile.</p>`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · PowerPool</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem}h1{font-size:1.25rem;margin:0 0 .75rem}
button{color:#fff;background:#1d4ed8;border:0;padding:.6rem 1rem;border-radius:8px;font:inherit;cursor:pointer}a{color:#1d4ed8}</style></head>
<body><main><h1>${title}</h1>${body}<p><a href="/">Go to PowerPool</a></p></main></body></html>`;
}
