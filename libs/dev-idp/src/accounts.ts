import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { DevIdpLogger } from './logger.js';

/** The password of every seeded account and of every first-use `@powerpool.test` account. */
export const DEV_PASSWORD = 'powerpool';

/** Addresses in this domain sign in with DEV_PASSWORD and are created on first use. */
export const DEV_EMAIL_DOMAIN = 'powerpool.test';

/** Minimum password length on the sign-up page. */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest first or last name accepted on the sign-up page (the product's own limit). */
export const NAME_MAX_LENGTH = 60;

export interface DevAccountSeed {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** Released as the `powerpool_role` claim. */
  role?: string;
}

/** The accounts every dev IdP starts with (password `powerpool`). */
export const DEV_ACCOUNTS: ReadonlyArray<DevAccountSeed> = Object.freeze([
  { email: 'player@powerpool.test', password: DEV_PASSWORD, givenName: 'Pat', familyName: 'Player' },
  { email: 'player2@powerpool.test', password: DEV_PASSWORD, givenName: 'Casey', familyName: 'Second' },
  {
    email: 'commissioner@powerpool.test',
    password: DEV_PASSWORD,
    givenName: 'Chris',
    familyName: 'Commissioner',
    role: 'pool_commissioner',
  },
  { email: 'admin@powerpool.test', password: DEV_PASSWORD, givenName: 'Alex', familyName: 'Admin', role: 'super_admin' },
]);

export interface Account {
  /** The OIDC `sub`: a UUID derived from the e-mail, so it is stable across restarts and instances. */
  id: string;
  /** Lower-cased. */
  email: string;
  givenName?: string;
  familyName?: string;
  role?: string;
  /** scrypt hash; absent for seeded and first-use accounts, which use DEV_PASSWORD. */
  passwordHash?: string;
  origin: 'seed' | 'first-use' | 'sign-up';
  createdAt: string;
}

export interface SignUpInput {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** Sign-up refused because the address already has an account. */
export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`An account already exists for ${email}`);
    this.name = 'EmailTakenError';
  }
}

export const ACCOUNTS_FILE = 'dev-idp-accounts.json';

const storedAccountSchema = z.object({
  id: z.string().uuid(),
  email: z.string().min(3),
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  role: z.string().optional(),
  passwordHash: z.string().optional(),
  origin: z.enum(['first-use', 'sign-up']),
  createdAt: z.string(),
});
const accountsFileSchema = z.object({ version: z.literal(1), accounts: z.array(storedAccountSchema) });

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const DEV_ADDRESS = /^[^\s@]+@powerpool\.test$/;

/** Whether the address is a `@powerpool.test` one (signs in with DEV_PASSWORD, created on first use). */
export function isDevAddress(email: string): boolean {
  return DEV_ADDRESS.test(normalizeEmail(email));
}

// Fixed namespace for the name-based (v5) account ids.
const ACCOUNT_ID_NAMESPACE = Buffer.from('6f1c0f5e2b9a4d7e8c3a51d2e4b7a9c0', 'hex');

/** UUID v5 (RFC 9562) of the normalized e-mail. */
export function accountIdFor(email: string): string {
  const bytes = createHash('sha1').update(ACCOUNT_ID_NAMESPACE).update(normalizeEmail(email), 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function scrypt(password: string, salt: Buffer, { keyLength, ...options }: ScryptOptions & { keyLength: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { keyLength: SCRYPT.keyLength, N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), {
    keyLength: expected.length,
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

function equalsDevPassword(password: string): boolean {
  const a = createHash('sha256').update(password).digest();
  const b = createHash('sha256').update(DEV_PASSWORD).digest();
  return timingSafeEqual(a, b);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Names for a first-use account from its local part: `jane.doe@` -> Jane Doe, `sam@` -> Sam. */
function namesFromEmail(email: string): { givenName?: string; familyName?: string } {
  const local = email.slice(0, email.indexOf('@'));
  const words = local
    .split(/[._+-]+/)
    .filter((w) => /[a-z]/i.test(w))
    .map(capitalize);
  const [given, ...family] = words;
  return {
    ...(given ? { givenName: given } : {}),
    ...(family.length ? { familyName: family.join(' ') } : {}),
  };
}

export interface AccountStore {
  findById(id: string): Account | undefined;
  findByEmail(email: string): Account | undefined;
  /** The account for these credentials, creating a first-use `@powerpool.test` account if needed. */
  authenticate(email: string, password: string): Promise<Account | undefined>;
  /** Creates an account for any address; throws EmailTakenError when it exists. */
  signUp(input: SignUpInput): Promise<Account>;
  /** Resolves once every pending write to disk is done. */
  flush(): Promise<void>;
}

/**
 * The accounts: seeded ones from code, the rest in memory and, when `dataDir` is given, in
 * `<dataDir>/dev-idp-accounts.json` (written atomically, one write at a time).
 */
export async function createAccountStore(options: { dataDir?: string; logger?: DevIdpLogger }): Promise<AccountStore> {
  const byEmail = new Map<string, Account>();
  const byId = new Map<string, Account>();
  const now = new Date().toISOString();

  const put = (account: Account) => {
    byEmail.set(account.email, account);
    byId.set(account.id, account);
  };

  for (const seed of DEV_ACCOUNTS) {
    const email = normalizeEmail(seed.email);
    put({
      id: accountIdFor(email),
      email,
      givenName: seed.givenName,
      familyName: seed.familyName,
      ...(seed.role ? { role: seed.role } : {}),
      origin: 'seed',
      createdAt: now,
    });
  }

  const file = options.dataDir ? join(options.dataDir, ACCOUNTS_FILE) : undefined;
  if (file && options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    for (const stored of await readAccountsFile(file)) {
      const email = normalizeEmail(stored.email);
      if (byEmail.get(email)?.origin === 'seed') continue;
      put({ ...stored, email });
    }
  }

  let writes: Promise<void> = Promise.resolve();
  const persist = () => {
    if (!file) return;
    const accounts = [...byId.values()].filter((a) => a.origin !== 'seed');
    const body = `${JSON.stringify({ version: 1, accounts }, null, 2)}\n`;
    writes = writes
      .then(async () => {
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, body, { mode: 0o600 });
        await rename(tmp, file);
      })
      .catch((err: unknown) => options.logger?.error({ err, file }, 'could not save dev IdP accounts'));
  };

  /** A new account (first use or sign-up): kept in memory and in the file, and logged with how it came. */
  const add = (account: Account, how: string): Account => {
    put(account);
    persist();
    options.logger?.info({ email: account.email, sub: account.id }, `dev IdP account ${how}`);
    return account;
  };

  return {
    findById: (id) => byId.get(id),
    findByEmail: (email) => byEmail.get(normalizeEmail(email)),

    async authenticate(rawEmail, password) {
      const email = normalizeEmail(rawEmail);
      const existing = byEmail.get(email);
      if (existing) {
        const ok = existing.passwordHash ? await verifyPassword(password, existing.passwordHash) : equalsDevPassword(password);
        return ok ? existing : undefined;
      }
      if (!isDevAddress(email) || !equalsDevPassword(password)) return undefined;
      const account: Account = {
        id: accountIdFor(email),
        email,
        ...namesFromEmail(email),
        origin: 'first-use',
        createdAt: new Date().toISOString(),
      };
      return add(account, 'created on first use');
    },

    async signUp(input) {
      const email = normalizeEmail(input.email);
      if (byEmail.has(email)) throw new EmailTakenError(email);
      const passwordHash = await hashPassword(input.password);
      // Checked again: another sign-up for the same address may have finished while hashing.
      if (byEmail.has(email)) throw new EmailTakenError(email);
      const account: Account = {
        id: accountIdFor(email),
        email,
        givenName: input.givenName,
        familyName: input.familyName,
        passwordHash,
        origin: 'sign-up',
        createdAt: new Date().toISOString(),
      };
      return add(account, 'signed up');
    },

    flush: () => writes,
  };
}

async function readAccountsFile(file: string): Promise<z.infer<typeof storedAccountSchema>[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parsed = accountsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid dev IdP accounts file: ${parsed.error.message}`);
  }
  return parsed.data.accounts;
}
