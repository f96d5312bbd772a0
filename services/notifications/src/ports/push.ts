import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload, PushPort, PushTarget } from '../domain/context.js';

/** How long a push service keeps a message for an offline browser: a reminder is stale after a day. */
const TTL_SECONDS = 24 * 3600;

/**
 * Web push with VAPID (RFC 8292) through the web-push package, which encrypts the payload for the
 * browser (RFC 8291) and posts it to the subscription's endpoint (RFC 8030). 404 and 410 mean the
 * subscription is gone (docs/notifications.md#web-push).
 */
export function createPushSender(vapid: { publicKey: string; privateKey: string; subject: string }, agent?: Agent): PushPort {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    publicKey: vapid.publicKey,
    async send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'> {
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), { vapidDetails, TTL: TTL_SECONDS, timeout: 10_000, ...(agent ? { agent } : {}) });
        return 'sent';
      } catch (err) {
        if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        throw err;
      }
    },
  };
}
