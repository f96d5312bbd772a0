import { endpoint } from './endpoint.js';
import {
  notificationPreferencesReplySchema,
  nudgeParamsSchema,
  nudgeReplySchema,
  poolNotificationSettingsSchema,
  pushPublicKeyReplySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionDeleteBodySchema,
  pushSubscriptionReplySchema,
  unsubscribeParamsSchema,
  updateNotificationPreferencesBodySchema,
  updatePoolNotificationSettingsBodySchema,
} from './notifications.schemas.js';
import { poolIdParamsSchema } from './pools.schemas.js';

const service = 'notifications';
const tag = 'notifications';
/** The pool's commissioner or a super admin (the service checks which pool). */
const managers = ['pool_commissioner', 'super_admin'] as const;

/** notifications: preferences, browser push subscriptions, pool reminder settings, the nudge, unsubscribe (docs/notifications.md). */
export const notificationsEndpoints = {
  preferences: endpoint({
    method: 'GET',
    path: '/api/notifications/preferences',
    service,
    tag,
    access: 'session',
    summary: "The caller's notification preferences, per kind and channel (defaults filled in)",
    reply: notificationPreferencesReplySchema,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/api/notifications/preferences',
    service,
    tag,
    access: 'session',
    summary: "Turn kinds of notification on or off per channel (the caller's own)",
    body: updateNotificationPreferencesBodySchema,
    reply: notificationPreferencesReplySchema,
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/api/notifications/push-subscriptions',
    service,
    tag,
    access: 'session',
    summary: "Keep a browser's push subscription for the caller (one person may have several browsers)",
    description:
      'The body is `PushSubscription.toJSON()`. An endpoint already kept (for anyone) now belongs to the caller: the endpoint is a capability URL, and whoever holds it receives its pushes. ' +
      'An endpoint that is not on a public address of an allowed browser push service is refused with 400 `push_endpoint_not_allowed`.',
    body: pushSubscriptionBodySchema,
    reply: pushSubscriptionReplySchema,
    status: 201,
  }),
  unsubscribePush: endpoint({
    method: 'DELETE',
    path: '/api/notifications/push-subscriptions',
    service,
    tag,
    access: 'session',
    summary: "Forget one of the caller's browser push subscriptions",
    body: pushSubscriptionDeleteBodySchema,
    reply: pushSubscriptionReplySchema,
  }),
  pushPublicKey: endpoint({
    method: 'GET',
    path: '/api/notifications/push/public-key',
    service,
    tag,
    access: 'session',
    summary: 'The VAPID public key a browser subscribes with (applicationServerKey)',
    reply: pushPublicKeyReplySchema,
  }),
  poolSettings: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/notification-settings',
    service,
    tag,
    access: 'session',
    roles: managers,
    summary: "A pool's picks reminders (24 hours and 1 hour before the deadline), each on or off",
    params: poolIdParamsSchema,
    reply: poolNotificationSettingsSchema,
  }),
  updatePoolSettings: endpoint({
    method: 'PUT',
    path: '/api/pools/:poolId/notification-settings',
    service,
    tag,
    access: 'session',
    roles: managers,
    summary: "Turn a pool's picks reminders on or off (its commissioner or a super admin)",
    params: poolIdParamsSchema,
    body: updatePoolNotificationSettingsBodySchema,
    reply: poolNotificationSettingsSchema,
  }),
  nudge: endpoint({
    method: 'POST',
    path: '/api/pools/:poolId/weeks/:weekNumber/nudge',
    service,
    tag,
    access: 'session',
    roles: managers,
    summary: 'Remind the active members who have not saved their picks (at most once an hour per pool week)',
    description:
      'A second nudge inside the hour is refused with 429 `nudge_too_soon`, naming when the next one is possible; 409 `still_syncing` when picks-scoring cannot be asked who has saved (try again in a few seconds).',
    params: nudgeParamsSchema,
    reply: nudgeReplySchema,
  }),
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/notifications/unsubscribe/:token',
    service,
    tag,
    access: 'public',
    summary: "An e-mail's unsubscribe link: a small page confirming what the button turns off",
    params: unsubscribeParamsSchema,
    produces: 'text/html',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe/:token',
    service,
    tag,
    access: 'public',
    summary: 'One-click unsubscribe (RFC 8058): turns that kind of e-mail off for that person, no sign-in needed',
    params: unsubscribeParamsSchema,
    produces: 'text/html',
  }),
} as const;
