import { z } from 'zod';
import { text } from './common.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './notifications.rules.js';
import { poolIdParamsSchema } from './pools.schemas.js';
import { weekNumberSchema } from './weeks.schemas.js';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** One kind on one channel. */
export const notificationPreferenceSchema = z.object({ kind: notificationKindSchema, channel: notificationChannelSchema, enabled: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /api/notifications/preferences: every kind and channel (defaults filled in), and how many browsers are subscribed. */
export const notificationPreferencesReplySchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  pushSubscriptions: z.number().int(),
});
export type NotificationPreferencesReply = z.infer<typeof notificationPreferencesReplySchema>;

/** PUT /api/notifications/preferences: the kinds and channels to change (the others stay). */
export const updateNotificationPreferencesBodySchema = z
  .object({
    preferences: z
      .array(notificationPreferenceSchema.strict())
      .min(1)
      .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length),
  })
  .strict();

/** A browser's PushSubscription as `subscription.toJSON()` gives it (RFC 8030 endpoint, RFC 8291 keys). */
export const pushSubscriptionBodySchema = z
  .object({
    /** The push service's https URL for this browser. */
    endpoint: text()
      .max(2000)
      .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'must be an https URL'),
    expirationTime: z.number().nullish(),
    keys: z.object({ p256dh: text().min(1).max(200), auth: text().min(1).max(100) }).strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionDeleteBodySchema = z.object({ endpoint: text().min(1).max(2000) }).strict();
export const pushSubscriptionReplySchema = z.object({ pushSubscriptions: z.number().int() });

export const pushPublicKeyReplySchema = z.object({ publicKey: z.string() });

/** A pool's reminder settings (its commissioner's): each picks reminder on or off. */
export const poolNotificationSettingsSchema = z.object({ poolId: z.string(), reminder24h: z.boolean(), reminder1h: z.boolean() });
export const updatePoolNotificationSettingsBodySchema = z.object({ reminder24h: z.boolean().optional(), reminder1h: z.boolean().optional() }).strict();

export const nudgeParamsSchema = poolIdParamsSchema.extend({ weekNumber: weekNumberSchema });
/**
 * POST .../nudge: how many players were nudged, how many more were not because they had a picks
 * e-mail a moment ago (docs/notifications.md#one-picks-e-mail-at-a-time), and when the next nudge
 * of this week is possible.
 */
export const nudgeReplySchema = z.object({ nudged: z.number().int(), justEmailed: z.number().int(), nextNudgeAt: z.string() });
/** GET .../nudge: when the next nudge of this week is possible by the server's clock; null: now. */
export const nudgeStatusReplySchema = z.object({ nextNudgeAt: z.string().nullable() });

export const unsubscribeParamsSchema = z.object({ token: text().min(1).max(300) });
