import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { Agent as UndiciAgent, buildConnector, type Dispatcher } from 'undici';

export type { Dispatcher };

/**
 * The outbound guard (docs/architecture.md#outbound-requests): every request the server makes to a
 * URL that did not come from its own configuration (a browser's push endpoint, an address in a
 * provider's document, a redirect) goes through it, so no player or provider can make a service
 * connect to a loopback, private, link-local or cluster address (server-side request forgery).
 *
 * Two checks, both in this file:
 * - `refusal(url)`, before anything is stored or sent: the host must be a public IP literal or a
 *   name that can be a public DNS name (`hostRefusal`).
 * - At connection time (`httpsAgent`, `dispatcher`): an IP literal must be public, and a name is
 *   resolved once, refused when ANY address it resolves to is not public (DNS rebinding: a public
 *   name that answers 127.0.0.1), and the socket connects to exactly the addresses checked (no
 *   second look-up between the check and the connection). Redirects go through it too.
 *
 * Origins the server's own configuration names (`trustedOrigins`: ESPN's replay on loopback in
 * embedded mode, a test's local push service) are connected to as they are.
 */

/** A connection or URL the guard refused; `reason` says why, in words for a log or a reply. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly reason: string) {
    super(`Outbound request refused: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

// ---- addresses ---------------------------------------------------------------------------------

/** [first address, prefix length, what it is] of every IPv4 range that is not the public internet (IANA special-purpose registry). */
const IPV4_NOT_PUBLIC: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** The same for IPv6. Everything outside 2000::/3 (global unicast) is refused as well. */
const IPV6_NOT_PUBLIC: ReadonlyArray<readonly [string, number, string]> = [
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments (Teredo, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
];

const ipv4Bytes = (address: string): number[] => address.split('.').map(Number);

/** The 16 bytes of an IPv6 address (net.isIPv6 already true; no zone). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]!));
    text = text.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inPrefix(bytes: readonly number[], base: readonly number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const take = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (base[bit / 8]! & mask)) return false;
  }
  return true;
}

/**
 * What kind of not-public address this is ("loopback", "private", ...), or null when it is a public
 * unicast address. Anything that is not an IP address at all is "not an IP address". IPv4-mapped
 * and IPv4-compatible IPv6 addresses are refused whatever they embed; NAT64 (64:ff9b::/96), which
 * DNS64 hands out for public IPv4 names on IPv6-only networks, is judged by the IPv4 it embeds.
 */
export function nonPublicKind(address: string): string | null {
  const plain = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (net.isIPv4(plain)) {
    const bytes = ipv4Bytes(plain);
    for (const [base, prefix, kind] of IPV4_NOT_PUBLIC) if (inPrefix(bytes, ipv4Bytes(base), prefix)) return kind;
    return null;
  }
  if (!net.isIPv6(plain) || plain.includes('%')) return plain.includes('%') ? 'scoped (zone) address' : 'not an IP address';
  const bytes = ipv6Bytes(plain);
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(16)) return 'unspecified';
  if (zeros(15) && bytes[15] === 1) return 'loopback';
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return 'IPv4-mapped';
  if (zeros(12)) return 'IPv4-compatible';
  if (inPrefix(bytes, ipv6Bytes('64:ff9b::'), 96)) {
    const embedded = nonPublicKind(bytes.slice(12).join('.'));
    return embedded === null ? null : `NAT64 of ${embedded}`;
  }
  if (inPrefix(bytes, ipv6Bytes('fc00::'), 7)) return 'unique local';
  if (inPrefix(bytes, ipv6Bytes('fe80::'), 10)) return 'link-local';
  if (inPrefix(bytes, ipv6Bytes('fec0::'), 10)) return 'site-local';
  if (bytes[0] === 0xff) return 'multicast';
  for (const [base, prefix, kind] of IPV6_NOT_PUBLIC) if (inPrefix(bytes, ipv6Bytes(base), prefix)) return kind;
  if (!inPrefix(bytes, ipv6Bytes('2000::'), 3)) return 'reserved';
  return null;
}

/** A public unicast address (IPv4 or IPv6, with or without brackets). */
export const isPublicAddress = (address: string): boolean => nonPublicKind(address) === null;

// ---- names -------------------------------------------------------------------------------------

/**
 * Last labels that never name a public host: special-use names (RFC 6761, 6762, 7686, 8375,
 * 9476), ICANN's `.internal`, Kubernetes' `.svc` and names private networks use by habit.
 */
const NOT_PUBLIC_TLDS = new Set([
  'localhost',
  'local',
  'internal',
  'svc',
  'cluster',
  'localdomain',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'arpa',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
]);

/**
 * Why a URL's hostname (as `new URL()` gives it: IPv4 spelled in decimal, hex or short forms is
 * already written out as a.b.c.d, IPv6 in brackets) can never be a public host, or null when it
 * can: a public IP literal, or a name of two labels or more whose last label is a top-level name
 * (letters, or an IDN `xn--`) outside NOT_PUBLIC_TLDS. Whether the name's addresses are public is
 * checked when connecting.
 */
export function hostRefusal(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || net.isIP(host)) {
    const kind = nonPublicKind(host);
    return kind === null ? null : `${hostname} is not a public address (${kind})`;
  }
  const labels = host.split('.');
  const tld = labels[labels.length - 1]!;
  if (labels.length < 2 || labels.some((l) => l === '')) return `${hostname} is not a public DNS name (no domain)`;
  if (NOT_PUBLIC_TLDS.has(tld)) return `${hostname} is not a public DNS name (.${tld})`;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return `${hostname} is not a public DNS name`;
  return null;
}

// ---- the guard ---------------------------------------------------------------------------------

/** Every address a name resolves to (default: the system resolver, as Node's sockets use it). */
export type ResolveAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutboundGuardOptions {
  /** Origins from the server's own configuration (`https://host:port`), connected to as they are. */
  trustedOrigins?: readonly string[];
  /** Stands in for DNS in tests (a name that answers a loopback address). */
  resolve?: ResolveAll;
  /** The protocols a URL may have (default https: and http:). */
  protocols?: readonly string[];
}

export interface OutboundGuard {
  /** Why this URL may not be fetched (bad URL, protocol, credentials, a host that is not public), or null. */
  refusal(url: string): string | null;
  /** An https.Agent (for node:https and packages built on it) whose every connection is checked. */
  httpsAgent(options?: https.AgentOptions): https.Agent;
  /**
   * node:net's `lookup` option: resolves once, fails with OutboundRefusedError when any answer is
   * not public, else hands over exactly the addresses it checked (the socket connects to those).
   */
  lookup: LookupFunction;
  /** An undici dispatcher for fetch (`fetch(url, { dispatcher })`) whose every connection is checked, redirects included. */
  dispatcher(): Dispatcher;
}

const DEFAULT_PORT: Readonly<Record<string, string>> = { 'https:': '443', 'http:': '80' };
const hostKey = (hostname: string, port: string | number) => `${hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;

export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const resolve = options.resolve ?? systemResolve;
  const protocols = options.protocols ?? ['https:', 'http:'];
  const trusted = new Set(
    (options.trustedOrigins ?? []).map((origin) => {
      const u = new URL(origin);
      return hostKey(u.hostname, u.port || DEFAULT_PORT[u.protocol] || '');
    }),
  );
  const isTrusted = (host: string, port: string | number) => trusted.has(hostKey(host, port));

  /** node:net's `lookup` option: resolve once, refuse any not-public answer, hand over the addresses checked. */
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (bad) return callback(new OutboundRefusedError(`${hostname} resolves to ${bad.address} (${nonPublicKind(bad.address)})`), '', 0);
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        if (lookupOptions.all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };

  /** Null when a connection to host:port may be made as asked (a name's addresses are checked by `lookup`); else why not. */
  const connectionRefusal = (host: string, port: string | number): string | null => (isTrusted(host, port) ? null : hostRefusal(host.replace(/^\[|\]$/g, '')));

  return {
    lookup,

    refusal(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return 'not a URL';
      }
      if (!protocols.includes(parsed.protocol)) return `${parsed.protocol.replace(/:$/, '')} URLs are not fetched`;
      if (parsed.username || parsed.password) return 'a URL with credentials is not fetched';
      if (isTrusted(parsed.hostname, parsed.port || DEFAULT_PORT[parsed.protocol] || '')) return null;
      return hostRefusal(parsed.hostname);
    },

    httpsAgent(agentOptions = {}) {
      const agent = new https.Agent({ ...agentOptions });
      const create = agent.createConnection.bind(agent);
      // Every socket of the agent is made here: refuse before connecting, and resolve through `lookup`.
      agent.createConnection = (connectOptions, onCreate) => {
        const host = String(connectOptions.host ?? 'localhost');
        const port = connectOptions.port ?? 443;
        const refused = connectionRefusal(host, port);
        // Node's agent takes an error through the callback when no socket is returned: the request fails with it.
        if (refused) {
          onCreate?.(new OutboundRefusedError(refused), undefined as never);
          return undefined;
        }
        return create(isTrusted(host, port) ? connectOptions : { ...connectOptions, lookup }, onCreate);
      };
      return agent;
    },

    dispatcher() {
      const guarded = buildConnector({ lookup });
      const plain = buildConnector({});
      return new UndiciAgent({
        connect: (connectOptions, callback) => {
          const port = connectOptions.port || DEFAULT_PORT[connectOptions.protocol] || '';
          const refused = connectionRefusal(connectOptions.hostname, port);
          if (refused) return callback(new OutboundRefusedError(refused), null);
          return (isTrusted(connectOptions.hostname, port) ? plain : guarded)(connectOptions, callback);
        },
      });
    },
  };
}
