import { z } from 'zod';
import { memberRoleSchema, poolSchema } from './pools.schemas.js';

// ---------------------------------------------------------------------------------------------
// Events (pools.<entity>.<verb>), full snapshots; consumers keep the newest `updatedAt`.

/** A membership snapshot as events carry it. */
export const memberEventSnapshotSchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  userId: z.string(),
  role: memberRoleSchema,
  isActive: z.boolean(),
  hasPaid: z.boolean(),
  paymentNotes: z.string().nullable(),
  notes: z.string().nullable(),
  joinedAt: z.string(),
  /** Time of the change this event reports (for removals: the removal time). */
  updatedAt: z.string(),
});
export type MemberEventSnapshot = z.infer<typeof memberEventSnapshotSchema>;

const poolEventSchema = z.object({ pool: poolSchema });
const memberEventSchema = z.object({ member: memberEventSnapshotSchema });

/**
 * rpc.pools.pool.access: a pool and one person's membership as pools-invitations has them now, in
 * the shape of its events, for a service whose copy refused someone to check before it answers.
 */
export const poolAccessRequestSchema = z.object({ poolId: z.string(), userId: z.string() });
export const poolAccessReplySchema = z.object({ pool: poolSchema.nullable(), member: memberEventSnapshotSchema.nullable() });
export type PoolAccessReply = z.infer<typeof poolAccessReplySchema>;

export const POOL_EVENTS = {
  'pools.pool.created': poolEventSchema,
  /** Any pool field changed (activation, commissioner, ...). */
  'pools.pool.updated': poolEventSchema,
  /** Everything in the pool is gone; consumers delete their part (games, picks, week states). */
  'pools.pool.deleted': poolEventSchema.extend({ deletedAt: z.string(), deletedMembers: z.number().int(), deletedInvitations: z.number().int() }),
  'pools.member.joined': memberEventSchema.extend({ via: z.enum(['creation', 'invitation', 'admin', 'commissioner-change']) }),
  'pools.member.updated': memberEventSchema,
  'pools.member.removed': memberEventSchema,
  'pools.commissioner.changed': poolEventSchema.extend({ previousCommissionerId: z.string() }),
} as const;
