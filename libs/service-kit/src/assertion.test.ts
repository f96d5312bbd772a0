import { createPrivateKey, sign as edSign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssertionSigner, createAssertionVerifier, generateAssertionKeys, InvalidAssertionError } from './assertion.js';

const user = { id: '3f1c2e9a-0000-4000-8000-000000000001', email: 'pat@powerpool.test', role: 'user' as const };

async function pair() {
  const keys = await generateAssertionKeys();
  return { keys, signer: await createAssertionSigner(keys.privateKeyPem), verifier: await createAssertionVerifier(keys.publicKeyPem) };
}

/** Sign arbitrary header/claims with a real key, to build tokens the signer never would. */
function forge(privateKeyPem: string, header: object, claims: object): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${edSign(null, Buffer.from(input), createPrivateKey(privateKeyPem)).toString('base64url')}`;
}

describe('identity assertion', () => {
  afterEach(() => vi.useRealTimers());

  it('should carry the user and correlation id when signed for a signed-in user', async () => {
    const { signer, verifier } = await pair();
    expect(await verifier.verify(await signer.sign({ user, correlationId: 'c-1' }))).toEqual({ user, correlationId: 'c-1' });
  });

  it('should carry no user when signed for a signed-out caller', async () => {
    const { signer, verifier } = await pair();
    expect(await verifier.verify(await signer.sign({ user: null }))).toEqual({ user: null, correlationId: undefined });
  });

  it('should accept PEM with escaped newlines when read from env', async () => {
    const { keys, signer } = await pair();
    const verifier = await createAssertionVerifier(keys.publicKeyPem.replace(/\n/g, '\\n'));
    expect((await verifier.verify(await signer.sign({ user }))).user).toEqual(user);
  });

  it('should refuse when signed by another key', async () => {
    const a = await pair();
    const b = await pair();
    await expect(b.verifier.verify(await a.signer.sign({ user }))).rejects.toThrow(InvalidAssertionError);
  });

  it('should refuse when the payload was altered after signing', async () => {
    const { signer, verifier } = await pair();
    const [h, , s] = (await signer.sign({ user })).split('.');
    const admin = Buffer.from(
      JSON.stringify({
        iss: 'powerpool-gateway',
        aud: 'powerpool-services',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 60,
        sub: user.id,
        email: user.email,
        role: 'super_admin',
      }),
    ).toString('base64url');
    await expect(verifier.verify(`${h}.${admin}.${s}`)).rejects.toThrow('bad signature');
  });

  it('should refuse when it has expired', async () => {
    const { signer, verifier } = await pair();
    const token = await signer.sign({ user });
    vi.useFakeTimers({ now: Date.now() + 66_000 });
    await expect(verifier.verify(token)).rejects.toThrow('expired');
  });

  it.each([
    [{ alg: 'none', typ: 'JWT' }, 'unexpected header'],
    [{ alg: 'HS256', typ: 'JWT' }, 'unexpected header'],
    [{ alg: 'EdDSA', crit: ['x'] }, 'unexpected header'],
  ])('should refuse header %j', async (header, message) => {
    const { keys, verifier } = await pair();
    const now = Math.floor(Date.now() / 1000);
    await expect(
      verifier.verify(forge(keys.privateKeyPem, header, { iss: 'powerpool-gateway', aud: 'powerpool-services', iat: now, exp: now + 60, anon: true })),
    ).rejects.toThrow(message);
  });

  it.each([
    [{ iss: 'someone-else' }, 'wrong issuer'],
    [{ aud: 'other' }, 'wrong audience'],
    [{ role: 'owner' }, 'missing subject, e-mail or role'],
    [{ sub: '' }, 'missing subject, e-mail or role'],
    [{ exp: 'never' }, 'expired'],
    [{ iat: Math.floor(Date.now() / 1000) + 600 }, 'unacceptable time'],
    [{ exp: Math.floor(Date.now() / 1000) + 86_400, iat: Math.floor(Date.now() / 1000) - 3600 }, 'unacceptable time'],
  ])('should refuse claims overridden by %j', async (override, message) => {
    const { keys, verifier } = await pair();
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: 'powerpool-gateway', aud: 'powerpool-services', iat: now, exp: now + 60, sub: user.id, email: user.email, role: 'user', ...override };
    await expect(verifier.verify(forge(keys.privateKeyPem, { alg: 'EdDSA', typ: 'JWT' }, claims))).rejects.toThrow(message);
  });

  it.each(['', 'a.b', 'a.b.c.d', '!!!.###.$$$'])('should refuse the malformed token %j', async (token) => {
    const { verifier } = await pair();
    await expect(verifier.verify(token)).rejects.toThrow(InvalidAssertionError);
  });

  it('should refuse to start when the key is not Ed25519', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(createAssertionVerifier(publicKey.export({ type: 'spki', format: 'pem' }).toString())).rejects.toThrow('must be Ed25519');
  });
});
