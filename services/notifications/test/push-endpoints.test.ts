import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason, startInsideListener, type Cast, type InsideListener } from '@powerpool/testing';
import {
  browserSubscription,
  call,
  castOf,
  deliveriesOf,
  eventually,
  person,
  poolWithPlayers,
  startNotifications,
  type NotificationsHarness,
  type Person,
} from './helpers.js';

const skip = await integrationSkipReason();
const HOUR = 3_600_000;
/** A public-looking push service name whose DNS answers loopback (the harness stands in for DNS). */
const REBINDING_NAME = 'push.rebinding-attack.com';

/**
 * A browser's push endpoint is a URL a player hands the server (docs/notifications.md#push-endpoints).
 * The server must never connect to an inside address on that say-so: refused on subscribe, and,
 * for a name that resolves inside (or a row stored before the check), refused when sending, with
 * a loopback listener standing for the inside service that must see no connection at all.
 */
describe.skipIf(skip)('push endpoints a player hands the server', () => {
  let h: NotificationsHarness;
  let cast: Cast;
  let inside: InsideListener;
  let insidePort: number;

  beforeAll(async () => {
    inside = await startInsideListener();
    insidePort = inside.port;
    // Any public host is allowed here, so every refusal below is the public-address rule's own.
    h = await startNotifications({ PUSH_SERVICE_HOSTS: '*' }, { dns: { [REBINDING_NAME]: ['127.0.0.1'] } });
    cast = await castOf(h);
  });
  afterAll(async () => {
    await h?.close();
    await inside?.close();
  });

  const subscription = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  });
  const subscriptionsOf = (who: Person) =>
    h.runtime.database.sql.query<{ endpoint: string }>('SELECT endpoint FROM notifications.push_subscriptions WHERE user_id = $1 ORDER BY endpoint', [who.id]);

  it('should refuse, with 400 push_endpoint_not_allowed, every endpoint that points inside, and keep none', async () => {
    const p = insidePort;
    const endpoints = [
      `https://127.0.0.1:${p}/push/1`,
      `https://localhost:${p}/push/1`,
      `https://[::1]:${p}/push/1`,
      `https://127.1:${p}/push/1`,
      `https://2130706433:${p}/push/1`,
      `https://0x7f000001:${p}/push/1`,
      `https://0.0.0.0:${p}/push/1`,
      `https://[::ffff:127.0.0.1]:${p}/push/1`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://172.16.0.1/push',
      'https://100.64.0.1/push',
      'https://[fe80::1]/push',
      'https://[fd00::1]/push',
      'https://kubernetes.default.svc/api',
      'https://identity:3000/users',
      'https://nats:4222/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://foo.localhost/push',
      `https://LOCALHOST.:${p}/push/1`,
    ];
    for (const endpoint of endpoints) {
      const res = await call(h, { method: 'POST', url: '/api/notifications/push-subscriptions', who: cast.player, payload: subscription(endpoint) });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ error: 'push_endpoint_not_allowed' });
      expect(res.json().message).toMatch(/^This browser's push endpoint is not accepted: .+ is not a public (address|DNS name)/);
    }
    expect(await subscriptionsOf(cast.player)).toEqual([]);
    expect(inside.connections()).toBe(0);
  });

  it('should never connect when a push service name resolves inside, or a stored endpoint points inside: the subscription is dropped', async () => {
    const [rita, lou] = [await person(h, { role: 'user', name: 'Rita Rebind' }), await person(h, { role: 'user', name: 'Lou Local' })];
    // Rita's endpoint passes the check on subscribe (a public-looking name) ...
    const rebinding = subscription(`https://${REBINDING_NAME}:${insidePort}/push/rita`);
    expect((await call(h, { method: 'POST', url: '/api/notifications/push-subscriptions', who: rita, payload: rebinding })).statusCode).toBe(201);
    // ... and a row kept before the check existed points straight at the inside listener.
    await h.runtime.database.sql.query(
      'INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())',
      [`https://127.0.0.1:${insidePort}/push/stored-before`, rita.id, rebinding.keys.p256dh, rebinding.keys.auth],
    );
    // Lou's browser is at the (trusted) local push service: the nudge's pass is seen to run.
    const louBrowser = browserSubscription(h);
    expect((await call(h, { method: 'POST', url: '/api/notifications/push-subscriptions', who: lou, payload: louBrowser })).statusCode).toBe(201);
    // Only the nudge pushes: turned off before the week is published, the week-published push
    // (on by default) cannot reach Lou first, nor drop Rita's subscriptions before the nudge.
    for (const who of [rita, lou]) {
      const prefs = await call(h, {
        method: 'PUT',
        url: '/api/notifications/preferences',
        who,
        payload: { preferences: [{ kind: 'week_published', channel: 'push', enabled: false }] },
      });
      expect(prefs.statusCode).toBe(200);
    }
    const world = await poolWithPlayers(h, {
      commissioner: cast.commissioner,
      pool: { name: 'Rebinding Pool' },
      players: [rita, lou],
      week: { number: 4, msAhead: 3 * 24 * HOUR },
    });

    expect((await call(h, { method: 'POST', url: `/api/pools/${world.pool.id}/weeks/4/nudge`, who: cast.commissioner })).statusCode).toBe(200);

    await eventually(() => expect(h.push.received(louBrowser.endpoint)).toHaveLength(1));
    await eventually(async () => expect(await subscriptionsOf(rita)).toEqual([]));
    await eventually(async () => {
      const ritaPush = (await deliveriesOf(h, world.pool.id)).find((d) => d.user_id === rita.id && d.kind === 'nudge' && d.channel === 'push');
      expect(ritaPush?.status).toBe('skipped');
    });
    expect(inside.connections()).toBe(0);
  });
});
