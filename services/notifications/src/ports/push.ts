import { createOutboundGuard, OutboundRefusedError, type ResolveAll } from '@powerpool/service-kit';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload, PushPort, PushTarget } from '../domain/context.js';

/** How long a push service keeps a message for an offline browser: a reminder is stale after a day. */
const TTL_SECONDS = 24 * 3600;

/**
 * The browsers' push services, as host suffixes (docs/notifications.md#push-endpoints): Chrome,
 * Opera, Samsung Internet and other Chromium browsers (Firebase Cloud Messaging), Firefox
 * (Mozilla's autopush), Safari on macOS and iOS (Apple), Edge (Windows Push Notification Services).
 */
export const BROWSER_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export interface PushSenderOptions {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Host suffixes an endpoint may be on, or '*' for any public host (PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[] | '*';
  /**
   * Tests only: a local push service's origin, trusted as if the configuration named it (it is
   * on loopback), its certificate, and a stand-in for DNS.
   */
  network?: { trustedOrigins?: readonly string[]; ca?: string; resolve?: ResolveAll };
}

const onHost = (hostname: string, suffix: string) => hostname === suffix || hostname.endsWith(`.${suffix}`);

/**
 * Web push with VAPID (RFC 8292) through the web-push package, which encrypts the payload for the
 * browser (RFC 8291) and posts it to the subscription's endpoint (RFC 8030). 404 and 410 mean the
 * subscription is gone (docs/notifications.md#web-push). An endpoint is a URL a player handed us:
 * it goes through the kit's outbound guard, on subscribe (`refusal`) and on every send (its
 * connections: a name that now resolves to an inside address is refused, the subscription
 * dropped), and must be on one of `serviceHosts` (docs/notifications.md#push-endpoints).
 */
export function createPushSender(options: PushSenderOptions): PushPort {
  const { vapid, serviceHosts, network = {} } = options;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  const guard = createOutboundGuard({
    protocols: ['https:'],
    trustedOrigins: network.trustedOrigins ?? [],
    ...(network.resolve ? { resolve: network.resolve } : {}),
  });
  const trusted = new Set((network.trustedOrigins ?? []).map((o) => new URL(o).origin));
  const agent = guard.httpsAgent(network.ca ? { ca: network.ca } : {});

  function refusal(endpoint: string): string | null {
    const refused = guard.refusal(endpoint);
    if (refused !== null || serviceHosts === '*') return refused;
    const url = new URL(endpoint);
    if (trusted.has(url.origin)) return null;
    const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
    return serviceHosts.some((suffix) => onHost(hostname, suffix)) ? null : `${hostname} is not a browser push service this server sends to`;
  }

  return {
    publicKey: vapid.publicKey,
    refusal,
    async send(target: PushTarget, payload: PushPayload) {
      const refused = refusal(target.endpoint);
      if (refused !== null) return { refused };
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), { vapidDetails, TTL: TTL_SECONDS, timeout: 10_000, agent });
        return 'sent';
      } catch (err) {
        if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        if (err instanceof OutboundRefusedError) return { refused: err.reason };
        throw err;
      }
    },
  };
}
