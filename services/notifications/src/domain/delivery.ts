import { randomUUID } from 'node:crypto';
import type { DeliveryOutcome } from '../store/notifications.store.js';
import type { DeliveryRow } from '../store/schema.js';
import type { NotificationsContext } from './context.js';
import { composeMessage, emailFooter, emailHtml, pushPathOf } from './messages.js';
import { wants } from './preferences.js';
import { onePicksEmailAtATime } from './quiet.js';
import { catchUpSaves } from './sync.js';
import { unsubscribeToken } from './unsubscribe.js';

/** How many deliveries one replica claims per pass; they are sent at once, so the lease covers one round. */
const CLAIM_BATCH = 10;

/** The wait before attempt n+1 after n failed attempts: the base, doubled each time. */
export function retryDelayMs(baseMs: number, attemptsMade: number): number {
  return baseMs * 2 ** Math.max(0, attemptsMade - 1);
}

/**
 * One sending pass (docs/notifications.md#exactly-once): claim the due deliveries (a lease in the
 * row, taken with FOR UPDATE SKIP LOCKED so two replicas never claim the same one), send each, and
 * settle it with the same claim: sent; or due again after a doubling wait; or, after the last
 * attempt, failed. A claim whose replica died is taken again when its lease runs out. Returns how
 * many were sent.
 */
export async function sendDueMessages(ctx: NotificationsContext): Promise<number> {
  const token = randomUUID();
  const claimed = await ctx.uow.write((store) => store.claimDue(ctx.settings.leaseMs, token, CLAIM_BATCH));
  const uncheckable = await weeksNotCaughtUp(ctx, claimed);
  // One person's rows one after the other, in the order planned (a reminder before a week-published
  // message planned with it): the first picks e-mail of a pool week is the one sent (quiet.ts).
  const byPerson = new Map<string, DeliveryRow[]>();
  for (const row of claimed.sort((a, b) => a.id - b.id)) byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
  const results = await Promise.all(
    [...byPerson.values()].map(async (rows) => {
      let sent = 0;
      for (const row of rows) if (await sendClaimed(ctx, { row, token, uncheckable: uncheckable.has(weekKeyOf(row)) })) sent += 1;
      return sent;
    }),
  );
  return results.reduce((a, b) => a + b, 0);
}

const weekKeyOf = (row: DeliveryRow) => `${row.poolId}:${row.year}:${row.weekNumber}`;

/**
 * Before a reminder, a nudge or a week-published message goes out, who has saved their picks is
 * asked of picks-scoring, once per pool week of the pass (`catchUpSaves`, docs/notifications.md#who):
 * the check below then holds even when the player's save is still on its way on the bus. Returns
 * the weeks picks-scoring could not be asked about: their rows are not sent in this pass.
 */
async function weeksNotCaughtUp(ctx: NotificationsContext, claimed: DeliveryRow[]): Promise<Set<string>> {
  const weeks = new Map(claimed.filter((row) => row.kind !== 'week_results').map((row) => [weekKeyOf(row), row]));
  const failed = new Set<string>();
  for (const [key, row] of weeks) if (!(await catchUpSaves(ctx, row))) failed.add(key);
  return failed;
}

/**
 * Send one claimed delivery and settle it with the same claim; true when it was sent. When who has
 * saved could not be checked (`uncheckable`), it is not sent: it waits for its retry, as after a
 * failed send.
 */
async function sendClaimed(
  ctx: NotificationsContext,
  { row, token, uncheckable }: { row: DeliveryRow; token: string; uncheckable: boolean },
): Promise<boolean> {
  let outcome: DeliveryOutcome;
  try {
    if (uncheckable) throw new Error('picks-scoring could not be asked who has saved their picks');
    const skip = await deliver(ctx, row);
    outcome = skip === null ? { status: 'sent' } : { status: 'skipped', error: skip };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    outcome =
      row.attempts >= ctx.settings.maxAttempts
        ? { status: 'failed', error }
        : { status: 'pending', retryInMs: retryDelayMs(ctx.settings.retryMs, row.attempts), error };
    ctx.logger.warn({ err, deliveryId: row.id, kind: row.kind, channel: row.channel, attempts: row.attempts, outcome: outcome.status }, 'a delivery failed');
  }
  const settled = await ctx.uow.write((store) => store.settleDelivery(row.id, token, outcome));
  if (!settled) ctx.logger.warn({ deliveryId: row.id }, 'a delivery outlived its lease; another replica has taken it');
  return settled && outcome.status === 'sent';
}

/**
 * Send one delivery on its channel, from the copies as they are now. Returns null when sent, or
 * why it is no longer to be sent (the picks were saved meanwhile, the week closed, the person
 * turned it off or left the pool): the unsubscribe stops even what was already planned.
 */
async function deliver(ctx: NotificationsContext, row: DeliveryRow): Promise<string | null> {
  const facts = await ctx.uow.read(async (store) => {
    const week = await store.findWeek(row);
    const pool = await store.findPool(row.poolId);
    const user = await store.findUser(row.userId);
    const member = (await store.membersOfWeek(row)).find((m) => m.userId === row.userId);
    const choices = await store.preferencesOf([row.userId]);
    const browsers = row.channel === 'push' ? await store.pushSubscriptionsOf(row.userId) : [];
    const result = row.kind === 'week_results' ? await store.resultOf(row, row.userId) : undefined;
    return { week, pool, user, member, choices, browsers, result };
  });
  const { week, pool, user, member } = facts;
  if (!week || !pool || !user || !member) return 'the pool, the week or the member is gone';
  if (!wants(facts.choices, row.kind, row.channel)) return `${row.kind} by ${row.channel} was turned off`;
  if (row.kind === 'week_results') {
    if (!facts.result) return 'no result for this player';
  } else {
    if (member.picksComplete) return 'the picks were saved meanwhile';
    if (week.state !== 'PUBLISHED' || week.pickDeadline <= ctx.now()) return 'the picks deadline has passed';
  }
  const quiet = await onePicksEmailAtATime(ctx, row);
  if (quiet) return quiet;
  const message = composeMessage({
    kind: row.kind,
    now: ctx.now(),
    recipientName: user.name,
    poolId: pool.id,
    poolName: pool.name,
    weekNumber: row.weekNumber,
    pickDeadline: week.pickDeadline,
    publicUrl: ctx.settings.publicUrl,
    result: facts.result ?? null,
  });
  if (row.channel === 'email') {
    const unsubscribeUrl = `${ctx.settings.publicUrl}/api/notifications/unsubscribe/${unsubscribeToken(ctx.settings.unsubscribeSecret, user.id, row.kind)}`;
    const text = message.text + emailFooter(row.kind, unsubscribeUrl);
    await ctx.mail.send({
      to: user.email,
      subject: message.subject,
      text,
      html: emailHtml(text),
      messageId: `<delivery-${row.id}@${new URL(ctx.settings.publicUrl).hostname}>`,
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return null;
  }
  const push = ctx.push;
  if (!push) return 'web push is not configured';
  if (facts.browsers.length === 0) return 'no subscribed browser';
  let delivered = 0;
  for (const browser of facts.browsers) {
    const result = await push.send(
      { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
      {
        title: message.title,
        body: message.body,
        url: pushPathOf(message.url),
      },
    );
    if (result === 'sent') {
      delivered += 1;
      continue;
    }
    if (result !== 'gone') ctx.logger.warn({ userId: row.userId, reason: result.refused }, 'a push endpoint was refused; the subscription is dropped');
    await ctx.uow.write((store) => store.deletePushSubscription(browser.endpoint));
  }
  return delivered > 0 ? null : 'every subscribed browser is gone';
}
