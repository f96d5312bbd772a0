import { boolean, index, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const identitySchema = pgSchema('identity');

export const users = identitySchema.table('users', {
  id: uuid('id').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: text('role', { enum: ['user', 'pool_commissioner', 'super_admin'] }).notNull(),
  hasPaid: boolean('has_paid').notNull(),
  paymentNotes: text('payment_notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export const sessions = identitySchema.table(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const loginAttempts = identitySchema.table('login_attempts', {
  state: text('state').primaryKey(),
  bindingHash: text('binding_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Pool memberships from pools-invitations' events (removed ones kept as tombstones). */
export const poolAssignments = identitySchema.table(
  'pool_assignments',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    poolName: text('pool_name').notNull(),
    isActive: boolean('is_active').notNull(),
    removed: boolean('removed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);

/** Each pool's newest known name (pools.pool.updated or a member event), by when it was read. */
export const poolNames = identitySchema.table('pool_names', {
  poolId: uuid('pool_id').primaryKey(),
  name: text('name').notNull(),
  nameAt: timestamp('name_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type PoolAssignmentRow = typeof poolAssignments.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
