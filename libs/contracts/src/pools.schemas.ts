/**
 * Pools, invitations and members: HTTP bodies and replies of pools-invitations. Field names follow
 * the product's names (docs/architecture.md#data).
 */
import { z } from 'zod';
import { freeText, MAX_STORED_INT, text } from './common.js';
import { roleSchema } from './identity.js';
import {
  INVITATION_DAYS_VALID_MAX,
  INVITATION_NOTES_MAX_LENGTH,
  INVITATION_STATUSES,
  MAX_MEMBERS_DEFAULT,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  MEMBER_NOTES_MAX_LENGTH,
  MEMBER_ROLES,
  POOL_TYPES,
  POOL_DESCRIPTION_MAX_LENGTH,
  POOL_NAME_MAX_LENGTH,
  POOL_SLUG_MAX_LENGTH,
  POOL_YEARS,
  WEEKLY_TIEBREAKER_DEFAULT,
  WEEKLY_TIEBREAKERS,
} from './pools.rules.js';
import { POOL_MESSAGES } from './pools.messages.js';
import { weekStateSchema } from './week-states.schemas.js';

// The rules' enumerations as schemas (pools.rules.ts stays free of zod: docs/screens.md#data-loading).

export const poolTypeSchema = z.enum(POOL_TYPES);
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export const weeklyTiebreakerSchema = z.enum(WEEKLY_TIEBREAKERS, { error: `must be one of ${WEEKLY_TIEBREAKERS.join(', ')}` });

// ---------------------------------------------------------------------------------------------
// Entities

/** Pool (creation and management, docs/screens.md#pool-management), with poolType and updatedAt. */
export const poolSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  year: z.number().int(),
  allowsPreseason: z.boolean(),
  allowsRegularSeason: z.boolean(),
  allowsPostseason: z.boolean(),
  maxMembers: z.number().int(),
  isPublic: z.boolean(),
  slug: z.string(),
  isActive: z.boolean(),
  poolType: poolTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  poolCommissionerId: z.string(),
  /**
   * The pool's weekly tiebreaker (docs/game.md#weekly-winners); it applies to the weeks published
   * after it was set (docs/cross-service-decisions.md). Absent from events older than the setting: none.
   */
  weeklyTiebreaker: weeklyTiebreakerSchema.default(WEEKLY_TIEBREAKER_DEFAULT),
});
export type Pool = z.infer<typeof poolSchema>;
/** GET /api/user/pools: a pool the signed-in user belongs to (active membership). */
export const userPoolSchema = poolSchema.extend({
  /** The user's role in this pool. */
  memberRole: memberRoleSchema,
});
export const userPoolsReplySchema = z.array(userPoolSchema);
export type UserPool = z.infer<typeof userPoolSchema>;

/**
 * GET /api/pools/owned: "Owned pool" (id, name, poolCommissionerId) is a subset of the full pool,
 * which is what comes back. A commissioner gets the pools they commission; a super admin all pools.
 */
export const ownedPoolsReplySchema = z.array(poolSchema);

/** Pool (admin details): GET /api/admin/pools/details. */
export const poolAdminDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  poolType: poolTypeSchema,
  isActive: z.boolean(),
  year: z.number().int(),
  maxMembers: z.number().int(),
  /** Every member row, active or not. */
  memberCount: z.number().int(),
  activeMemberCount: z.number().int(),
  /** Displayed name of the commissioner (null when identity has not told us about them yet). */
  commissionerName: z.string().nullable(),
  commissionerEmail: z.string().nullable(),
  /** Latest change in the pool (membership, invitation use or pool edit); null means "Never". */
  lastActivity: z.string().nullable(),
  /** Week state of the current week; null until weeks-workflow provides it. */
  /** The pool's state of the current week (weeks-workflow); null when it cannot tell. */
  currentWeekState: weekStateSchema.nullable(),
  poolCommissionerId: z.string(),
  createdAt: z.string(),
});
export const poolAdminDetailsReplySchema = z.array(poolAdminDetailsSchema);
export type PoolAdminDetails = z.infer<typeof poolAdminDetailsSchema>;

/** GET /api/admin/pools/all: every pool (for pool pickers and filters of the super admin). */
export const allPoolsReplySchema = z.array(poolSchema);

/** Invitation as its pool's commissioner sees it. */
export const invitationSchema = z.object({
  id: z.string(),
  poolId: z.string(),
  /** >= 128 random bits, base64url. Links read {origin}/join/{invitationToken}. */
  invitationToken: z.string(),
  notes: z.string().nullable(),
  /** null means unlimited. */
  maxUses: z.number().int().nullable(),
  currentUses: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export const invitationsReplySchema = z.array(invitationSchema);
export type Invitation = z.infer<typeof invitationSchema>;
/** GET /api/invitations/{token} (public): only what the join page shows. */
export const publicInvitationSchema = z.object({
  poolId: z.string(),
  pool: z.object({
    name: z.string(),
    description: z.string().nullable(),
    year: z.number().int(),
    poolType: poolTypeSchema,
  }),
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  currentUses: z.number().int(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
  /** By `invitationStatusOf` at the server's clock. */
  status: invitationStatusSchema,
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/**
 * POST /api/invitations/{token}/use, 200 on success. Refusals (error codes):
 * 401 `unauthorized` (signed out), 404 `invitation_not_found`, 409 `already_member`,
 * 410 `invitation_limit_reached`, 410 `invitation_expired`, 410 `invitation_deactivated`,
 * 409 `pool_full` (the pool is at maxMembers). Messages are POOL_MESSAGES.
 */
export const useInvitationReplySchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  role: memberRoleSchema,
  joinedAt: z.string(),
});
export type UseInvitationReply = z.infer<typeof useInvitationReplySchema>;

/** Pool member (details): GET /api/pools/{poolId}/members/details. */
export const poolMemberDetailsSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** The user's own display name (may be null); `name` is the displayed name by the name rule. */
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  /** Not collected by this product: always null. */
  profileImageUrl: z.string().nullable(),
  /** Role in the pool: admin (the commissioner) or member. */
  role: memberRoleSchema,
  /** The user's site role (user, pool_commissioner, super_admin). */
  userRole: roleSchema,
  isActive: z.boolean(),
  hasPaid: z.boolean(),
  paymentNotes: z.string().nullable(),
  notes: z.string().nullable(),
  /** Last change to this membership (join or edit); this service sees no other activity. */
  lastActive: z.string().nullable(),
  joinedAt: z.string(),
});
export const poolMembersDetailsReplySchema = z.array(poolMemberDetailsSchema);
export type PoolMemberDetails = z.infer<typeof poolMemberDetailsSchema>;

/**
 * Pool member (short): GET /api/pools/{poolId}/members (active members). Every member of the pool
 * may ask; only the pool's managers (its commissioner, super admins) get `email`, other members
 * see names only.
 */
export const poolMemberShortSchema = z.object({
  userId: z.string(),
  /** The displayed name (by the name rule), never blank. */
  displayName: z.string(),
  /** Present for the pool's commissioner and super admins only. */
  email: z.string().optional(),
});
export const poolMembersReplySchema = z.array(poolMemberShortSchema);
export type PoolMemberShort = z.infer<typeof poolMemberShortSchema>;

/** Member stats: GET /api/pools/{poolId}/members/stats. */
export const memberStatsSchema = z.object({
  totalMembers: z.number().int(),
  activeMembers: z.number().int(),
  inactiveMembers: z.number().int(),
  /** Joined within the last RECENT_JOINS_DAYS days. */
  recentJoins: z.number().int(),
  membersWithPayment: z.number().int(),
  adminCount: z.number().int(),
  memberCount: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

/** Delete-pool result: DELETE /api/admin/pools/{poolId}. */
export const deletePoolReplySchema = z.object({
  deletedMembers: z.number().int(),
  deletedInvitations: z.number().int(),
  /** The pool games it had published (weeks-workflow's count, asked before the deletion; 0 when it cannot tell). */
  deletedGames: z.number().int(),
});
export type DeletePoolReply = z.infer<typeof deletePoolReplySchema>;

/** DELETE of a member (commissioner or super admin call). */
export const removeMemberReplySchema = z.object({ poolId: z.string(), userId: z.string() });
/** DELETE /api/invitations/{invitationId}. */
export const deleteInvitationReplySchema = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------
// Params and bodies

const uuid = (what: string) => z.string().uuid(`must be a ${what} id`);
export const poolIdParamsSchema = z.object({ poolId: uuid('pool') });
export const poolMemberParamsSchema = z.object({ poolId: uuid('pool'), userId: uuid('user') });
export const invitationIdParamsSchema = z.object({ invitationId: uuid('invitation') });
export const invitationTokenParamsSchema = z.object({ token: text().min(1).max(200) });
export const adminUserPoolParamsSchema = z.object({ userId: uuid('user'), poolId: uuid('pool') });

const nullableText = (max: number) =>
  freeText()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * GET /api/pools/defaults: what the Create New Pool form starts from. `year` is the current season
 * of the production sports data (see the endpoint), always one of `years`.
 */
export const poolDefaultsSchema = z.object({
  /** The default Season Year: the current season, or the nearest offered year. */
  year: z.number().int(),
  /** The years a pool can be created for, ascending (the form's options). */
  years: z.array(z.number().int()),
});
export type PoolDefaults = z.infer<typeof poolDefaultsSchema>;

/**
 * POST /api/pools. Defaults are the product's (docs/screens.md#pool-management), except `year`: without it the server takes the current
 * season, as GET /api/pools/defaults reports it.
 */
export const createPoolBodySchema = z
  .object({
    name: text({ error: 'is required' }).trim().min(1, 'is required').max(POOL_NAME_MAX_LENGTH, `must be at most ${POOL_NAME_MAX_LENGTH} characters`),
    description: nullableText(POOL_DESCRIPTION_MAX_LENGTH),
    year: z
      .number({ error: 'must be 2024, 2025 or 2026' })
      .int('must be 2024, 2025 or 2026')
      .refine((y) => (POOL_YEARS as readonly number[]).includes(y), 'must be 2024, 2025 or 2026')
      .optional(),
    allowsPreseason: z.boolean({ error: 'must be true or false' }).default(false),
    allowsRegularSeason: z.boolean({ error: 'must be true or false' }).default(true),
    allowsPostseason: z.boolean({ error: 'must be true or false' }).default(false),
    maxMembers: z
      .number({ error: `must be a number from ${MAX_MEMBERS_MIN} to ${MAX_MEMBERS_MAX}` })
      .int(`must be a whole number from ${MAX_MEMBERS_MIN} to ${MAX_MEMBERS_MAX}`)
      .min(MAX_MEMBERS_MIN, `must be between ${MAX_MEMBERS_MIN} and ${MAX_MEMBERS_MAX}`)
      .max(MAX_MEMBERS_MAX, `must be between ${MAX_MEMBERS_MIN} and ${MAX_MEMBERS_MAX}`)
      .default(MAX_MEMBERS_DEFAULT),
    isPublic: z.boolean({ error: 'must be true or false' }).default(false),
    /** Optional; blank means derived from the name by `slugFromName`. A given slug is normalised the same way. */
    slug: text().trim().max(POOL_SLUG_MAX_LENGTH, `must be at most ${POOL_SLUG_MAX_LENGTH} characters`).nullish(),
    poolType: poolTypeSchema.default('standard'),
    /** New pools are active unless created with isActive false (then activated later). */
    isActive: z.boolean({ error: 'must be true or false' }).default(true),
    /** The weekly tiebreaker (docs/game.md#weekly-winners): none unless chosen. */
    weeklyTiebreaker: weeklyTiebreakerSchema.default(WEEKLY_TIEBREAKER_DEFAULT),
  })
  .strict();
export type CreatePoolBody = z.input<typeof createPoolBodySchema>;

/** PUT /api/pools/{poolId}/weekly-tiebreaker (docs/game.md#weekly-winners). */
export const weeklyTiebreakerBodySchema = z.object({ weeklyTiebreaker: weeklyTiebreakerSchema }).strict();

/**
 * POST /api/pools/{poolId}/invitations. Give `daysValid` (1-365, default 30) or an ISO `expiresAt`
 * (what the Pool Management screen sends; it must lie in the future and within 365 days), not both.
 */
export const createInvitationBodySchema = z
  .object({
    notes: nullableText(INVITATION_NOTES_MAX_LENGTH),
    maxUses: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .gt(0, POOL_MESSAGES.maxUsesPositive)
      .max(MAX_STORED_INT, `must be at most ${MAX_STORED_INT}`)
      .nullish()
      .transform((v) => v ?? null),
    daysValid: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .gt(0, POOL_MESSAGES.daysValidPositive)
      .max(INVITATION_DAYS_VALID_MAX, `must be at most ${INVITATION_DAYS_VALID_MAX}`)
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  })
  .strict();
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** PUT /api/invitations/{invitationId}: activate or deactivate. */
export const updateInvitationBodySchema = z.object({ isActive: z.boolean({ error: 'must be true or false' }) }).strict();

/** PATCH /api/pools/{poolId}/members/{userId}: any of the four fields (at least one). */
export const updateMemberBodySchema = z
  .object({
    isActive: z.boolean({ error: 'must be true or false' }).optional(),
    hasPaid: z.boolean({ error: 'must be true or false' }).optional(),
    paymentNotes: nullableText(MEMBER_NOTES_MAX_LENGTH).optional(),
    notes: nullableText(MEMBER_NOTES_MAX_LENGTH).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one of isActive, hasPaid, paymentNotes, notes');
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

/** PUT /api/admin/pools/{poolId}/commissioner. The user's role must be pool_commissioner or super_admin. */
export const changeCommissionerBodySchema = z.object({ userId: uuid('user') }).strict();
