import type { WeekResultsReply, WeekSavesReply } from '@powerpool/contracts';
import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { NotificationsStore } from '../store/notifications.store.js';

/** One e-mail to one person (never a list: no address ever reaches another player). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per delivery, so a receiver can drop a repeat (docs/notifications.md#exactly-once). */
  messageId: string;
  headers: Record<string, string>;
}

/** The SMTP server, through nodemailer (ports/mailer.ts). Throws when the server refuses or cannot be reached. */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

/** What a push message carries (the service worker shows it and opens `url` when it is tapped). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** One browser's subscription. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Web push with VAPID (ports/push.ts): 'gone' when the push service says the subscription no
 * longer exists (404/410), `{ refused }` when its endpoint may not be connected to (not a public
 * address, not an allowed push service: docs/notifications.md#push-endpoints); throws otherwise on
 * failure.
 */
export interface PushPort {
  publicKey: string;
  /** Why a browser's endpoint is not accepted, or null when it is. */
  refusal(endpoint: string): string | null;
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone' | { refused: string }>;
}

/** picks-scoring over request/reply on the bus. */
export interface ScoringPort {
  /** A completed week's points and ranks (rpc.picks.week.results). */
  weekResults(request: { poolId: string; year: number; weekNumber: number }): Promise<WeekResultsReply>;
  /** Each player's latest save of a week as picks-scoring has it now (rpc.picks.week.saves). */
  weekSaves(request: { poolId: string; year: number; weekNumber: number }): Promise<WeekSavesReply>;
}

/** The service's settings the rules read. */
export interface NotificationsSettings {
  publicUrl: string;
  unsubscribeSecret: string;
  leaseMs: number;
  maxAttempts: number;
  retryMs: number;
}

/** What the domain functions work with. `now` is the server's clock (tests move it). */
export interface NotificationsContext {
  uow: UnitOfWork<NotificationsStore>;
  logger: KitLogger;
  now: () => Date;
  settings: NotificationsSettings;
  mail: MailPort;
  /** Null when no VAPID keys are configured: push is off. */
  push: PushPort | null;
  scoring: ScoringPort;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: string;
}

/** A caller's request about one week of one pool: the options of `(ctx, { caller, poolId, weekNumber })`. */
export interface PoolWeekRequest {
  caller: Caller;
  poolId: string;
  weekNumber: number;
}
