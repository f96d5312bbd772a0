import { randomUUID } from 'node:crypto';
import { displayNameOf, roleSchema, type CurrentUser, type GlobalUser, type Role, type User } from '@powerpool/contracts';
import { UnauthorizedError, UserNotFoundError } from '@powerpool/service-kit';
import { CannotChangeOwnRoleError, ConfiguredSuperAdminError } from './errors.js';
import type { UserRow } from '../store/schema.js';
import type { IdentityContext } from './context.js';

/** Claims the provider vouches for at sign-in (id token merged with userinfo). */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  /** Value of the configured role claim, if any. */
  role: string | null;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    hasPaid: row.hasPaid,
    paymentNotes: row.paymentNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toUser(row), name: displayNameOf(row) };
}

function isBootstrapAdmin(ctx: IdentityContext, email: string): boolean {
  return ctx.config.superAdminEmails.has(email.toLowerCase());
}

/**
 * Upsert the user behind a successful sign-in. A new user gets `super_admin` when their e-mail is
 * in SUPER_ADMIN_EMAILS, else the provider's role claim when valid, else `user`. Later sign-ins
 * refresh the e-mail and re-apply the super admin bootstrap, but never overwrite names the user
 * edited or roles an admin set.
 */
export async function upsertUserFromClaims(ctx: IdentityContext, claims: ProviderClaims): Promise<UserRow> {
  const now = ctx.now();
  return ctx.uow.write(async (store, emit) => {
    const existing = await store.findUserBySubject(claims.issuer, claims.subject);
    if (!existing) {
      const claimed = roleSchema.safeParse(claims.role);
      const role: Role = isBootstrapAdmin(ctx, claims.email) ? 'super_admin' : claimed.success ? claimed.data : 'user';
      const { row, created } = await store.insertUser(
        {
          id: randomUUID(),
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email,
          firstName: claims.givenName,
          lastName: claims.familyName,
          role,
        },
        now,
      );
      if (created) await emit('identity.user.registered', { user: toUser(row) });
      return row;
    }
    const patch: Partial<UserRow> = { lastSignInAt: now };
    const emailChanged = existing.email !== claims.email;
    const promote = isBootstrapAdmin(ctx, claims.email) && existing.role !== 'super_admin';
    if (emailChanged) patch.email = claims.email;
    if (promote) patch.role = 'super_admin';
    if (emailChanged || promote) patch.updatedAt = now;
    const row = (await store.updateUser(existing.id, patch)) ?? existing;
    if (promote) await emit('identity.user.role-changed', { user: toUser(row), previousRole: existing.role });
    else if (emailChanged) await emit('identity.user.profile-changed', { user: toUser(row) });
    return row;
  });
}

/** The signed-in user; a user deleted since the session began counts as signed out. */
export async function getCurrentUser(ctx: IdentityContext, userId: string): Promise<CurrentUser> {
  const row = await ctx.uow.read((store) => store.findUserById(userId));
  if (!row) throw new UnauthorizedError();
  return toCurrentUser(row);
}

/** PUT /api/user/profile: display name (required, trimmed) and optional first and last name. */
export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  body: { displayName: string; firstName: string | null; lastName: string | null },
): Promise<CurrentUser> {
  return ctx.uow.write(async (store, emit) => {
    const existing = await store.findUserById(userId);
    if (!existing) throw new UnauthorizedError();
    const unchanged = existing.displayName === body.displayName && existing.firstName === body.firstName && existing.lastName === body.lastName;
    if (unchanged) return toCurrentUser(existing);
    const row = await store.updateUser(userId, { ...body, updatedAt: ctx.now() });
    if (!row) throw new UnauthorizedError();
    await emit('identity.user.profile-changed', { user: toUser(row) });
    return toCurrentUser(row);
  });
}

const byName = (a: { name: string; email: string }, b: { name: string; email: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email);

/**
 * GET /api/admin/users/global. Pool assignments come from pools-invitations' membership events,
 * kept in identity's own table (events/pool-members.ts).
 */
export async function listGlobalUsers(ctx: IdentityContext): Promise<GlobalUser[]> {
  const [rows, assignments] = await ctx.uow.read((store) => Promise.all([store.listUsers(), store.listCurrent()]));
  const byUser = new Map<string, GlobalUser['poolAssignments']>();
  for (const a of assignments) {
    const list = byUser.get(a.userId) ?? [];
    list.push({ poolId: a.poolId, poolName: a.poolName, isActive: a.isActive });
    byUser.set(a.userId, list);
  }
  return rows.map((row) => ({ ...toCurrentUser(row), poolAssignments: byUser.get(row.id) ?? [] })).sort(byName);
}

/** GET /api/admin/users/payments: every user with payment status, by displayed name. */
export async function listPaymentUsers(ctx: IdentityContext): Promise<CurrentUser[]> {
  const rows = await ctx.uow.read((store) => store.listUsers());
  return rows.map(toCurrentUser).sort(byName);
}

/** PUT /api/admin/users/{userId}/role (super admin). */
export async function changeRole(ctx: IdentityContext, { actorId, targetId, role }: { actorId: string; targetId: string; role: Role }): Promise<CurrentUser> {
  if (actorId === targetId) {
    throw new CannotChangeOwnRoleError();
  }
  return ctx.uow.write(async (store, emit) => {
    const existing = await store.findUserById(targetId);
    if (!existing) throw new UserNotFoundError();
    if (existing.role === role) return toCurrentUser(existing);
    if (role !== 'super_admin' && isBootstrapAdmin(ctx, existing.email)) {
      throw new ConfiguredSuperAdminError();
    }
    const row = await store.updateUser(targetId, { role, updatedAt: ctx.now() });
    if (!row) throw new UserNotFoundError();
    await emit('identity.user.role-changed', { user: toUser(row), previousRole: existing.role });
    return toCurrentUser(row);
  });
}

/**
 * PUT /api/admin/users/{userId}/payment (super admin). Notes omitted keep the current notes;
 * empty or null notes clear them.
 */
export async function setPayment(ctx: IdentityContext, targetId: string, body: { hasPaid: boolean; notes?: string | null }): Promise<CurrentUser> {
  return ctx.uow.write(async (store, emit) => {
    const existing = await store.findUserById(targetId);
    if (!existing) throw new UserNotFoundError();
    const paymentNotes = body.notes === undefined ? existing.paymentNotes : body.notes ? body.notes : null;
    if (existing.hasPaid === body.hasPaid && existing.paymentNotes === paymentNotes) return toCurrentUser(existing);
    const row = await store.updateUser(targetId, { hasPaid: body.hasPaid, paymentNotes, updatedAt: ctx.now() });
    if (!row) throw new UserNotFoundError();
    await emit('identity.user.payment-changed', { user: toUser(row) });
    return toCurrentUser(row);
  });
}
