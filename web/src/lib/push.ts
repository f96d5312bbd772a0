/**
 * Web push in the browser (docs/screens.md#push-notifications): subscribe this browser to the
 * notifications service's VAPID key through the service worker (web/src/lib/service-worker.ts),
 * read the current subscription, unsubscribe. Nothing here asks the player anything until
 * `subscribeToPush` is called, which must be from a click or a tap (browsers refuse a permission
 * prompt without one).
 */

/** What `PushSubscription.toJSON()` gives, and what the app sends to the server. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

/**
 * Why push cannot be turned on: `unsupported` (no service worker, Push API or notifications: an
 * old browser, or iOS Safari outside an app added to the Home Screen), `denied` (the player
 * refused, or blocked notifications for the site), `no-service-worker` (none registered: a
 * development build, or a private window that refuses it), `failed` (the browser's push service
 * refused or cannot be reached).
 */
export type PushUnavailableReason = 'unsupported' | 'denied' | 'no-service-worker' | 'failed';

export class PushUnavailableError extends Error {
  override readonly name = 'PushUnavailableError';
  constructor(
    readonly reason: PushUnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether the browser has what web push needs: service workers, the Push API and notifications. */
export function pushSupported(scope: { navigator?: object; PushManager?: unknown; Notification?: unknown } = globalThis): boolean {
  return scope.navigator !== undefined && 'serviceWorker' in scope.navigator && scope.PushManager !== undefined && scope.Notification !== undefined;
}

/** A VAPID public key (base64url, as servers publish it) as the bytes `pushManager.subscribe` takes. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(base64url)) throw new TypeError('not a base64url string');
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription's `applicationServerKey` is `key` (a subscription to another key must be replaced). */
export function sameApplicationServerKey(existing: ArrayBuffer | null, key: Uint8Array): boolean {
  if (existing === null || existing.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(existing);
  return bytes.every((byte, i) => byte === key[i]);
}

/** `PushSubscription.toJSON()` checked: an endpoint and both keys, or an error. */
export function subscriptionJsonOf(json: { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> }): PushSubscriptionJson {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushUnavailableError('failed', 'The browser gave a push subscription without its endpoint or keys.');
  return { endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The service worker's registration, once it is active; none in a development build. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return undefined;
  return registration.active ? registration : navigator.serviceWorker.ready;
}

/**
 * Turn push on in this browser for `vapidPublicKey` (base64url, from GET
 * /api/notifications/push/public-key): asks the notifications permission (only if not granted
 * yet: call it from a click), subscribes through the service worker (keeping a subscription to the
 * same key, replacing one to another key), and returns the subscription to send to the server.
 * Throws `PushUnavailableError` with the reason when push cannot be on.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<PushSubscriptionJson> {
  if (!pushSupported()) throw new PushUnavailableError('unsupported', 'This browser cannot show notifications from PowerPool.');
  const key = urlBase64ToUint8Array(vapidPublicKey);
  // First, while the click's permission to prompt lasts; a browser that was told no answers 'denied' without asking.
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailableError('denied', 'Notifications are blocked for PowerPool in this browser.');
  const registration = await activeRegistration();
  if (!registration) throw new PushUnavailableError('no-service-worker', 'PowerPool is not installed in this browser (no service worker).');
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameApplicationServerKey(existing.options.applicationServerKey, key)) return subscriptionJsonOf(existing.toJSON());
    await existing?.unsubscribe();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return subscriptionJsonOf(subscription.toJSON());
  } catch (err) {
    if (err instanceof PushUnavailableError) throw err;
    throw new PushUnavailableError('failed', 'The browser could not turn on notifications.', { cause: err });
  }
}

/** This browser's push subscription, or null (none, or no push here). Asks nothing. */
export async function currentPushSubscription(): Promise<PushSubscriptionJson | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? subscriptionJsonOf(subscription.toJSON()) : null;
}

/** Turn push off in this browser. The endpoint it had (to remove on the server), or null when there was none. */
export async function unsubscribeFromPush(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
