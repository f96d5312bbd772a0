import { REMINDER_SLOT_MS, type NotificationChannel, type NotificationKind, type ReminderSlot } from '@powerpool/contracts';
import type { MemberOfWeek, NotificationsStore, WeekKey } from '../store/notifications.store.js';
import type { NewDelivery } from '../store/schema.js';
import type { NotificationsContext } from './context.js';
import { reminderSettingsOf } from './pool-settings.js';
import { wants } from './preferences.js';

/**
 * The picks reminder due now for a week (docs/notifications.md#reminders): '1h' in the last hour
 * before the deadline, '24h' in the 23 hours before that, none otherwise. A week published already
 * inside the 24-hour window gets the 24-hour reminder at once if more than an hour remains, and
 * only the 1-hour one if less: a player never gets two reminders in the last hour.
 */
export function dueReminderSlot(pickDeadline: Date, now: Date): ReminderSlot | null {
  const left = pickDeadline.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= REMINDER_SLOT_MS['1h']) return '1h';
  if (left <= REMINDER_SLOT_MS['24h']) return '24h';
  return null;
}

/**
 * The deliveries of one kind for these members, one per channel each wants and can be reached on
 * (e-mail: identity told us their address; push: a subscribed browser and push configured).
 */
export async function deliveriesFor(
  store: NotificationsStore,
  { members, what, pushOn }: { members: MemberOfWeek[]; what: WeekKey & { kind: NotificationKind; slot: string }; pushOn: boolean },
): Promise<NewDelivery[]> {
  const ids = members.map((m) => m.userId);
  const choices = await store.preferencesOf(ids);
  const browsers = pushOn ? await store.pushSubscriptionCounts(ids) : new Map<string, number>();
  const rows: NewDelivery[] = [];
  for (const m of members) {
    const mine = choices.filter((c) => c.userId === m.userId);
    const reachable: Record<NotificationChannel, boolean> = { email: m.email !== null, push: (browsers.get(m.userId) ?? 0) > 0 };
    for (const channel of ['email', 'push'] as const) {
      if (reachable[channel] && wants(mine, what.kind, channel))
        rows.push({ userId: m.userId, poolId: what.poolId, year: what.year, weekNumber: what.weekNumber, kind: what.kind, slot: what.slot, channel });
    }
  }
  return rows;
}

/**
 * One planning pass (every replica runs it each tick; docs/notifications.md#exactly-once): for every
 * published week whose deadline is ahead, the picks reminder due now and the week-published
 * message, each planned once (`claimPlannedSlot`) to the active members without a complete saved
 * set at that moment: a member who joins later is not sent a reminder the moment they join. The
 * reminder is planned first, so when both are due at once it is the picks e-mail sent
 * (docs/notifications.md#one-picks-e-mail-at-a-time). Planning the same message twice keeps the
 * first row (the deliveries' unique key). Returns how many deliveries are new.
 */
export async function planDueMessages(ctx: NotificationsContext): Promise<number> {
  const now = ctx.now();
  const weeks = await ctx.uow.read((store) => store.openWeeks(now));
  let planned = 0;
  for (const week of weeks) {
    planned += await ctx.uow.write(async (store) => {
      const waiting = async () => (await store.membersOfWeek(week)).filter((m) => !m.picksComplete);
      const rows: NewDelivery[] = [];
      const slot = dueReminderSlot(week.pickDeadline, now);
      const settings = await reminderSettingsOf(store, week.poolId);
      if (
        slot &&
        (slot === '24h' ? settings.reminder24h : settings.reminder1h) &&
        (await store.claimPlannedSlot({ key: week, kind: 'picks_reminder', slot, now }))
      )
        rows.push(...(await deliveriesFor(store, { members: await waiting(), what: { ...week, kind: 'picks_reminder', slot }, pushOn: ctx.push !== null })));
      if (await store.claimPlannedSlot({ key: week, kind: 'week_published', slot: '', now }))
        rows.push(
          ...(await deliveriesFor(store, { members: await waiting(), what: { ...week, kind: 'week_published', slot: '' }, pushOn: ctx.push !== null })),
        );
      return store.planDeliveries(rows);
    });
  }
  return planned;
}

/** Weeks completed longer ago than this are not announced (a service started late does not send old news). */
const RESULTS_NEWS_MS = 7 * 24 * 3_600_000;

/**
 * The week-results messages (docs/notifications.md#kinds): for each week COMPLETE since the last
 * pass, ask picks-scoring once for every player's points and rank (rpc.picks.week.results), keep
 * them, and plan the message to the active members who have a result, in one write that marks the
 * week done (a replica that gets there second plans nothing). If picks-scoring does not answer,
 * the week is tried again on the next pass. Returns how many deliveries are new.
 */
export async function planWeekResults(ctx: NotificationsContext): Promise<number> {
  const weeks = await ctx.uow.read((store) => store.weeksAwaitingResults(new Date(ctx.now().getTime() - RESULTS_NEWS_MS)));
  let planned = 0;
  for (const week of weeks) {
    let players;
    try {
      ({ players } = await ctx.scoring.weekResults({ poolId: week.poolId, year: week.year, weekNumber: week.weekNumber }));
    } catch (err) {
      ctx.logger.warn(
        { err, poolId: week.poolId, weekNumber: week.weekNumber },
        'could not ask picks-scoring for the week results; trying again on the next pass',
      );
      continue;
    }
    planned += await ctx.uow.write(async (store) => {
      if (!(await store.saveWeekResults(week, players, ctx.now()))) return 0;
      const ranked = new Set(players.map((p) => p.userId));
      const members = (await store.membersOfWeek(week)).filter((m) => ranked.has(m.userId));
      return store.planDeliveries(await deliveriesFor(store, { members, what: { ...week, kind: 'week_results', slot: '' }, pushOn: ctx.push !== null }));
    });
  }
  return planned;
}
