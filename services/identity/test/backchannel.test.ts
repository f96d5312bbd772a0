import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason } from '@powerpool/testing';
import { signIn, startIdentity, type IdentityHarness } from './helpers.js';

const skip = await integrationSkipReason();

/**
 * A stand-in for the public gateway in front of the provider: forwards everything to it over real
 * HTTP and records what passed through.
 */
async function startFront(target: () => number): Promise<{ port: number; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = httpRequest({ host: '127.0.0.1', port: target(), method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(skip)('identity back channel to the provider', () => {
  let h: IdentityHarness;
  let front: Awaited<ReturnType<typeof startFront>>;
  let idpPort = 0;

  beforeAll(async () => {
    front = await startFront(() => idpPort);
    h = await startIdentity({
      // The browser reaches the provider through the front; identity is told its own address.
      issuer: (port) => {
        idpPort = port;
        return `http://localhost:${front.port}/dev-idp`;
      },
      env: (idp) => ({ OIDC_BACKCHANNEL_URL: `${idp.listenUrl}/dev-idp` }),
    });
  });
  afterAll(async () => {
    await h?.close();
    await front?.close();
  });

  it('should call discovery, token and userinfo on OIDC_BACKCHANNEL_URL while the browser and the issuer check use the public URL', async () => {
    const s = await signIn(h, 'backchannel@powerpool.test');
    expect(s.user.email).toBe('backchannel@powerpool.test');
    const paths = front.seen.map((line) => line.replace(/\?.*$/, ''));
    // The browser's part went through the front ...
    expect(paths.some((p) => p === 'GET /dev-idp/auth')).toBe(true);
    expect(paths.some((p) => /^POST \/dev-idp\/interaction\/[^/]+\/login$/.test(p))).toBe(true);
    // ... identity's own calls did not.
    expect(paths.filter((p) => /\/(\.well-known\/|token|me|jwks)/.test(p))).toEqual([]);
  });
});
