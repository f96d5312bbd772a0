import { z } from 'zod';
import { env, hostRefusal, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';
import { BROWSER_PUSH_SERVICE_HOSTS } from './ports/push.js';

/** Outside production only: a fixed secret, so links keep working across restarts of a dev setup (and tests can sign one). */
export const DEV_UNSUBSCRIBE_SECRET = 'dev-only-unsubscribe-secret-never-in-production';
const optionalText = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), z.string().optional());

const NotificationsEnvSchema = serviceEnvSchema
  .extend({
    PORT: env.port(4006),
    /** The browser-facing URL: links in e-mails and push messages (Make Picks, the board, unsubscribe). */
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    /** SMTP server, e.g. smtps://user:pass@smtp.example.com:465 (docs: deploy/README.md#e-mail). */
    SMTP_URL: z.string().url().default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().trim().min(3).default('PowerPool <no-reply@powerpool.test>'),
    /** Web push (VAPID, RFC 8292): both keys or neither (then push is off). */
    VAPID_PUBLIC_KEY: optionalText(),
    VAPID_PRIVATE_KEY: optionalText(),
    VAPID_SUBJECT: z.string().trim().default('mailto:no-reply@powerpool.test'),
    /**
     * The push services a browser's subscription may point at: host suffixes, comma-separated, or
     * `*` for any public host (docs/notifications.md#push-endpoints). Default: the browsers' own.
     */
    PUSH_SERVICE_HOSTS: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().default(BROWSER_PUSH_SERVICE_HOSTS.join(',')))
      .transform((v, ctx) => {
        if (v === '*') return '*' as const;
        const hosts = v
          .split(',')
          .map((h) =>
            h
              .trim()
              .toLowerCase()
              .replace(/^\*?\./, ''),
          )
          .filter(Boolean);
        const bad = hosts.find((h) => hostRefusal(h) !== null);
        if (bad !== undefined || hosts.length === 0)
          ctx.addIssue({ code: 'custom', message: `must be "*" or public host names, comma-separated${bad !== undefined ? ` (${hostRefusal(bad)})` : ''}` });
        return hosts;
      }),
    /** Signs the one-click unsubscribe links (HMAC-SHA256); the same in every replica. Required in production. */
    NOTIFICATIONS_UNSUBSCRIBE_SECRET: optionalText().pipe(z.string().min(32, 'must be at least 32 characters (a random secret)').optional()),
    /** How often each replica plans due reminders and sends what is due. */
    NOTIFICATIONS_TICK_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
    /** A claimed delivery not marked sent within this long is claimed again (its replica died). */
    NOTIFICATIONS_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    /** Attempts before a delivery is recorded as failed; the wait doubles from NOTIFICATIONS_RETRY_MS. */
    NOTIFICATIONS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    NOTIFICATIONS_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  })
  .superRefine((v, ctx) => {
    if (v.POWERPOOL_ENV === 'production' && !v.NOTIFICATIONS_UNSUBSCRIBE_SECRET)
      ctx.addIssue({ code: 'custom', path: ['NOTIFICATIONS_UNSUBSCRIBE_SECRET'], message: 'is required in production (32+ random characters)' });
    if (Boolean(v.VAPID_PUBLIC_KEY) !== Boolean(v.VAPID_PRIVATE_KEY))
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (both or neither)' });
  });

export type NotificationsConfig = ReturnType<typeof loadNotificationsConfig>;

/** Parse the notifications service's env once at start; throws listing every problem. */
export function loadNotificationsConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('notifications', NotificationsEnvSchema, source);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    environment: e.POWERPOOL_ENV,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : null,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    unsubscribeSecret: e.NOTIFICATIONS_UNSUBSCRIBE_SECRET ?? DEV_UNSUBSCRIBE_SECRET,
    tickMs: e.NOTIFICATIONS_TICK_MS,
    leaseMs: e.NOTIFICATIONS_LEASE_MS,
    maxAttempts: e.NOTIFICATIONS_MAX_ATTEMPTS,
    retryMs: e.NOTIFICATIONS_RETRY_MS,
    env: e,
  });
}
