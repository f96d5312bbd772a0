import {
  createOutbox,
  createPoolAccessCatchUp,
  createUnitOfWork,
  prepareService,
  setPoolAccessCatchUp,
  type ServiceApp,
  type ServiceRuntime,
} from '@powerpool/service-kit';
import type { NotificationsConfig } from './config.js';
import type { MailPort, NotificationsContext, PushPort, ScoringPort } from './domain/context.js';
import { sendDueMessages } from './domain/delivery.js';
import { planDueMessages, planWeekResults } from './domain/planning.js';
import { poolCopyOf } from './domain/sync.js';
import { consumeIdentityUsers } from './events/identity-users.js';
import { consumePicks } from './events/picks.js';
import { consumePools } from './events/pools.js';
import { consumeWeeks } from './events/weeks.js';
import { createMailer } from './ports/mailer.js';
import { createPushSender, type PushSenderOptions } from './ports/push.js';
import { createScoringPort } from './ports/scoring.js';
import { registerPoolRoutes } from './routes/pools.routes.js';
import { registerPreferenceRoutes } from './routes/preferences.routes.js';
import { registerUnsubscribeRoutes } from './routes/unsubscribe.routes.js';
import { createNotificationsStore } from './store/notifications.store.js';

export const SERVICE_NAME = 'notifications';
export const SCHEMA = 'notifications';

export interface NotificationsDeps extends ServiceRuntime {
  config: NotificationsConfig;
  /** Defaults to the wall clock; tests move it toward a deadline. */
  now?: () => Date;
  /** Defaults to SMTP_URL through nodemailer. */
  mail?: MailPort;
  /** Defaults to web push with the configured VAPID keys (none: push off). */
  push?: PushPort | null;
  /** Defaults to picks-scoring over the bus. */
  scoring?: ScoringPort;
  /** Tests only: the local push service's origin and certificate, and a stand-in for DNS (ports/push.ts). */
  pushNetwork?: PushSenderOptions['network'];
}

/**
 * notifications: picks reminders, week published, week results and the commissioner's nudge, by
 * e-mail and web push (docs/notifications.md). Owns the Postgres schema `notifications`; fed by
 * identity's, pools-invitations', weeks-workflow's and picks-scoring's events. Never listens.
 */
export async function buildApp(deps: NotificationsDeps): Promise<ServiceApp> {
  const { database, bus, logger, config } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const mailer = deps.mail ? null : createMailer(config.smtpUrl, config.mailFrom);
  const ctx: NotificationsContext = {
    uow: createUnitOfWork({ database, outbox, store: createNotificationsStore }),
    logger,
    now: deps.now ?? (() => new Date()),
    settings: {
      publicUrl: config.publicUrl,
      unsubscribeSecret: config.unsubscribeSecret,
      leaseMs: config.leaseMs,
      maxAttempts: config.maxAttempts,
      retryMs: config.retryMs,
    },
    mail: deps.mail ?? mailer!,
    push:
      deps.push !== undefined
        ? deps.push
        : config.vapid
          ? createPushSender({ vapid: config.vapid, serviceHosts: config.pushServiceHosts, ...(deps.pushNetwork ? { network: deps.pushNetwork } : {}) })
          : null,
    scoring: deps.scoring ?? createScoringPort(bus),
  };

  // A pool refusal made on our lagging copy is checked with pools-invitations first (kit pool-access.ts).
  setPoolAccessCatchUp(app, createPoolAccessCatchUp({ bus, logger, copy: poolCopyOf(ctx) }));
  registerPreferenceRoutes(app, ctx);
  registerPoolRoutes(app, ctx);
  registerUnsubscribeRoutes(app, ctx);

  const subscriptions = [
    await consumeIdentityUsers(bus, ctx, logger),
    await consumePools(bus, ctx, logger),
    await consumeWeeks(bus, ctx, logger),
    await consumePicks(bus, ctx, logger),
  ];
  const scheduler = startScheduler(ctx, config.tickMs);
  outbox.start();
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    await outbox.stop();
    mailer?.close();
  });
  return app;
}

/** How long a shutdown waits for a pass in flight; what it has not settled by then is sent again after its lease. */
const STOP_GRACE_MS = 5000;

/** Every `intervalMs`, plan what is due and send it (one pass at a time per replica; docs/notifications.md#exactly-once). */
function startScheduler(ctx: NotificationsContext, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      const planned = (await planDueMessages(ctx)) + (await planWeekResults(ctx));
      const sent = await sendDueMessages(ctx);
      if (planned || sent) ctx.logger.info({ planned, sent }, 'notifications planned and sent');
    })()
      .catch((err: unknown) => ctx.logger.warn({ err }, 'a notifications pass failed; retrying on the next one'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    },
  };
}
