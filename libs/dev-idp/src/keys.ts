import { generateKeyPair, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { DevIdpLogger } from './logger.js';

export const KEYS_FILE = 'dev-idp-keys.json';

/** Private signing keys (RS256 first: the default id_token alg) and the cookie signing keys. */
export interface KeyMaterial {
  jwks: { keys: JsonWebKey[] };
  cookieKeys: string[];
}

const keysFileSchema = z.object({
  version: z.literal(1),
  jwks: z.object({
    keys: z.array(z.looseObject({ kty: z.enum(['RSA', 'EC']), kid: z.string().min(1), alg: z.string(), d: z.string() })).min(1),
  }),
  cookieKeys: z.array(z.string().min(16)).min(1),
});

function generate(type: 'rsa' | 'ec'): Promise<KeyObject> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, _publicKey: KeyObject, privateKey: KeyObject) => (err ? reject(err) : resolve(privateKey));
    if (type === 'rsa') generateKeyPair('rsa', { modulusLength: 2048 }, done);
    else generateKeyPair('ec', { namedCurve: 'P-256' }, done);
  });
}

async function createKeyMaterial(): Promise<KeyMaterial> {
  const [rsa, ec] = await Promise.all([generate('rsa'), generate('ec')]);
  const stamp = Date.now().toString(36);
  return {
    jwks: {
      keys: [
        { ...rsa.export({ format: 'jwk' }), kid: `rs256-${stamp}`, alg: 'RS256', use: 'sig' },
        { ...ec.export({ format: 'jwk' }), kid: `es256-${stamp}`, alg: 'ES256', use: 'sig' },
      ],
    },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Signing and cookie keys, generated at start. With `dataDir` they are kept in
 * `<dataDir>/dev-idp-keys.json` so tokens and cookies issued before a restart stay valid.
 */
export async function loadOrCreateKeys(options: { dataDir?: string; logger?: DevIdpLogger }): Promise<KeyMaterial> {
  if (!options.dataDir) return createKeyMaterial();

  const file = join(options.dataDir, KEYS_FILE);
  try {
    const parsed = keysFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return { jwks: parsed.data.jwks, cookieKeys: parsed.data.cookieKeys };
    options.logger?.warn({ file, problem: parsed.error.message }, 'dev IdP keys file is invalid; generating new keys');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      options.logger?.warn({ file, err }, 'dev IdP keys file is unreadable; generating new keys');
    }
  }

  const material = await createKeyMaterial();
  await mkdir(options.dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ version: 1, ...material }, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, file);
  return material;
}
