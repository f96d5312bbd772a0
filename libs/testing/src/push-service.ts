import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { PUSH_SERVICE_CERTIFICATE, PUSH_SERVICE_KEY } from './push-service-tls.js';

/**
 * A local stand-in for a browser vendor's push service (RFC 8030), for tests: no real push service
 * is reachable from the machines the tests run on. It hands out subscriptions as a browser would
 * (a P-256 key pair and an auth secret each, an endpoint on itself) and, for each message POSTed to
 * an endpoint, does what the push service and the browser do between them: checks the VAPID
 * authorization (RFC 8292), requires a TTL and the aes128gcm content encoding, decrypts the body
 * (RFC 8291, with node:crypto only) and records it. It can be told to answer a subscription as gone
 * (404, 410) or as failing for now (429, 500, 503). It speaks HTTPS, as push services do (and
 * web-push only sends over HTTPS), with a self-signed certificate: a sender trusts it through
 * `agent` or `certificate` (docs/screens.md#push-notifications).
 */

/** What `PushSubscription.toJSON()` gives the app in a browser, and what the app sends its server. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

/** One message the service accepted (201) and decrypted, as the browser's worker would get it. */
export interface ReceivedPush {
  endpoint: string;
  subscription: PushSubscriptionJson;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID claims and key the message was sent with. */
  vapid: { subject: string; publicKey: string; expiresAt: number };
  /** The decrypted payload (empty for a push without a body). */
  plaintext: Buffer;
  /** The payload as UTF-8 text. */
  text: string;
  receivedAt: Date;
}

/** A message the service refused: a forced answer, a bad VAPID token, a bad body or an unknown endpoint. */
export interface RejectedPush {
  endpoint: string;
  status: number;
  reason: string;
  headers: Record<string, string>;
  receivedAt: Date;
}

/**
 * A forced answer for a subscription: `404`/`410` say it is gone (the sender should drop it),
 * `429`/`500`/`503` that the push service cannot take it now (the sender should retry). `times`
 * limits it to the next n messages (then the service accepts them again); without it, it lasts.
 */
export interface ForcedAnswer {
  status: 404 | 410 | 429 | 500 | 503;
  times?: number;
  /** A Retry-After header, in seconds (429, 503). */
  retryAfterSeconds?: number;
}

export interface LocalPushService {
  /** The service's origin, e.g. `https://127.0.0.1:41234` (the `aud` a VAPID token must name). */
  url: string;
  /** The service's self-signed certificate (PEM), to trust it (`ca`). */
  certificate: string;
  /** An HTTPS agent that trusts the service, e.g. web-push's `sendNotification(s, payload, { agent })`. */
  agent: https.Agent;
  /**
   * A new subscription, as a browser's `pushManager.subscribe()` makes one. With
   * `applicationServerKey` (the VAPID public key, base64url), messages signed with another key are
   * refused with 403, as RFC 8292 section 4.2 asks.
   */
  subscribe(options?: { applicationServerKey?: string }): PushSubscriptionJson;
  /** Forget a subscription, as a browser does on unsubscribe: its endpoint answers 410 from then on. */
  unsubscribe(endpoint: string): void;
  /** Answer the subscription's next messages (or all of them) with a status; `null` clears it. */
  answer(endpoint: string, answer: ForcedAnswer | null): void;
  /** Every accepted message, oldest first; only those to `endpoint` when given. */
  received(endpoint?: string): ReceivedPush[];
  /** Every refused message, oldest first; only those to `endpoint` when given. */
  rejected(endpoint?: string): RejectedPush[];
  /** Resolves with the accepted messages (to `endpoint` when given) once there are at least `count`. */
  waitForReceived(count: number, options?: { endpoint?: string; timeoutMs?: number }): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** RFC 8030 section 7.2: a push service must accept 4096 bytes of payload; larger may be refused with 413. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292 section 2: the token's `exp` must be no more than 24 hours after the request. */
const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

const b64u = (bytes: Buffer) => bytes.toString('base64url');
const fromB64u = (text: string) => Buffer.from(text, 'base64url');

interface Subscription {
  json: PushSubscriptionJson;
  privateKey: Buffer;
  authSecret: Buffer;
  applicationServerKey: string | undefined;
  forced: ForcedAnswer | null;
}

/** A refusal of the push service: its HTTP status and why. */
class PushRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decrypt an `aes128gcm` push message body (RFC 8291 section 3, on RFC 8188): the header carries
 * the salt, the record size and the sender's ephemeral public key; the key and nonce come from ECDH
 * with the subscription's private key and HKDF with its auth secret. Throws on any mismatch.
 */
export function decryptPushMessage(input: { body: Buffer; userAgentPrivateKey: Buffer; authSecret: Buffer }): Buffer {
  const { body, authSecret } = input;
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  // RFC 8291 section 4: the key id is the sender's uncompressed P-256 public key.
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 public key`);
  if (recordSize < 18) throw new Error(`record size ${recordSize} too small`);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length === 0) throw new Error('no ciphertext');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(input.userAgentPrivateKey);
  const userAgentPublicKey = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const parts: Buffer[] = [];
  const records = Math.ceil(ciphertext.length / recordSize);
  for (let i = 0; i < records; i++) {
    const record = ciphertext.subarray(i * recordSize, (i + 1) * recordSize);
    if (record.length < 17) throw new Error(`record ${i} too short`);
    // RFC 8188 section 2.3: the nonce is the base nonce XOR the record's sequence number.
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The data ends at the last non-zero byte, the delimiter: 2 for the last record, 1 before it.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = i === records - 1;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error(`record ${i} has no ${last ? 'last' : ''} record delimiter`);
    parts.push(padded.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/**
 * Check a VAPID `Authorization` header (RFC 8292 section 3): `vapid t=<JWT>, k=<public key>`, an
 * ES256 token signed by that key, for this push service's origin, expiring within 24 hours, with a
 * contact (`sub`). Absent or unreadable: 401; present but invalid: 403 (RFC 8292 section 4.2).
 */
function checkVapid(header: string | undefined, origin: string, now: number): ReceivedPush['vapid'] {
  if (!header) throw new PushRefusal(401, 'no Authorization header');
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match) throw new PushRefusal(401, 'Authorization is not the vapid scheme');
  const params = new Map(
    match[1]!.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new PushRefusal(401, 'vapid authorization without t= and k=');
  const [headerPart, claimsPart, signaturePart, ...rest] = token.split('.');
  if (!headerPart || !claimsPart || !signaturePart || rest.length > 0) throw new PushRefusal(401, 'vapid token is not a JWT');

  let jwtHeader: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    jwtHeader = JSON.parse(fromB64u(headerPart).toString('utf8')) as typeof jwtHeader;
    claims = JSON.parse(fromB64u(claimsPart).toString('utf8')) as typeof claims;
  } catch {
    throw new PushRefusal(401, 'vapid token is not readable JSON');
  }
  if (jwtHeader.alg !== 'ES256') throw new PushRefusal(403, `vapid token signed with ${String(jwtHeader.alg)}, not ES256`);
  const publicKey = fromB64u(key);
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new PushRefusal(403, 'vapid k= is not an uncompressed P-256 public key');
  let valid: boolean;
  try {
    const jwk = { kty: 'EC', crv: 'P-256', x: b64u(publicKey.subarray(1, 33)), y: b64u(publicKey.subarray(33)) };
    valid = verify(
      'sha256',
      Buffer.from(`${headerPart}.${claimsPart}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      fromB64u(signaturePart),
    );
  } catch {
    throw new PushRefusal(403, 'vapid k= is not a point on P-256');
  }
  if (!valid) throw new PushRefusal(403, 'vapid token signature does not match k=');
  if (claims.aud !== origin) throw new PushRefusal(403, `vapid aud ${String(claims.aud)} is not ${origin}`);
  const nowSeconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new PushRefusal(403, 'vapid token expired or without exp');
  if (claims.exp > nowSeconds + MAX_VAPID_LIFETIME_SECONDS) throw new PushRefusal(403, 'vapid exp more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new PushRefusal(403, 'vapid sub is not a mailto: or https: contact');
  return { subject: claims.sub, publicKey: key, expiresAt: claims.exp };
}

/** Start a local push service on https://127.0.0.1 (a free port). Close it with `close()`. */
export async function startPushService(): Promise<LocalPushService> {
  const subscriptions = new Map<string, Subscription>();
  const gone = new Set<string>();
  const accepted: ReceivedPush[] = [];
  const refused: RejectedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const endpoint = `${origin}${req.url ?? ''}`;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const receivedAt = new Date();
    const refuse = (status: number, reason: string, extra: Record<string, string> = {}) => {
      refused.push({ endpoint, status, reason, headers, receivedAt });
      res.writeHead(status, { 'content-type': 'text/plain', ...extra }).end(reason);
    };

    if (req.method !== 'POST') return refuse(405, `${req.method} is not a push`);
    const subscription = subscriptions.get(endpoint);
    if (!subscription) return refuse(gone.has(endpoint) ? 410 : 404, gone.has(endpoint) ? 'subscription gone' : 'no such subscription');
    const forced = subscription.forced;
    if (forced) {
      if (forced.times !== undefined && --forced.times <= 0) subscription.forced = null;
      return refuse(
        forced.status,
        `answered ${forced.status} as told`,
        forced.retryAfterSeconds !== undefined ? { 'retry-after': String(forced.retryAfterSeconds) } : {},
      );
    }
    try {
      const vapid = checkVapid(headers.authorization, origin, receivedAt.getTime());
      if (subscription.applicationServerKey !== undefined && vapid.publicKey !== subscription.applicationServerKey) {
        throw new PushRefusal(403, 'vapid k= is not the key the subscription was made with');
      }
      // RFC 8030 section 5.2: a request without TTL is refused with 400.
      const ttl = Number(headers.ttl);
      if (headers.ttl === undefined || headers.ttl === '' || !Number.isInteger(ttl) || ttl < 0) throw new PushRefusal(400, 'no valid TTL header');
      if (body.length > MAX_BODY_BYTES) throw new PushRefusal(413, `payload of ${body.length} bytes`);
      let plaintext: Buffer = Buffer.alloc(0);
      if (body.length > 0) {
        if (headers['content-encoding'] !== 'aes128gcm')
          throw new PushRefusal(400, `Content-Encoding ${headers['content-encoding'] ?? 'missing'}, not aes128gcm`);
        try {
          plaintext = decryptPushMessage({ body, userAgentPrivateKey: subscription.privateKey, authSecret: subscription.authSecret });
        } catch (err) {
          throw new PushRefusal(400, `cannot decrypt: ${(err as Error).message}`);
        }
      }
      accepted.push({
        endpoint,
        subscription: subscription.json,
        headers,
        ttl,
        urgency: headers.urgency,
        topic: headers.topic,
        vapid,
        plaintext,
        text: plaintext.toString('utf8'),
        receivedAt,
      });
      for (const wake of waiters) wake();
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}`, ttl: String(ttl) }).end();
    } catch (err) {
      if (!(err instanceof PushRefusal)) throw err;
      refuse(err.status, err.message);
    }
  }

  const server = https.createServer({ cert: PUSH_SERVICE_CERTIFICATE, key: PUSH_SERVICE_KEY }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: PUSH_SERVICE_CERTIFICATE, keepAlive: false });

  const only = <T extends { endpoint: string }>(list: T[], endpoint?: string) =>
    endpoint === undefined ? [...list] : list.filter((m) => m.endpoint === endpoint);

  return {
    url: origin,
    certificate: PUSH_SERVICE_CERTIFICATE,
    agent,
    subscribe(options = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const json: PushSubscriptionJson = {
        endpoint: `${origin}/push/${randomBytes(24).toString('base64url')}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
      };
      subscriptions.set(json.endpoint, {
        json,
        privateKey: ecdh.getPrivateKey(),
        authSecret,
        applicationServerKey: options.applicationServerKey,
        forced: null,
      });
      return json;
    },
    unsubscribe(endpoint) {
      if (subscriptions.delete(endpoint)) gone.add(endpoint);
    },
    answer(endpoint, answer) {
      const subscription = subscriptions.get(endpoint);
      if (!subscription) throw new Error(`no subscription ${endpoint}`);
      subscription.forced = answer && { ...answer };
    },
    received: (endpoint) => only(accepted, endpoint),
    rejected: (endpoint) => only(refused, endpoint),
    waitForReceived(count, { endpoint, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const list = only(accepted, endpoint);
          if (list.length < count) return;
          cleanup();
          resolve(list);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${only(accepted, endpoint).length} of ${count} push messages after ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
