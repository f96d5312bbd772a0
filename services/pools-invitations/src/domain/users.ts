import type { User } from '@powerpool/contracts';
import type { PoolsContext } from './context.js';

/** identity.user.*: the names, e-mails and roles this service shows; the store keeps the newest `updatedAt`. */
export const recordUser = (ctx: PoolsContext, user: User): Promise<void> => ctx.uow.write((store) => store.upsertUser(user));
