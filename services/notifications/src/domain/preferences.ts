import {
  defaultPreference,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferencesReply,
  type PushSubscriptionBody,
} from '@powerpool/contracts';
import type { Caller, NotificationsContext } from './context.js';
import { PushEndpointNotAllowedError, PushNotConfiguredError } from './errors.js';

/** Whether a person wants a kind on a channel: their own choice, else the default (docs/notifications.md#preferences). */
export function wants(
  choices: ReadonlyArray<{ kind: string; channel: string; enabled: boolean }>,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  return choices.find((c) => c.kind === kind && c.channel === channel)?.enabled ?? defaultPreference(kind, channel);
}

async function preferencesReply(ctx: NotificationsContext, userId: string): Promise<NotificationPreferencesReply> {
  return ctx.uow.read(async (store) => {
    const choices = await store.preferencesOf([userId]);
    const preferences: NotificationPreference[] = NOTIFICATION_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => ({ kind, channel, enabled: wants(choices, kind, channel) })),
    );
    return { preferences, pushSubscriptions: (await store.pushSubscriptionCounts([userId])).get(userId) ?? 0 };
  });
}

/** GET /api/notifications/preferences: every kind and channel, defaults filled in. */
export function getPreferences(ctx: NotificationsContext, caller: Caller): Promise<NotificationPreferencesReply> {
  return preferencesReply(ctx, caller.id);
}

/** PUT /api/notifications/preferences: the given kinds and channels, in one write. */
export async function updatePreferences(ctx: NotificationsContext, caller: Caller, changes: NotificationPreference[]): Promise<NotificationPreferencesReply> {
  const now = ctx.now();
  await ctx.uow.write(async (store) => {
    for (const c of changes) await store.setPreference({ userId: caller.id, kind: c.kind, channel: c.channel, enabled: c.enabled, updatedAt: now });
  });
  return preferencesReply(ctx, caller.id);
}

/**
 * POST /api/notifications/push-subscriptions: keep a browser's subscription for the caller. An
 * endpoint the server would not connect to is refused here (docs/notifications.md#push-endpoints).
 * The endpoint is a capability URL: whoever posts it gets the browser's pushes, so one posted
 * again by another account moves to that account (docs/notifications.md#web-push).
 */
export async function subscribePush(ctx: NotificationsContext, caller: Caller, body: PushSubscriptionBody): Promise<{ pushSubscriptions: number }> {
  if (!ctx.push) throw new PushNotConfiguredError();
  const refused = ctx.push.refusal(body.endpoint);
  if (refused !== null) throw new PushEndpointNotAllowedError(refused);
  return ctx.uow.write(async (store) => {
    await store.upsertPushSubscription({ endpoint: body.endpoint, userId: caller.id, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: ctx.now() });
    return { pushSubscriptions: (await store.pushSubscriptionCounts([caller.id])).get(caller.id) ?? 0 };
  });
}

/** DELETE /api/notifications/push-subscriptions: forget one of the caller's browsers (someone else's endpoint is left alone). */
export async function unsubscribePush(ctx: NotificationsContext, caller: Caller, endpoint: string): Promise<{ pushSubscriptions: number }> {
  return ctx.uow.write(async (store) => {
    await store.deletePushSubscription(endpoint, caller.id);
    return { pushSubscriptions: (await store.pushSubscriptionCounts([caller.id])).get(caller.id) ?? 0 };
  });
}

/** GET /api/notifications/push/public-key. */
export function pushPublicKey(ctx: NotificationsContext): { publicKey: string } {
  if (!ctx.push) throw new PushNotConfiguredError();
  return { publicKey: ctx.push.publicKey };
}
