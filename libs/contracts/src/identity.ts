import { z } from 'zod';
import { freeText, text } from './common.js';
import { NAME_MAX_LENGTH, PAYMENT_NOTES_MAX_LENGTH, ROLES } from './identity.rules.js';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** User as the API returns it (docs/screens.md#profile). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  hasPaid: z.boolean(),
  paymentNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/user: the signed-in user, with the name the product displays for them. */
export const currentUserSchema = userSchema.extend({
  /** The displayed name, by the rule in `displayNameOf`. */
  name: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

const optionalName = text()
  .trim()
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

/** PUT /api/user/profile. The e-mail cannot change: an `email` field is refused. */
export const updateProfileBodySchema = z
  .object({
    displayName: text({ error: 'is required' }).trim().min(1, 'is required').max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`),
    firstName: optionalName,
    lastName: optionalName,
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** A pool the user belongs to, as listed on the global user screen. */
export const poolAssignmentSchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  isActive: z.boolean(),
});

/** GET /api/admin/users/global: every user with their pool assignments (docs/screens.md#site-admin). */
export const globalUserSchema = userSchema.extend({
  name: z.string(),
  poolAssignments: z.array(poolAssignmentSchema),
});
export const globalUsersReplySchema = z.array(globalUserSchema);
export type GlobalUser = z.infer<typeof globalUserSchema>;

export const userIdParamsSchema = z.object({ userId: z.string().uuid('must be a user id') });

/** PUT /api/admin/users/{userId}/role */
export const updateRoleBodySchema = z.object({ role: roleSchema }).strict();

/** GET /api/admin/users/payments */
export const paymentUsersReplySchema = z.array(userSchema.extend({ name: z.string() }));

/** PUT /api/admin/users/{userId}/payment: notes optional; empty notes are omitted by the client. */
export const updatePaymentBodySchema = z
  .object({
    hasPaid: z.boolean({ error: 'must be true or false' }),
    notes: freeText().trim().max(PAYMENT_NOTES_MAX_LENGTH, `must be at most ${PAYMENT_NOTES_MAX_LENGTH} characters`).nullish(),
  })
  .strict();

/** GET /api/login query. */
export const loginQuerySchema = z.object({ returnTo: text().optional() });

/**
 * GET /api/callback query: the provider's answer. Only the values identity looks up are checked;
 * the provider may add others (`iss`, `error`, `error_description`, `session_state`).
 */
export const callbackQuerySchema = z.looseObject({ state: text().optional(), code: text().optional() });

/** What the gateway learns about a session (bus request `rpc.identity.session.resolve`). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const resolveSessionRequestSchema = z.object({ sessionId: z.string() });
export const resolveSessionReplySchema = z.object({ user: sessionUserSchema.nullable() });
