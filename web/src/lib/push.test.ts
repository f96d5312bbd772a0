import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentPushSubscription,
  pushSupported,
  PushUnavailableError,
  sameApplicationServerKey,
  subscribeToPush,
  subscriptionJsonOf,
  unsubscribeFromPush,
  urlBase64ToUint8Array,
} from './push';

/** A VAPID public key as web-push makes one (65 bytes, base64url), and its bytes. */
const VAPID_KEY = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';
const VAPID_BYTES = Buffer.from(VAPID_KEY, 'base64url');

describe('urlBase64ToUint8Array', () => {
  it('should decode base64url of any length, without padding', () => {
    expect(Buffer.from(urlBase64ToUint8Array(VAPID_KEY))).toEqual(VAPID_BYTES);
    for (const bytes of [[], [251], [251, 255], [251, 255, 62], [0, 1, 2, 3, 4]]) {
      expect([...urlBase64ToUint8Array(Buffer.from(bytes).toString('base64url'))]).toEqual(bytes);
    }
  });

  it('should refuse text that is not base64url', () => {
    expect(() => urlBase64ToUint8Array('ab+c')).toThrow(TypeError);
    expect(() => urlBase64ToUint8Array('ab c')).toThrow(TypeError);
  });
});

describe('sameApplicationServerKey', () => {
  it('should tell the same key from another or none', () => {
    const key = urlBase64ToUint8Array(VAPID_KEY);
    expect(sameApplicationServerKey(key.slice().buffer, key)).toBe(true);
    const other = key.slice();
    other[64]! ^= 1;
    expect(sameApplicationServerKey(other.buffer, key)).toBe(false);
    expect(sameApplicationServerKey(key.slice(0, 64).buffer, key)).toBe(false);
    expect(sameApplicationServerKey(null, key)).toBe(false);
  });
});

describe('subscriptionJsonOf', () => {
  it('should keep the endpoint and keys, and refuse a subscription without them', () => {
    const json = { endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'BPk', auth: 'au' } };
    expect(subscriptionJsonOf(json)).toEqual(json);
    expect(subscriptionJsonOf({ endpoint: 'https://push.example/1', keys: { p256dh: 'BPk', auth: 'au' } }).expirationTime).toBeNull();
    expect(() => subscriptionJsonOf({ endpoint: 'https://push.example/1', keys: { p256dh: 'BPk' } })).toThrow(PushUnavailableError);
    expect(() => subscriptionJsonOf({ keys: { p256dh: 'BPk', auth: 'au' } })).toThrow(PushUnavailableError);
  });
});

describe('pushSupported', () => {
  it('should need a service worker, the Push API and notifications', () => {
    const all = { navigator: { serviceWorker: {} }, PushManager: class {}, Notification: class {} };
    expect(pushSupported(all)).toBe(true);
    expect(pushSupported({ ...all, navigator: {} })).toBe(false);
    expect(pushSupported({ ...all, PushManager: undefined })).toBe(false);
    expect(pushSupported({ ...all, Notification: undefined })).toBe(false);
  });
});

/**
 * A browser's push pieces, faked (Node has none): the permission and its prompt, a service worker
 * registration and its push manager. What the functions asked of it is recorded.
 */
function fakeBrowser(options: { permission: NotificationPermission; answer?: NotificationPermission; registered?: boolean; subscribedTo?: Uint8Array }) {
  const asked = { permission: 0, subscribe: [] as Uint8Array[], unsubscribe: 0 };
  let endpoints = 0;
  const subscriptionTo = (key: Uint8Array) => {
    const endpoint = `https://push.example/${++endpoints}`;
    return {
      endpoint,
      options: { applicationServerKey: key.slice().buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `p256dh-${endpoints}`, auth: `auth-${endpoints}` } }),
      unsubscribe: () => {
        asked.unsubscribe++;
        current = null;
        return Promise.resolve(true);
      },
    };
  };
  let current: ReturnType<typeof subscriptionTo> | null = options.subscribedTo ? subscriptionTo(options.subscribedTo) : null;
  const registration = {
    active: {},
    pushManager: {
      getSubscription: () => Promise.resolve(current),
      subscribe: (opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        expect(opts.userVisibleOnly).toBe(true);
        asked.subscribe.push(opts.applicationServerKey);
        current = subscriptionTo(opts.applicationServerKey);
        return Promise.resolve(current);
      },
    },
  };
  const notification = {
    permission: options.permission,
    requestPermission: () => {
      asked.permission++;
      notification.permission = options.answer ?? 'default';
      return Promise.resolve(notification.permission);
    },
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', {
    serviceWorker: { getRegistration: () => Promise.resolve(options.registered === false ? undefined : registration), ready: Promise.resolve(registration) },
  });
  return asked;
}

describe('subscribeToPush', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('should ask the permission when called, subscribe to the key, and return the subscription', async () => {
    const asked = fakeBrowser({ permission: 'default', answer: 'granted' });
    expect(await currentPushSubscription()).toBeNull();
    expect(asked.permission).toBe(0);

    const subscription = await subscribeToPush(VAPID_KEY);
    expect(asked.permission).toBe(1);
    expect(asked.subscribe.map((key) => Buffer.from(key))).toEqual([VAPID_BYTES]);
    expect(subscription).toEqual({ endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'p256dh-1', auth: 'auth-1' } });
    expect(await currentPushSubscription()).toEqual(subscription);
  });

  it('should keep a subscription to the same key without asking again, and replace one to another key', async () => {
    const asked = fakeBrowser({ permission: 'granted', subscribedTo: urlBase64ToUint8Array(VAPID_KEY) });
    expect((await subscribeToPush(VAPID_KEY)).endpoint).toBe('https://push.example/1');
    expect(asked).toEqual({ permission: 0, subscribe: [], unsubscribe: 0 });

    const otherKey = Buffer.from(VAPID_BYTES);
    otherKey[64]! ^= 1;
    expect((await subscribeToPush(otherKey.toString('base64url'))).endpoint).toBe('https://push.example/2');
    expect(asked.unsubscribe).toBe(1);
    expect(asked.subscribe.map((key) => Buffer.from(key))).toEqual([otherKey]);
  });

  it.each([
    ['refused', 'denied' as const],
    ['dismissed', 'default' as const],
  ])('should say denied, and subscribe nothing, when the player %s the prompt', async (_name, answer) => {
    const asked = fakeBrowser({ permission: 'default', answer });
    await expect(subscribeToPush(VAPID_KEY)).rejects.toMatchObject({ name: 'PushUnavailableError', reason: 'denied' });
    expect(asked.subscribe).toEqual([]);
  });

  it('should say why when push cannot be on: no Push API, or no service worker', async () => {
    fakeBrowser({ permission: 'granted', registered: false });
    await expect(subscribeToPush(VAPID_KEY)).rejects.toMatchObject({ reason: 'no-service-worker' });
    vi.stubGlobal('PushManager', undefined);
    await expect(subscribeToPush(VAPID_KEY)).rejects.toMatchObject({ reason: 'unsupported' });
    expect(await currentPushSubscription()).toBeNull();
  });

  it('should unsubscribe and give the endpoint to remove on the server, or null when there was none', async () => {
    const asked = fakeBrowser({ permission: 'granted', subscribedTo: urlBase64ToUint8Array(VAPID_KEY) });
    expect(await unsubscribeFromPush()).toBe('https://push.example/1');
    expect(asked.unsubscribe).toBe(1);
    expect(await unsubscribeFromPush()).toBeNull();
    expect(await currentPushSubscription()).toBeNull();
  });
});
