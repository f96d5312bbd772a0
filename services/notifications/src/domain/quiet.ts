import { formatDateTime, PICKS_EMAIL_KINDS, PICKS_EMAIL_QUIET_MS } from '@powerpool/contracts';
import type { DeliveryRow } from '../store/schema.js';
import type { NotificationsContext } from './context.js';

/**
 * One picks e-mail at a time (docs/notifications.md#one-picks-e-mail-at-a-time): a reminder, a
 * nudge or a week-published e-mail goes out only if the person has had no other picks e-mail of
 * the same pool week in the last PICKS_EMAIL_QUIET_MS (30 minutes), by the server's clock. Decided
 * in the database in one statement (`claimPicksEmail`), so two replicas sending two of them at
 * once cannot both pass. Returns null when this e-mail may go out, else why it is not sent.
 */
export async function onePicksEmailAtATime(ctx: NotificationsContext, row: DeliveryRow): Promise<string | null> {
  if (row.channel !== 'email' || !PICKS_EMAIL_KINDS.includes(row.kind)) return null;
  const blockedBy = await ctx.uow.write((store) =>
    store.claimPicksEmail({ key: row, userId: row.userId, deliveryId: row.id, now: ctx.now(), windowMs: PICKS_EMAIL_QUIET_MS }),
  );
  return blockedBy ? `another picks e-mail went to them at ${formatDateTime(blockedBy)}` : null;
}
