/*
 * What the service worker does with a push and a tap (docs/screens.md#push-notifications). These
 * two functions run inside /sw.js: web/build/service-worker.ts copies their source text into the
 * worker, so each must stay self-contained (no imports, nothing from outside its own body).
 */

/** The notification shown for a push: `registration.showNotification(title, options)`. */
export interface PushNotification {
  title: string;
  options: {
    body: string;
    icon: string;
    /** A newer notification with the same tag replaces the older one, and alerts again (`renotify`). */
    tag?: string;
    renotify?: boolean;
    /** The payload's url, unchecked here: `notificationTarget` checks it when the notification is tapped. */
    data: { url: string };
  };
}

/**
 * The notification for a push payload `{ title, body, url, tag? }` (JSON). A payload that is not
 * that JSON still shows a notification (browsers require one for every push): PowerPool, with the
 * text as its body.
 */
export function notificationFromPush(text: string | null): PushNotification {
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
    else payload = { body: text };
  } catch {
    payload = { body: text };
  }
  const field = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined);
  const tag = field(payload.tag, 200);
  return {
    title: field(payload.title, 200) ?? 'PowerPool',
    options: {
      body: field(payload.body, 1000) ?? '',
      icon: '/icons/icon-192.png',
      ...(tag === undefined ? {} : { tag, renotify: true }),
      data: { url: typeof payload.url === 'string' ? payload.url : '/' },
    },
  };
}

/**
 * Where a tapped notification takes PowerPool: its url when it is a path of this site ("/picks",
 * "/live-leaderboard/p1/5?x=1#y"), else "/". Anything that could leave the site ("//evil.com",
 * "/\\evil.com", "https://evil.com", "javascript:..."), the API, sign-in and the dev identity
 * provider, or a malformed url, opens "/".
 */
export function notificationTarget(url: unknown): string {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2000) return '/';
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  // Control characters and backslashes can be normalised by browsers into another origin.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return '/';
  try {
    const base = 'https://powerpool.invalid';
    const parsed = new URL(url, base);
    if (parsed.origin !== base) return '/';
    const path = parsed.pathname;
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dev-idp')) return '/';
    return path + parsed.search + parsed.hash;
  } catch {
    return '/';
  }
}
