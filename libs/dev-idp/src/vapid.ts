import { createECDH } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

interface VapidKeys {
  /** The uncompressed P-256 public key, base64url (a browser's applicationServerKey). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

/** A new VAPID key pair (RFC 8292: ECDSA on P-256), in the form web-push and browsers take. */
function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  // The scalar may come back shorter than 32 bytes (leading zeros): VAPID takes exactly 32.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * The development VAPID pair of embedded and cluster mode (docs/notifications.md#web-push): made
 * once and kept in `file`, since browsers subscribed with the public key stop receiving if it
 * changes. Without a file (tests in memory): a new pair.
 */
export async function devVapidKeys(file: string | null): Promise<VapidKeys> {
  if (!file) return generateVapidKeys();
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // Not there yet (or unreadable): make a pair.
  }
  const keys = generateVapidKeys();
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
