import { normalizeEmail } from './accounts.js';

/**
 * How many wrong passwords the dev IdP takes before it stops checking them. Successful sign-ins
 * are never counted: a whole office signing in from one address is fine, guessing is not.
 */
export interface FailedLoginLimits {
  /** Wrong passwords for one account from one address; then that address may not try it until the window ends. */
  perAccount: number;
  /** Wrong passwords from one address, whatever the accounts (password spraying); then it may try none. */
  perIp: number;
  /** Failures are remembered this long from the first one; a pause ends with its window. */
  windowMs: number;
}

/**
 * 5 wrong passwords for one account from one address in 15 minutes: a person who mistyped twice
 * and forgot once is not paused, a guesser gets 20 tries an hour. 100 from one address over any
 * accounts: an office of a few hundred people does not mistype that often in 15 minutes.
 */
export const DEFAULT_FAILED_LOGIN_LIMITS: Readonly<FailedLoginLimits> = Object.freeze({ perAccount: 5, perIp: 100, windowMs: 15 * 60_000 });

/** Most counters kept per kind; expired ones go first, then the oldest. */
const KEYS_KEPT = 10_000;

/** Why password checks are paused, and for how long (whole seconds, for Retry-After). */
export interface LoginPause {
  scope: 'account' | 'ip';
  retryAfterSeconds: number;
}

export interface LoginThrottle {
  /** The pause in force for this account from this address, if any: then no password is checked. */
  paused(email: string, ip: string): LoginPause | null;
  /** Counts a wrong password; returns the pause it started, if it reached a limit. */
  failed(email: string, ip: string): LoginPause | null;
  /** A right password: this address's failures for this account are forgiven (not the address's total). */
  succeeded(email: string, ip: string): void;
}

interface Counter {
  count: number;
  resetAt: number;
}

function counters(now: () => number) {
  const map = new Map<string, Counter>();
  const live = (key: string): Counter | undefined => {
    const c = map.get(key);
    if (c && c.resetAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    live,
    add(key: string, windowMs: number): Counter {
      const c = live(key);
      if (c) {
        c.count += 1;
        return c;
      }
      if (map.size >= KEYS_KEPT) {
        for (const [k, v] of map) if (v.resetAt <= now()) map.delete(k);
        if (map.size >= KEYS_KEPT) map.delete(map.keys().next().value!);
      }
      const fresh = { count: 1, resetAt: now() + windowMs };
      map.set(key, fresh);
      return fresh;
    },
    delete: (key: string) => map.delete(key),
  };
}

/** Failed-password counters in memory, per account and address and per address. */
export function createLoginThrottle(limits: FailedLoginLimits = DEFAULT_FAILED_LOGIN_LIMITS, now: () => number = Date.now): LoginThrottle {
  const byAccount = counters(now);
  const byIp = counters(now);
  const accountKey = (email: string, ip: string) => `${ip} ${normalizeEmail(email)}`;
  const pause = (scope: LoginPause['scope'], c: Counter | undefined, limit: number): LoginPause | null =>
    c && c.count >= limit ? { scope, retryAfterSeconds: Math.max(1, Math.ceil((c.resetAt - now()) / 1000)) } : null;

  return {
    paused(email, ip) {
      return pause('account', byAccount.live(accountKey(email, ip)), limits.perAccount) ?? pause('ip', byIp.live(ip), limits.perIp);
    },
    failed(email, ip) {
      const account = byAccount.add(accountKey(email, ip), limits.windowMs);
      const total = byIp.add(ip, limits.windowMs);
      return pause('account', account, limits.perAccount) ?? pause('ip', total, limits.perIp);
    },
    succeeded(email, ip) {
      byAccount.delete(accountKey(email, ip));
    },
  };
}
