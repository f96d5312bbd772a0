import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startInsideListener, type InsideListener } from '@powerpool/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard, hostRefusal, isPublicAddress, nonPublicKind, OutboundRefusedError, type ResolveAll } from './outbound.js';

/**
 * The outbound guard (docs/architecture.md#outbound-requests): every spelling of an inside address
 * a hostile player tried, refused; the browsers' push services and public addresses let through;
 * and, with real sockets on loopback, a refused request never reaches the listener.
 */

describe('hostRefusal and the guard refusal of a URL', () => {
  const guard = createOutboundGuard({ protocols: ['https:'] });
  const port = 4443;

  // Every endpoint of the report, and more spellings of the same places.
  const inside = [
    `https://127.0.0.1:${port}/push/1`,
    `https://127.0.0.2:${port}/push/1`,
    `https://localhost:${port}/push/1`,
    `https://LOCALHOST.:${port}/push/1`,
    `https://[::1]:${port}/push/1`,
    `https://127.1:${port}/push/1`,
    `https://2130706433:${port}/push/1`,
    `https://0x7f000001:${port}/push/1`,
    `https://017700000001:${port}/push/1`,
    `https://127.000.000.001:${port}/push/1`,
    `https://0.0.0.0:${port}/push/1`,
    `https://0:${port}/push/1`,
    `https://[::]:${port}/push/1`,
    `https://[::ffff:127.0.0.1]:${port}/push/1`,
    `https://[::ffff:8.8.8.8]:${port}/push/1`,
    `https://[::127.0.0.1]:${port}/push/1`,
    `https://[64:ff9b::127.0.0.1]/push/1`,
    `https://[64:ff9b:1::1]/push/1`,
    `https://[2002:7f00:1::1]/push/1`,
    `https://[2001::1]/push/1`,
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://10.0.0.1/push',
    'https://192.168.1.1/push',
    'https://172.16.0.1/push',
    'https://172.31.255.255/push',
    'https://100.64.0.1/push',
    'https://100.127.255.254/push',
    'https://192.0.0.170/push',
    'https://198.18.0.1/push',
    'https://224.0.0.1/push',
    'https://255.255.255.255/push',
    'https://[fe80::1]/push',
    'https://[fd00::1]/push',
    'https://[fc00::1]/push',
    'https://[fec0::1]/push',
    'https://[ff02::1]/push',
    'https://[2001:db8::1]/push',
    'https://kubernetes.default.svc/api',
    'https://kubernetes.default.svc.cluster.local/api',
    'https://identity:3000/users',
    'https://nats:4222/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://foo.localhost/push',
    'https://printer.local/push',
    'https://router.lan/push',
    'https://push.home.arpa/push',
    'https://push.example/push',
    'https://push.test/push',
    'https://push.example.invalid/push',
  ];

  it.each(inside)('should refuse %s', (url) => {
    expect(guard.refusal(url)).toMatch(/not a public (address|DNS name)/);
  });

  it('should refuse what is not an https URL, and a URL carrying credentials', () => {
    expect(guard.refusal('http://fcm.googleapis.com/fcm/send/x')).toBe('http URLs are not fetched');
    expect(guard.refusal('file:///etc/passwd')).toBe('file URLs are not fetched');
    expect(guard.refusal('https://user:secret@fcm.googleapis.com/fcm/send/x')).toBe('a URL with credentials is not fetched');
    expect(guard.refusal('not a url')).toBe('not a URL');
    // A zone id never gets past the URL parser.
    expect(guard.refusal('https://[fe80::1%25eth0]/push')).toBe('not a URL');
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/cXbx:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGnRgd6wB',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://FCM.googleapis.com./fcm/send/x',
    'https://8.8.8.8/push',
    'https://11.0.0.1/push',
    'https://100.128.0.1/push',
    'https://172.32.0.1/push',
    'https://169.253.255.255/push',
    'https://[2606:4700:4700::1111]/push',
    'https://[64:ff9b::8.8.8.8]/push',
    'https://xn--bcher-kva.xn--p1ai/push',
  ])('should let %s through', (url) => {
    expect(guard.refusal(url)).toBeNull();
  });

  it('should name the kind of address refused', () => {
    expect(nonPublicKind('127.0.0.1')).toBe('loopback');
    expect(nonPublicKind('::1')).toBe('loopback');
    expect(nonPublicKind('[::ffff:7f00:1]')).toBe('IPv4-mapped');
    expect(nonPublicKind('64:ff9b::a00:1')).toBe('NAT64 of private');
    expect(nonPublicKind('100.64.0.1')).toBe('shared address space (CGNAT)');
    expect(nonPublicKind('fe80::1%eth0')).toBe('scoped (zone) address');
    expect(nonPublicKind('fcm.googleapis.com')).toBe('not an IP address');
    expect(isPublicAddress('142.250.185.234')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82a::200a')).toBe(true);
    expect(hostRefusal('identity')).toBe('identity is not a public DNS name (no domain)');
    expect(hostRefusal('metadata.google.internal')).toBe('metadata.google.internal is not a public DNS name (.internal)');
  });
});

describe('createOutboundGuard connections', () => {
  let listener: InsideListener;
  const names: Record<string, string[]> = {};
  /** Stands in for DNS: the names a test gives answer its addresses (a rebinding name answers loopback). */
  const resolve: ResolveAll = async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  };

  beforeAll(async () => {
    listener = await startInsideListener();
  });
  afterAll(() => listener.close());

  function httpsGet(agent: https.Agent, url: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const req = https.get(url, { agent, timeout: 2000 }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
    });
  }

  it('should refuse an https request to a loopback literal before any connection is made', async () => {
    const agent = createOutboundGuard({ resolve }).httpsAgent();
    const before = listener.connections();
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '127.1', '2130706433']) {
      const err = await httpsGet(agent, `https://${host}:${listener.port}/push`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundRefusedError);
    }
    expect(listener.connections()).toBe(before);
  });

  it('should refuse a public-looking name that resolves to loopback, without connecting', async () => {
    names['push.rebinding-attack.com'] = ['127.0.0.1'];
    names['push.v6-loopback.com'] = ['::1'];
    const agent = createOutboundGuard({ resolve }).httpsAgent();
    const before = listener.connections();
    for (const name of ['push.rebinding-attack.com', 'push.v6-loopback.com']) {
      const err = await httpsGet(agent, `https://${name}:${listener.port}/push`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundRefusedError);
      expect((err as OutboundRefusedError).reason).toMatch(/resolves to (127\.0\.0\.1|::1) \(loopback\)/);
    }
    expect(listener.connections()).toBe(before);
  });

  // The look-up alone (no socket: these tests never connect to an address off this machine).
  const lookUp = (guard: ReturnType<typeof createOutboundGuard>, name: string, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ err: unknown; address: unknown; family?: number }>((done) =>
      guard.lookup(name, options, (err, address, family) => done({ err, address, family })),
    );

  it('should refuse a name when any of its answers is not public, and hand over exactly the answers it checked', async () => {
    names['push.mixed-answers.com'] = ['142.250.185.234', '2a00:1450:4001:82a::200a', '10.0.0.7'];
    names['push.public-answers.com'] = ['142.250.185.234', '2a00:1450:4001:82a::200a'];
    let asked = 0;
    const guard = createOutboundGuard({ resolve: (name) => ((asked += 1), resolve(name)) });
    const mixed = await lookUp(guard, 'push.mixed-answers.com', { all: true });
    expect(mixed.err).toBeInstanceOf(OutboundRefusedError);
    expect((mixed.err as OutboundRefusedError).reason).toBe('push.mixed-answers.com resolves to 10.0.0.7 (private)');
    // Asked for IPv4 only, the IPv6 answers are still checked (and the private one refuses the name).
    names['push.v6-private.com'] = ['142.250.185.234', 'fd00::7'];
    expect((await lookUp(guard, 'push.v6-private.com', { family: 4 })).err).toBeInstanceOf(OutboundRefusedError);
    asked = 0;
    expect(await lookUp(guard, 'push.public-answers.com', { all: true })).toEqual({
      err: null,
      address: [
        { address: '142.250.185.234', family: 4 },
        { address: '2a00:1450:4001:82a::200a', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookUp(guard, 'push.public-answers.com', { family: 6 })).toEqual({ err: null, address: '2a00:1450:4001:82a::200a', family: 6 });
    expect(asked).toBe(2);
  });

  it('should connect to an origin the configuration trusts, loopback or not', async () => {
    const agent = createOutboundGuard({ resolve, trustedOrigins: [`https://127.0.0.1:${listener.port}`] }).httpsAgent();
    const before = listener.connections();
    // The listener is no TLS server: the handshake fails, but only after the connection was made.
    await httpsGet(agent, `https://127.0.0.1:${listener.port}/push`).catch(() => undefined);
    expect(listener.connections()).toBe(before + 1);
  });

  describe('the fetch dispatcher', () => {
    let web: http.Server;
    let webOrigin: string;

    beforeAll(async () => {
      web = http.createServer((req, res) => {
        if (req.url === '/redirect-inside') {
          res.writeHead(302, { location: `http://127.0.0.1:${listener.port}/inside` });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('hello');
      });
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      webOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

    const causeOf = (err: unknown) => (err as { cause?: unknown }).cause;

    it('should fetch from a trusted origin, and refuse a redirect from it to an inside address without connecting', async () => {
      const dispatcher = createOutboundGuard({ resolve, trustedOrigins: [webOrigin] }).dispatcher();
      const ok = await fetch(`${webOrigin}/hello`, { dispatcher });
      expect(await ok.text()).toBe('hello');
      const before = listener.connections();
      const err = await fetch(`${webOrigin}/redirect-inside`, { dispatcher }).catch((e: unknown) => e);
      expect(causeOf(err)).toBeInstanceOf(OutboundRefusedError);
      expect(listener.connections()).toBe(before);
    });

    it('should refuse a loopback literal, a local name and a rebinding name without connecting', async () => {
      names['logos.rebinding-attack.com'] = ['127.0.0.1'];
      const dispatcher = createOutboundGuard({ resolve }).dispatcher();
      const before = listener.connections();
      for (const url of [
        `http://127.0.0.1:${listener.port}/x`,
        `http://localhost:${listener.port}/x`,
        `http://logos.rebinding-attack.com:${listener.port}/x`,
      ]) {
        const err = await fetch(url, { dispatcher }).catch((e: unknown) => e);
        expect(causeOf(err)).toBeInstanceOf(OutboundRefusedError);
      }
      expect(listener.connections()).toBe(before);
    });
  });
});
