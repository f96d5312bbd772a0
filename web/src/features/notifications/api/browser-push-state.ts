import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentPushSubscription, pushSupported } from '@/lib/push';

/**
 * This browser's push, as the "This browser" row shows it (docs/screens.md#profile):
 * `unsupported` (no Push API, e.g. iOS Safari outside a Home Screen app), `denied` (notifications
 * blocked for the site), `no-service-worker` (a development build), `on` (subscribed), `off`.
 */
export type BrowserPushState = 'unsupported' | 'denied' | 'no-service-worker' | 'on' | 'off';

export interface BrowserPushFacts {
  supported: boolean;
  permission: NotificationPermission | null;
  hasServiceWorker: boolean;
  subscribed: boolean;
}

/** The row's state from what the browser says; a subscription wins (it still receives). */
export function browserPushState({ supported, permission, hasServiceWorker, subscribed }: BrowserPushFacts): BrowserPushState {
  if (!supported) return 'unsupported';
  if (subscribed) return 'on';
  if (permission === 'denied') return 'denied';
  if (!hasServiceWorker) return 'no-service-worker';
  return 'off';
}

async function readBrowserPush(): Promise<BrowserPushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscribed = registration ? (await currentPushSubscription()) !== null : false;
  return browserPushState({ supported: true, permission: Notification.permission, hasServiceWorker: registration !== undefined, subscribed });
}

/** Not an API call: the browser's own state, cached like one so the buttons can refresh it. */
export const pushStateKey = ['browser', 'push'] as const;

export function useBrowserPushState() {
  return useQuery(queryOptions({ queryKey: pushStateKey, queryFn: readBrowserPush, staleTime: Number.POSITIVE_INFINITY }));
}
