import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '@powerpool/dev-idp';
import { unavailableReason, WILD_CARD_PICKS, wildCardBatch } from '@powerpool/testing';
import { eventually, publishWildCardPool, startTestCluster, type TestCluster, type WildCardPool } from './helpers.js';

/**
 * Reminders in cluster mode (docs/notifications.md#exactly-once): two notifications
 * replicas as their own processes, real NATS and PostgreSQL, e-mail over real SMTP to a mail
 * catcher. The Wild Card week is published with its deadline a day away, so the 24-hour picks
 * reminder is due at once; of the pool's three members the player has saved picks, player2 and the
 * commissioner (a member of the pool they made) have not.
 *
 * The SMTP connection goes through a gate that holds it: both replicas claim the due reminders and
 * hang mid-send, and are killed there (SIGKILL). When they come back, the claims' lease runs out and
 * the reminders are sent by whichever replica takes them: each of the two people without picks gets
 * exactly one, the player none. Then the commissioner's Nudge through the gateway (once an hour)
 * and the one-click unsubscribe of the e-mail, with no session.
 */

const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));
const EVENT_WAIT_MS = 30_000;
const LEASE_MS = 4_000;

/** A TCP gate before the mail catcher: while held, connections wait (no SMTP greeting) until released or dropped. */
async function startSmtpGate(target: string) {
  const { hostname, port } = new URL(target);
  let held = true;
  const waiting = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    if (held) {
      waiting.add(socket);
      socket.on('close', () => waiting.delete(socket));
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Connections waiting at the gate. */
    get holding() {
      return waiting.size;
    },
    /** From now on connections pass; the held ones (their senders are gone) are dropped. */
    release() {
      held = false;
      for (const socket of waiting) socket.destroy();
      waiting.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(skipReason !== null)('reminders in cluster mode: two notifications replicas killed mid-send, each reminder sent once', () => {
  let mail: MailCatcher;
  let gate: Awaited<ReturnType<typeof startSmtpGate>>;
  let test: TestCluster | undefined;
  let pool: WildCardPool;
  let db: pg.Client;

  beforeAll(async () => {
    mail = await startMailCatcher();
    gate = await startSmtpGate(mail.smtpUrl);
    test = await startTestCluster({
      replicas: { notifications: 2 },
      env: { SMTP_URL: gate.url, NOTIFICATIONS_TICK_MS: '250', NOTIFICATIONS_LEASE_MS: String(LEASE_MS), NOTIFICATIONS_RETRY_MS: '250' },
      // The kickoff a day away: the picks deadline is 23 h 50 min ahead, inside the 24-hour reminder's window.
      gameDay: { minutes: 10, kickoffInMinutes: 24 * 60 },
    });
    db = new pg.Client({ connectionString: test.databaseUrl });
    await db.connect();
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await test?.stop();
    await gate?.close();
    await mail?.close();
  });

  const remindersTo = (email: string): CaughtMail[] => mail.messages().filter((m) => m.envelopeTo.includes(email) && m.subject.startsWith('Reminder:'));
  const reminderRows = async () =>
    (
      await db.query<{ email: string; status: string; attempts: number }>(
        `SELECT u.email, d.status, d.attempts FROM notifications.deliveries d JOIN notifications.users u ON u.id = d.user_id
         WHERE d.pool_id = $1 AND d.kind = 'picks_reminder' AND d.channel = 'email' ORDER BY u.email`,
        [pool.poolId],
      )
    ).rows;

  it('should send each reminder once when the replicas that claimed it die before sending', async () => {
    try {
      pool = await publishWildCardPool(test!.url);
      // The player saves their picks; player2 and the commissioner do not.
      const poolGameOf = Object.fromEntries(pool.games.map((g) => [g.id, g.poolGameId]));
      await eventually(
        async () =>
          (await pool.players[0]!.post('/api/picks/batch', wildCardBatch(pool.poolId, poolGameOf, WILD_CARD_PICKS.pat))).status === 200 ? true : undefined,
        EVENT_WAIT_MS,
        "the player's picks saved",
      );

      // The save has reached the notifications service's copy (a replica killed while it handled the
      // event would have it redelivered only after JetStream's ack wait, later than this test looks).
      await eventually(
        async () =>
          (
            await db.query(
              `SELECT 1 FROM notifications.picks_saved s JOIN notifications.users u ON u.id = s.user_id
               WHERE s.pool_id = $1 AND u.email = 'player@powerpool.test' AND s.pick_count >= 3`,
              [pool.poolId],
            )
          ).rowCount
            ? true
            : undefined,
        EVENT_WAIT_MS,
        "the player's save known to the notifications service",
      );

      // The replicas claim what is due and wait at the gate, mid-send.
      await eventually(
        async () => ((await reminderRows()).some((r) => r.status === 'sending') && gate.holding > 0 ? true : undefined),
        EVENT_WAIT_MS,
        'a reminder claimed and held mid-send',
      );
      const claimed = (await reminderRows()).filter((r) => r.status === 'sending').map((r) => r.email);
      for (const replica of test!.replicas('notifications')) await replica.kill('SIGKILL');
      gate.release();
      for (const replica of test!.replicas('notifications')) await replica.restart();

      // Once the dead claims' lease runs out, they are sent, once: to the two without picks.
      await eventually(
        async () => (remindersTo('commissioner@powerpool.test').length >= 1 && remindersTo('player2@powerpool.test').length >= 1 ? true : undefined),
        EVENT_WAIT_MS,
        'the reminders sent after the restart',
      );
      // Long enough for a second claim of anything (two leases and more ticks): still one each.
      await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS + 1_000));
      expect(remindersTo('commissioner@powerpool.test')).toHaveLength(1);
      expect(remindersTo('player2@powerpool.test')).toHaveLength(1);
      expect(remindersTo('player@powerpool.test')).toEqual([]);
      for (const m of [...remindersTo('commissioner@powerpool.test'), ...remindersTo('player2@powerpool.test')]) {
        expect(m.envelopeTo).toHaveLength(1);
        expect(m.subject).toMatch(/^Reminder: your Wild Card \(Week 19\) picks for Cluster Wild Card Pool \d+ are due /);
      }
      const rows = await reminderRows();
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
      expect(byEmail['commissioner@powerpool.test']?.status).toBe('sent');
      expect(byEmail['player2@powerpool.test']?.status).toBe('sent');
      // What the dead replicas had claimed was taken over: a second attempt, one e-mail.
      expect(claimed.length).toBeGreaterThan(0);
      for (const email of claimed) expect(byEmail[email]!.attempts, email).toBeGreaterThanOrEqual(2);
      // The player's row, if one was planned before their save arrived, was checked again and skipped.
      if (byEmail['player@powerpool.test']) expect(byEmail['player@powerpool.test'].status).toBe('skipped');
    } catch (err) {
      console.log(`--- cluster output (tail) ---\n${test?.logs}`);
      throw err;
    }
  }, 180_000);

  it('should nudge through the gateway once an hour, and unsubscribe from an e-mail with no session', async () => {
    const nudgePath = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}/nudge`;
    const first = await pool.commissioner.post(nudgePath);
    expect(first.status).toBe(200);
    // The commissioner does not nudge himself, and player2 had the reminder a moment ago: one picks
    // e-mail at a time (docs/notifications.md#one-picks-e-mail-at-a-time), so nobody is e-mailed again.
    expect(await first.json()).toMatchObject({ nudged: 0, justEmailed: 1 });
    const second = await pool.commissioner.post(nudgePath);
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: string }).error).toBe('nudge_too_soon');
    expect((await pool.players[1]!.post(nudgePath)).status).toBe(403);
    const nudges = (email: string) => mail.messages().filter((m) => m.envelopeTo.includes(email) && !m.subject.startsWith('Reminder:'));
    expect(nudges('player2@powerpool.test')).toEqual([]);
    expect(nudges('player@powerpool.test')).toEqual([]);

    // One click in the mail program: a POST to the List-Unsubscribe address, without a session.
    const [reminder] = remindersTo('player2@powerpool.test');
    const link = /^<([^>]+)>$/.exec(reminder!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();
    const target = new URL(link!);
    const res = await fetch(`${test!.url}${target.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const prefs = (await (await pool.players[1]!.get('/api/notifications/preferences')).json()) as {
      preferences: Array<{ kind: string; channel: string; enabled: boolean }>;
    };
    expect(prefs.preferences.find((p) => p.kind === 'picks_reminder' && p.channel === 'email')?.enabled).toBe(false);
  }, 120_000);
});
