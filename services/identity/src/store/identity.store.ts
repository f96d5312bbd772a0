import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@powerpool/service-kit';
import type { Role } from '@powerpool/contracts';
import { loginAttempts, sessions, users, type LoginAttemptRow, type SessionRow, type UserRow } from './schema.js';

export interface NewUser {
  id: string;
  issuer: string;
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/**
 * All of identity's SQL. Pass a transaction (`tx` from `db.transaction`) as `db` to make several
 * calls atomic.
 */
export function createIdentityStore(db: Db) {
  return {
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findUserBySubject(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
      return row;
    },

    /** Insert, or return the existing row when a concurrent sign-in inserted it first. */
    async insertUser(user: NewUser, now: Date): Promise<{ row: UserRow; created: boolean }> {
      const inserted = await db
        .insert(users)
        .values({ ...user, hasPaid: false, paymentNotes: null, displayName: null, createdAt: now, updatedAt: now, lastSignInAt: now })
        .onConflictDoNothing({ target: [users.issuer, users.subject] })
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      const existing = await this.findUserBySubject(user.issuer, user.subject);
      if (!existing) throw new Error('user vanished during insert');
      return { row: existing, created: false };
    },

    async updateUser(id: string, patch: Partial<Omit<UserRow, 'id' | 'issuer' | 'subject' | 'createdAt'>>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },

    /** Every user, oldest first. */
    async listUsers(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
    },

    async insertSession(row: SessionRow): Promise<void> {
      await db.insert(sessions).values(row);
    },

    async findSessionWithUser(idHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.idHash, idHash));
      return row;
    },

    async touchSession(idHash: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    },

    async deleteSession(idHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning();
      return row;
    },

    async deleteExpiredSessions(now: Date, idleCutoff: Date): Promise<SessionRow[]> {
      return db
        .delete(sessions)
        .where(sql`${sessions.expiresAt} <= ${now.toISOString()}::timestamptz OR ${sessions.lastSeenAt} <= ${idleCutoff.toISOString()}::timestamptz`)
        .returning();
    },

    async insertLoginAttempt(row: LoginAttemptRow): Promise<void> {
      await db.insert(loginAttempts).values(row);
    },

    /** Remove and return the attempt for a state (single use). */
    async takeLoginAttempt(state: string): Promise<LoginAttemptRow | undefined> {
      const [row] = await db.delete(loginAttempts).where(eq(loginAttempts.state, state)).returning();
      return row;
    },

    async deleteExpiredLoginAttempts(now: Date): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, now));
    },
  };
}
