import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@powerpool/contracts';
import { buildPoolSnapshot, memberEventOf, signInThroughGateway, pgliteTemplate } from '@powerpool/testing';
import { startEmbedded, type Embedded } from '../src/index.js';

/**
 * Notifications in embedded mode (docs/notifications.md): the service runs beside the others, its
 * e-mails reach the local mail catcher and are listed at /dev-mail through the gateway, and its
 * endpoints answer through the gateway (the unsubscribe link with no session).
 */
describe('notifications in embedded mode', () => {
  let app: Embedded;
  let admin: { cookie: string; id: string };
  let player: { cookie: string; id: string; email: string };

  const until = async <T>(what: string, get: () => T | undefined | Promise<T | undefined>): Promise<T> => {
    const end = Date.now() + 20_000;
    for (;;) {
      const value = await get();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const signedIn = async (email: string) => {
    const cookie = `${SESSION_COOKIE}=${await signInThroughGateway(app.url, { email, password: 'powerpool' })}`;
    const me = (await (await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string; email: string };
    return { cookie, id: me.id, email: me.email };
  };

  beforeAll(async () => {
    app = await startEmbedded({
      port: 0,
      inMemory: true,
      pgliteFrom: await pgliteTemplate(),
      environment: 'test',
      logLevel: 'warn',
      espnReplay: false,
      notifications: { tickMs: 100 },
    });
    admin = await signedIn('admin@powerpool.test');
    player = await signedIn('player@powerpool.test');
  });
  afterAll(async () => app?.close());

  it('should e-mail a picks reminder to the local mail catcher, list it at /dev-mail, and unsubscribe through the gateway with no session', async () => {
    // What pools-invitations and weeks-workflow announce, on the one bus: a pool, its member, its week published 2 hours before the deadline.
    const { bus } = app.runtime;
    const pool = buildPoolSnapshot(admin.id, { name: 'Embedded Pool', year: 2025 });
    await bus.publish('pools.pool.created', { pool });
    await bus.publish('pools.member.joined', memberEventOf(pool, player.id));
    const deadline = new Date(Date.now() + 2 * 3_600_000);
    await until('the membership', async () =>
      (await app.runtime.database.sql.query('SELECT 1 FROM notifications.pool_members WHERE pool_id = $1', [pool.id])).length ? true : undefined,
    );
    await bus.publish('weeks.week.published', {
      poolId: pool.id,
      year: 2025,
      weekNumber: 2,
      pickDeadline: deadline.toISOString(),
      publishedAt: new Date().toISOString(),
      games: [],
      tiebreakerGameId: null,
    });
    const mail = await until('the reminder e-mail', () => app.mail.messages().find((m) => m.envelopeTo.includes(player.email)));
    expect(mail.subject).toMatch(/^Reminder: your Week 2 picks for Embedded Pool are due /);

    const page = await fetch(`${app.url}/dev-mail`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Reminder: your Week 2 picks for Embedded Pool');

    const link = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(new URL(link).origin).toBe(new URL(app.url).origin);
    const done = await fetch(link, { method: 'POST' });
    expect(done.status).toBe(200);
    const prefs = (await (await fetch(`${app.url}/api/notifications/preferences`, { headers: { cookie: player.cookie } })).json()) as {
      preferences: Array<{ kind: string; channel: string; enabled: boolean }>;
    };
    expect(prefs.preferences).toContainEqual({ kind: 'picks_reminder', channel: 'email', enabled: false });

    // The nudge through the gateway: the super admin may; the player may not.
    const nudgeUrl = `${app.url}/api/pools/${pool.id}/weeks/2/nudge`;
    expect((await fetch(nudgeUrl, { method: 'POST', headers: { cookie: player.cookie } })).status).toBe(403);
    const nudged = await fetch(nudgeUrl, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(nudged.status).toBe(200);
    // The player had the reminder a moment ago: one picks e-mail at a time (docs/notifications.md#one-picks-e-mail-at-a-time).
    expect(await nudged.json()).toMatchObject({ nudged: 0, justEmailed: 1 });
    const again = await fetch(nudgeUrl, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: string }).error).toBe('nudge_too_soon');
  });

  it('should give a signed-in browser the VAPID public key to subscribe with', async () => {
    const res = await fetch(`${app.url}/api/notifications/push/public-key`, { headers: { cookie: player.cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { publicKey: string }).publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await fetch(`${app.url}/api/notifications/push/public-key`)).status).toBe(401);
  });
});
