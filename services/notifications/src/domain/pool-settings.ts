import { managedPoolOf } from '@powerpool/service-kit';
import type { NotificationsStore } from '../store/notifications.store.js';
import type { Caller, NotificationsContext } from './context.js';

export interface PoolReminderSettings {
  poolId: string;
  reminder24h: boolean;
  reminder1h: boolean;
}

/** A pool's picks reminders: its commissioner's choice, else both on (docs/notifications.md#reminders). */
export async function reminderSettingsOf(store: NotificationsStore, poolId: string): Promise<PoolReminderSettings> {
  const row = await store.poolSettingsOf(poolId);
  return { poolId, reminder24h: row?.reminder24h ?? true, reminder1h: row?.reminder1h ?? true };
}

/** GET /api/pools/:poolId/notification-settings: the pool's commissioner or a super admin. */
export function getPoolSettings(ctx: NotificationsContext, caller: Caller, poolId: string): Promise<PoolReminderSettings> {
  return ctx.uow.read(async (store) => {
    await managedPoolOf(store, caller, poolId);
    return reminderSettingsOf(store, poolId);
  });
}

/** PUT /api/pools/:poolId/notification-settings: change one reminder or both, in one write. */
export function updatePoolSettings(
  ctx: NotificationsContext,
  { caller, poolId, change }: { caller: Caller; poolId: string; change: { reminder24h?: boolean | undefined; reminder1h?: boolean | undefined } },
): Promise<PoolReminderSettings> {
  return ctx.uow.write(async (store) => {
    await managedPoolOf(store, caller, poolId);
    const current = await reminderSettingsOf(store, poolId);
    const next = { poolId, reminder24h: change.reminder24h ?? current.reminder24h, reminder1h: change.reminder1h ?? current.reminder1h };
    await store.setPoolSettings({ ...next, updatedBy: caller.id, updatedAt: ctx.now() });
    return next;
  });
}
