import { SignJWT, jwtVerify, importPKCS8, importSPKI, exportPKCS8, exportSPKI, generateKeyPair, errors as joseErrors } from 'jose';
import { roleSchema, type Role } from '@powerpool/contracts';

/**
 * The identity assertion: a short-lived EdDSA-signed JWT the gateway attaches to every call it
 * forwards (header `x-powerpool-identity`). Services hold only the public key, so a compromised
 * service cannot mint identities. Signed-out callers get an anonymous assertion (no `sub`).
 */
export const ASSERTION_ISSUER = 'powerpool-gateway';
export const ASSERTION_AUDIENCE = 'powerpool-services';
/** Lifetime of one assertion; the gateway signs per request, so this only bounds replay. */
export const ASSERTION_TTL_SECONDS = 60;
const ALG = 'EdDSA';

/** Who is calling, as the services see it. `null` user: signed out. */
export interface Identity {
  user: { id: string; email: string; role: Role } | null;
  correlationId?: string;
}

/** PEM from an env var: accepts real newlines or `\n` escapes. */
export function normalizePem(pem: string): string {
  return pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
}

export interface AssertionKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh Ed25519 key pair (embedded mode, tests, `make cluster`). */
export async function generateAssertionKeys(): Promise<AssertionKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
}

export interface AssertionSigner {
  sign(identity: Identity): Promise<string>;
}

export async function createAssertionSigner(privateKeyPem: string): Promise<AssertionSigner> {
  const key = await importPKCS8(normalizePem(privateKeyPem), ALG);
  return {
    async sign(identity) {
      const jwt = new SignJWT({
        ...(identity.user ? { email: identity.user.email, role: identity.user.role } : { anon: true }),
        ...(identity.correlationId ? { cid: identity.correlationId } : {}),
      })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setIssuer(ASSERTION_ISSUER)
        .setAudience(ASSERTION_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ASSERTION_TTL_SECONDS}s`);
      if (identity.user) jwt.setSubject(identity.user.id);
      return jwt.sign(key);
    },
  };
}

export interface AssertionVerifier {
  /** Resolves the identity, or rejects with `InvalidAssertionError`. */
  verify(token: string): Promise<Identity>;
}

export class InvalidAssertionError extends Error {
  constructor(reason: string) {
    super(`Invalid identity assertion: ${reason}`);
    this.name = 'InvalidAssertionError';
  }
}

export async function createAssertionVerifier(publicKeyPem: string): Promise<AssertionVerifier> {
  const key = await importSPKI(normalizePem(publicKeyPem), ALG);
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ASSERTION_ISSUER,
          audience: ASSERTION_AUDIENCE,
          algorithms: [ALG],
          maxTokenAge: `${ASSERTION_TTL_SECONDS + 5}s`,
        });
        const correlationId = typeof payload.cid === 'string' ? payload.cid : undefined;
        if (payload.anon === true && !payload.sub) return { user: null, correlationId };
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || typeof payload.email !== 'string' || !role.success) {
          throw new InvalidAssertionError('missing subject, e-mail or role');
        }
        return { user: { id: payload.sub, email: payload.email, role: role.data }, correlationId };
      } catch (err) {
        if (err instanceof InvalidAssertionError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new InvalidAssertionError('expired');
        throw new InvalidAssertionError(err instanceof Error ? err.message : 'unreadable');
      }
    },
  };
}
