import { createECDH, createSign } from 'node:crypto';
import webpush, { WebPushError } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPushMessage, startPushService, type LocalPushService } from './push-service.js';

/** RFC 8291 Appendix A: the keys, salt and the message body of the example, base64url. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  userAgentPrivateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const b = (text: string) => Buffer.from(text, 'base64url');

describe('decryptPushMessage', () => {
  it('should decrypt the example message of RFC 8291 Appendix A', () => {
    const plaintext = decryptPushMessage({ body: b(RFC8291.body), userAgentPrivateKey: b(RFC8291.userAgentPrivateKey), authSecret: b(RFC8291.authSecret) });
    expect(plaintext.toString('utf8')).toBe(RFC8291.plaintext);
  });

  it('should refuse the example message when a byte of it or the auth secret is changed', () => {
    const tampered = b(RFC8291.body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => decryptPushMessage({ body: tampered, userAgentPrivateKey: b(RFC8291.userAgentPrivateKey), authSecret: b(RFC8291.authSecret) })).toThrow();
    const otherAuth = b(RFC8291.authSecret);
    otherAuth[0]! ^= 1;
    expect(() => decryptPushMessage({ body: b(RFC8291.body), userAgentPrivateKey: b(RFC8291.userAgentPrivateKey), authSecret: otherAuth })).toThrow();
  });
});

/** A VAPID token signed by hand (RFC 8292), to send what web-push would never send. */
function vapidHeader(input: { privateKey: string; publicKey: string; claims: Record<string, unknown> }): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(b(input.privateKey));
  const pub = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', d: input.privateKey, x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') };
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(input.claims)}`;
  const signature = createSign('sha256').update(unsigned).sign({ key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${input.publicKey}`;
}

/**
 * The local push service (docs/screens.md#push-notifications), with the real web-push package as the
 * sender, as the notifications service sends.
 */
describe('startPushService', () => {
  let service: LocalPushService;
  const vapid = webpush.generateVAPIDKeys();
  const options = () => ({
    vapidDetails: { subject: 'mailto:admin@powerpool.test', publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    agent: service.agent,
    TTL: 3600,
  });

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('should hand out subscriptions as a browser does: an endpoint on itself, a P-256 key and a 16-byte auth secret', () => {
    const subscription = service.subscribe();
    expect(subscription.endpoint.startsWith(`${service.url}/push/`)).toBe(true);
    expect(subscription.expirationTime).toBeNull();
    expect(b(subscription.keys.p256dh)).toHaveLength(65);
    expect(b(subscription.keys.p256dh)[0]).toBe(4);
    expect(b(subscription.keys.auth)).toHaveLength(16);
    expect(service.subscribe().keys.p256dh).not.toBe(subscription.keys.p256dh);
  });

  it('should accept, decrypt and record a message sent by web-push, and answer 201', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const payload = JSON.stringify({ title: 'Picks due in 1 hour', body: 'Week 5 locks at 12:50 PM.', url: '/picks' });
    const result = await webpush.sendNotification(subscription, payload, { ...options(), urgency: 'high', topic: 'reminder-5' });
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${service.url}/message/`));

    const [message] = await service.waitForReceived(1, { endpoint: subscription.endpoint });
    expect(message!.text).toBe(payload);
    expect(message!.subscription).toEqual(subscription);
    expect(message!).toMatchObject({ ttl: 3600, urgency: 'high', topic: 'reminder-5' });
    expect(message!.vapid).toMatchObject({ subject: 'mailto:admin@powerpool.test', publicKey: vapid.publicKey });
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
  });

  it('should refuse with 403 a message signed with another VAPID key than the subscription was made with', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const other = webpush.generateVAPIDKeys();
    const sent = webpush.sendNotification(subscription, 'hello', { ...options(), vapidDetails: { subject: 'mailto:admin@powerpool.test', ...other } });
    await expect(sent).rejects.toMatchObject({ statusCode: 403 });
    expect(service.received(subscription.endpoint)).toEqual([]);
    expect(service.rejected(subscription.endpoint)).toMatchObject([{ status: 403, reason: expect.stringContaining('not the key') }]);
  });

  it('should refuse a token that is not signed by k=, names another audience, is expired or lasts over 24 hours, or has no contact', async () => {
    const subscription = service.subscribe();
    const now = Math.floor(Date.now() / 1000);
    const good = { aud: service.url, exp: now + 3600, sub: 'mailto:admin@powerpool.test' };
    const other = webpush.generateVAPIDKeys();
    const cases: Array<[string, string | undefined, number]> = [
      ['signed by another key', vapidHeader({ privateKey: other.privateKey, publicKey: vapid.publicKey, claims: good }), 403],
      ['another audience', vapidHeader({ ...vapid, claims: { ...good, aud: 'https://push.example.com' } }), 403],
      ['expired', vapidHeader({ ...vapid, claims: { ...good, exp: now - 1 } }), 403],
      ['over 24 hours', vapidHeader({ ...vapid, claims: { ...good, exp: now + 25 * 3600 } }), 403],
      ['no contact', vapidHeader({ ...vapid, claims: { aud: good.aud, exp: good.exp } }), 403],
      ['no authorization', undefined, 401],
    ];
    // A body web-push encrypted for this subscription, so only the authorization differs.
    const details = webpush.generateRequestDetails(subscription, 'hello', options());
    for (const [name, authorization, status] of cases) {
      const headers: Record<string, string> = { ...(details.headers as Record<string, string>) };
      delete headers.Authorization;
      if (authorization) headers.Authorization = authorization;
      const res = await post(subscription.endpoint, headers, details.body);
      expect(res, name).toBe(status);
    }
    // The same token, well made, is accepted: the refusals above are for what each case changed.
    const headers = { ...(details.headers as Record<string, string>), Authorization: vapidHeader({ ...vapid, claims: good }) };
    expect(await post(subscription.endpoint, headers, details.body)).toBe(201);
    expect(service.received(subscription.endpoint)).toHaveLength(1);
    expect(service.rejected(subscription.endpoint).map((r) => r.status)).toEqual(cases.map(([, , status]) => status));
  });

  it('should refuse with 400 a message without TTL, with another encoding or that does not decrypt', async () => {
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'hello', options());
    const headers = details.headers as Record<string, string>;
    const body = details.body;
    const { TTL: _ttl, ...withoutTtl } = headers;
    expect(await post(subscription.endpoint, withoutTtl, body)).toBe(400);
    expect(await post(subscription.endpoint, { ...headers, 'Content-Encoding': 'aesgcm' }, body)).toBe(400);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 1]! ^= 1;
    expect(await post(subscription.endpoint, headers, tampered)).toBe(400);
    // For another subscription (its keys), the body does not decrypt either.
    const other = service.subscribe();
    expect(await post(other.endpoint, headers, body)).toBe(400);
    expect(service.rejected(subscription.endpoint).map((r) => r.reason)).toEqual([
      expect.stringContaining('TTL'),
      expect.stringContaining('aesgcm'),
      expect.stringContaining('cannot decrypt'),
    ]);
    expect(service.received(subscription.endpoint)).toEqual([]);
  });

  it('should refuse with 413 a payload over the 4096 bytes a push service must take', async () => {
    const subscription = service.subscribe();
    const fits = 'x'.repeat(4096 - 86 - 17); // the aes128gcm header (86 bytes), the delimiter and the tag
    expect((await webpush.sendNotification(subscription, fits, options())).statusCode).toBe(201);
    await expect(webpush.sendNotification(subscription, `${fits}x`, options())).rejects.toMatchObject({ statusCode: 413 });
  });

  it('should answer gone subscriptions with 404 or 410, which reach web-push as errors with that status', async () => {
    const gone = service.subscribe();
    service.answer(gone.endpoint, { status: 410 });
    const unknown = { ...service.subscribe(), endpoint: `${service.url}/push/never-handed-out` };
    const unsubscribed = service.subscribe();
    service.unsubscribe(unsubscribed.endpoint);
    for (const [subscription, status] of [
      [gone, 410],
      [unknown, 404],
      [unsubscribed, 410],
    ] as const) {
      const err = await webpush.sendNotification(subscription, 'hello', options()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WebPushError);
      expect(err).toMatchObject({ statusCode: status, endpoint: subscription.endpoint });
    }
    // Twice gone stays gone.
    await expect(webpush.sendNotification(gone, 'again', options())).rejects.toMatchObject({ statusCode: 410 });
  });

  it('should answer 429 or 500 for as many messages as told, then accept them again', async () => {
    const subscription = service.subscribe();
    service.answer(subscription.endpoint, { status: 429, times: 2, retryAfterSeconds: 7 });
    const first = await webpush.sendNotification(subscription, 'one', options()).catch((e: unknown) => e as WebPushError);
    expect(first).toMatchObject({ statusCode: 429 });
    expect((first as WebPushError).headers).toMatchObject({ 'retry-after': '7' });
    await expect(webpush.sendNotification(subscription, 'two', options())).rejects.toMatchObject({ statusCode: 429 });
    expect((await webpush.sendNotification(subscription, 'three', options())).statusCode).toBe(201);
    service.answer(subscription.endpoint, { status: 500, times: 1 });
    await expect(webpush.sendNotification(subscription, 'four', options())).rejects.toMatchObject({ statusCode: 500 });
    expect((await webpush.sendNotification(subscription, 'five', options())).statusCode).toBe(201);
    expect(service.received(subscription.endpoint).map((m) => m.text)).toEqual(['three', 'five']);
  });

  /** POST as a sender would, through the agent that trusts the service; the status. */
  async function post(endpoint: string, headers: Record<string, string>, body: Buffer): Promise<number> {
    const { request } = await import('node:https');
    return new Promise((resolve, reject) => {
      const req = request(endpoint, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, agent: service.agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
});
