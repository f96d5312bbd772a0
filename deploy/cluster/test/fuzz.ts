/**
 * The contract fuzz: ONE generator, runner and database snapshot, used by the cluster test
 * (fuzz.test.ts, a bounded seeded sample) and the bench (bench/fuzz.bench.ts, 10,000+ requests).
 *
 * Generated from the declarations in libs/contracts (ENDPOINTS): for every endpoint and every
 * caller of the contract world, a valid-looking base input (from the zod schemas through
 * `z.toJSONSchema`) and its mutations: wrong types, numbers and booleans sent as strings (refused
 * whatever the schema says: bodies keep JSON's types), missing and extra fields, prototype keys,
 * huge strings, deep nesting, control characters, invalid UTF-8, numbers out of range, wrong
 * content types, empty bodies, bodies on GET, malformed path parameters and query strings.
 *
 * Whether a mutated request must be refused is decided by the contract itself: the mutated
 * params, query and body are parsed with the endpoint's own schemas (and the caller's role is
 * checked against `roles`, a signed-out caller against `access`). A request the contract refuses
 * must get a 4xx; one the contract admits may succeed. One rule stands above the contract: a number
 * or boolean body field sent as its string form must be refused (a contract that coerces it is
 * wrong, and the fuzz says so).
 */
import http from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import pg from 'pg';
import { z } from 'zod';
import { isErrorCode, pathParams, type Endpoint, type Role } from '@powerpool/contracts';
import { mulberry32 } from '@powerpool/service-kit';
import { WILD_CARD_PICKS, wildCardBatch } from '@powerpool/testing';
import { declaredEndpoints, samplePathParams, WORLD_ROLES, type ContractWorld, type WorldIds, type WorldRole } from './contract-world.js';

// ---- deterministic randomness ----------------------------------------------------------------------

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

// ---- the cases -------------------------------------------------------------------------------------

export interface FuzzCase {
  /** `METHOD /path/:template`. */
  endpoint: string;
  role: WorldRole;
  /** What was mutated, for the failure list (`body.name: NUL`, `path :poolId = %ff`). */
  mutation: string;
  method: string;
  /** The request target as sent on the wire (already encoded; never normalised). */
  target: string;
  body?: string | Uint8Array;
  /** Content type of the body (none sent when undefined). */
  contentType?: string;
  /** The contract (schemas, access, roles) refuses this request: anything but a 4xx is a failure. */
  mustRefuse: boolean;
  /** A number or boolean body field sent as its string form: refused because bodies keep JSON's types. */
  stringForm?: boolean;
  /** A text/event-stream endpoint: only the status and headers are read. */
  stream: boolean;
  /** A browser navigation (sign-in flow): a refusal may be an HTML page rather than JSON. */
  navigation: boolean;
}

/** The platform role each world caller signs in with (anonymous: none). */
const PLATFORM_ROLE: Record<WorldRole, Role | null> = {
  anonymous: null,
  player: 'user',
  otherPlayer: 'user',
  commissioner: 'pool_commissioner',
  otherCommissioner: 'pool_commissioner',
  superAdmin: 'super_admin',
};

/** The access rules of the contract alone refuse this caller (401 signed out, 403 wrong role). */
function refusedByAccess(endpoint: Endpoint, role: WorldRole): boolean {
  const platformRole = PLATFORM_ROLE[role];
  if (endpoint.access === 'session' && platformRole === null) return true;
  if (endpoint.roles && endpoint.roles.length > 0) return platformRole === null || !endpoint.roles.includes(platformRole);
  return false;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  default?: unknown;
};

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The first non-null branch of an `anyOf` (nullable fields, optional bodies). */
function concrete(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) return concrete(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  return schema;
}

function typeOf(schema: JsonSchema): string {
  const s = concrete(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.enum) return typeof s.enum[0];
  return 'unknown';
}

/** A valid-looking value for a field, by its schema and (for ids) its name, from the world. */
function sampleValue(schema: JsonSchema, name: string, ids: WorldIds): unknown {
  const s = concrete(schema);
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) out[key] = sampleValue(child, key, ids);
      return out;
    }
    case 'array':
      return s.items ? [sampleValue(s.items, name, ids)] : [];
    case 'boolean':
      // true: the harmless side of the flags (isActive, hasPaid, testing), so a valid body deactivates nothing.
      return true;
    case 'integer':
    case 'number':
      if (/week/i.test(name)) return ids.weekNumber;
      if (/year/i.test(name)) return ids.year;
      if (/rank/i.test(name)) return 1;
      return Math.max(1, s.minimum ?? 1);
    default: {
      if (/^(target)?userId$/i.test(name)) return ids.userIds.player;
      if (/poolId$/i.test(name)) return ids.poolId;
      if (/gameIds?$|CompetitionId$/i.test(name)) return ids.gameId;
      if (/weekId$/.test(name)) return `${ids.year}:${ids.weekNumber}`;
      if (s.format === 'uuid') return ids.poolId;
      // A browser's push subscription (notifications): its push service is an https URL.
      if (name === 'endpoint') return 'https://push.fuzz.invalid/subscription/fuzz';
      return 'fuzz value'.padEnd(s.minLength ?? 1, 'x');
    }
  }
}

/** The player's Wild Card picks (libs/testing), by ESPN ids (the pool game id is optional). */
const wildCardPicks = (ids: WorldIds) => wildCardBatch(ids.poolId, {}, WILD_CARD_PICKS.pat).picks.map(({ poolGameId: _, ...pick }) => pick);

/**
 * Bodies the domain accepts too, where the schema alone cannot say what makes sense (a full,
 * ranked set of picks on the published week's games): mutating one field of these reaches
 * the domain and the database rather than stopping at "Incomplete Picks".
 */
const DOMAIN_VALID_BODIES: Record<string, (ids: WorldIds) => unknown> = {
  'POST /api/picks/batch': (ids) => ({ weekId: `${ids.year}:${ids.weekNumber}`, picks: wildCardPicks(ids) }),
  'POST /api/picks/commissioner-override': (ids) => ({
    targetUserId: ids.userIds.player,
    poolId: ids.poolId,
    weekNumber: ids.weekNumber,
    picks: wildCardPicks(ids),
    overrideReason: 'fuzz: the player asked by phone',
  }),
};

/**
 * A valid body for the endpoint, from its schema (sampleValue), then repaired with the schema's own
 * verdict: an optional field zod refuses is left out, so that each mutation below changes one
 * thing of a body that was valid (a base refused as a whole would hide every mutation's effect).
 * Throws when a required field cannot be made valid: add a rule for it to sampleValue.
 */
export function validBody(endpoint: Endpoint, ids: WorldIds): unknown {
  if (!endpoint.body) return undefined;
  const schema = jsonSchemaOf(endpoint.body);
  let base = DOMAIN_VALID_BODIES[`${endpoint.method} ${endpoint.path}`]?.(ids) ?? sampleValue(schema, '', ids);
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = endpoint.body.safeParse(base);
    if (result.success) return base;
    const issue = result.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const leaf = leavesOf(schema, base).find((l) => l.path.join('.') === path.join('.'));
    if (!leaf || leaf.required) throw new Error(`${endpoint.method} ${endpoint.path}: no valid sample for ${path.join('.') || '(body)'}: ${issue.message}`);
    base = deleteAt(base, leaf.path);
  }
  throw new Error(`${endpoint.method} ${endpoint.path}: no valid sample body`);
}

type Path = Array<string | number>;
interface Leaf {
  path: Path;
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a body (nested objects and the first element of arrays), with its schema. */
function leavesOf(schema: JsonSchema, value: unknown, path: Path = [], depth = 0): Leaf[] {
  const s = concrete(schema);
  const out: Leaf[] = [];
  if (depth > 3) return out;
  if (typeOf(s) === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      const childPath = [...path, key];
      out.push({ path: childPath, schema: child, required: (s.required ?? []).includes(key) });
      out.push(...leavesOf(child, (value as Record<string, unknown>)[key], childPath, depth + 1));
    }
  } else if (typeOf(s) === 'array' && Array.isArray(value) && value.length > 0 && s.items) {
    out.push(...leavesOf(s.items, value[0], [...path, 0], depth + 1));
  }
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

function deleteAt(root: unknown, path: Path): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[path.at(-1)!];
  return copy;
}

const label = (path: Path) => (path.length ? path.join('.') : '(body)');

/** The same text with `"__MARK__"` replaced by raw JSON (what JSON.stringify cannot write). */
function withRaw(value: unknown, raw: string): string {
  return JSON.stringify(value).replace('"__MARK__"', raw);
}

/** The gateway's (and the services') body limit: 1 MiB. */
const BODY_LIMIT = 1024 * 1024;
/** Over the body limit, made once. */
const HUGE_TEXT = 'x'.repeat(2 * BODY_LIMIT);
/** Just under the body limit once in a body, made once. */
const UNDER_LIMIT_TEXT = 'y'.repeat(BODY_LIMIT - 2_000);
const DEPTH = 10_000;

interface BodyMutation {
  mutation: string;
  body: string | Uint8Array;
  contentType?: string;
  /** Invalid by construction (not JSON, wrong media type, too large): refused whatever the schema. */
  invalid?: boolean;
  /**
   * A number or boolean field sent as its string form ("16", "true"): refused whatever the schema
   * says, because bodies keep JSON's types (no coercion in a body schema; the contract's own check
   * is libs/contracts/src/strict-body-types.test.ts). Never left out of a sample.
   */
  stringForm?: boolean;
}

const CONTROL: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['ESC sequence', '\u001b[31m'],
  ['DEL', '\u007f'],
  ['BEL+CR+LF', 'a\u0007\r\nb'],
];

/** Raw JSON values a field may be given instead of its own. */
const WRONG_TYPES: Record<string, string[]> = {
  string: ['12345', 'true', 'null', '[]', '{}', '["a"]'],
  integer: ['"12"', '"abc"', 'true', 'null', '[]', '{}', '1.5'],
  number: ['"1.5"', '"abc"', 'false', 'null', '[]', '{}'],
  boolean: ['"true"', '1', '0', 'null', '[]', '{}'],
  object: ['"x"', '1', 'true', 'null', '[]'],
  array: ['"x"', '1', 'true', 'null', '{}', '[[["deep"]]]'],
  unknown: ['{"a":{"b":{}}}', '[]'],
};

const OUT_OF_RANGE = [
  '1e309',
  '-1e309',
  '9007199254740993',
  '99999999999999999999999',
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '-0',
  '1e-400',
  '4294967296',
];

function bodyMutations(schema: JsonSchema, base: unknown): BodyMutation[] {
  const out: BodyMutation[] = [];
  const json = (mutation: string, value: unknown) => out.push({ mutation, body: JSON.stringify(value) });
  const raw = (mutation: string, body: string | Uint8Array, extra: Partial<BodyMutation> = {}) => out.push({ mutation, body, ...extra });
  const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
  const leaves = leavesOf(schema, base);

  for (const leaf of leaves) {
    const at = label(leaf.path);
    const type = typeOf(leaf.schema);
    for (const wrong of WRONG_TYPES[type] ?? WRONG_TYPES.unknown!) raw(`${at}: wrong type ${wrong}`, withRaw(setAt(base, leaf.path, '__MARK__'), wrong));
    if (leaf.required) json(`${at}: missing`, deleteAt(base, leaf.path));
    if (type === 'string') {
      for (const [name, chars] of CONTROL) json(`${at}: ${name}`, setAt(base, leaf.path, `fuzz${chars}value`));
      raw(`${at}: lone surrogate \\ud800`, withRaw(setAt(base, leaf.path, '__MARK__'), '"a\\ud800b"'));
      raw(`${at}: escaped NUL \\u0000`, withRaw(setAt(base, leaf.path, '__MARK__'), '"\\u0000"'));
      json(`${at}: empty`, setAt(base, leaf.path, ''));
      json(`${at}: whitespace only`, setAt(base, leaf.path, ' \t '));
      json(`${at}: SQL metacharacters`, setAt(base, leaf.path, "'; DROP TABLE pools; --"));
      json(`${at}: 100 KB`, setAt(base, leaf.path, 'x'.repeat(100_000)));
      json(`${at}: just under the body limit`, setAt(base, leaf.path, UNDER_LIMIT_TEXT));
      raw(`${at}: 2 MB (over the body limit)`, JSON.stringify(setAt(base, leaf.path, HUGE_TEXT)), { invalid: true });
      // Invalid UTF-8 inside the string: the bytes 0xff 0xfe where the text goes.
      const [before, after] = JSON.stringify(setAt(base, leaf.path, '__MARK__')).split('__MARK__') as [string, string];
      raw(`${at}: invalid UTF-8 bytes`, Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe, 0xc0, 0x80]), Buffer.from(after)]));
    }
    const value = valueAt(base, leaf.path);
    if ((typeof value === 'number' || typeof value === 'boolean') && !allowsString(leaf.schema)) {
      out.push({
        mutation: `${at}: ${JSON.stringify(String(value))} (the string form of ${value})`,
        body: JSON.stringify(setAt(base, leaf.path, String(value))),
        stringForm: true,
      });
    }
    if (type === 'integer' || type === 'number') {
      for (const n of OUT_OF_RANGE) raw(`${at}: number ${n}`, withRaw(setAt(base, leaf.path, '__MARK__'), n));
      raw(`${at}: NaN (not JSON)`, withRaw(setAt(base, leaf.path, '__MARK__'), 'NaN'));
      raw(`${at}: Infinity (not JSON)`, withRaw(setAt(base, leaf.path, '__MARK__'), 'Infinity'));
    }
    if (type === 'array') {
      const item = sampleItem(leaf, base) ?? 1;
      json(
        `${at}: 10,000 elements`,
        setAt(
          base,
          leaf.path,
          Array.from({ length: 10_000 }, () => item),
        ),
      );
    }
    raw(`${at}: nested ${DEPTH} deep`, withRaw(setAt(base, leaf.path, '__MARK__'), '['.repeat(DEPTH) + ']'.repeat(DEPTH)));
  }

  if (isObject) {
    json('extra field', { ...base, unexpected: 'field' });
    raw('prototype key __proto__', `{"__proto__":{"role":"super_admin","isAdmin":true},${JSON.stringify(base).slice(1)}`);
    raw('prototype key constructor.prototype', `{"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(base).slice(1)}`);
    raw('key "prototype"', `{"prototype":{"isAdmin":true},${JSON.stringify(base).slice(1)}`);
    raw('duplicate keys', JSON.stringify(base).replace(/^\{/, '{"__dup":1,"__dup":2,'));
    json('empty object', {});
  }
  raw('object nested 10,000 deep', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH));
  raw('array nested 10,000 deep', '['.repeat(DEPTH) + ']'.repeat(DEPTH));
  // As deep as fits under the body limit (a recursive parser or validator would blow its stack).
  raw('array nested 500,000 deep', '['.repeat(500_000) + ']'.repeat(500_000));
  raw('object with 50,000 keys', `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`);
  raw('empty body (JSON content type)', '');
  for (const v of ['null', '[]', '"text"', '0', 'true', '[{}]']) raw(`body ${v}`, v);
  raw('truncated JSON', JSON.stringify(base).slice(0, -1));
  raw('not JSON', "{name: 'x'}");
  raw('NUL byte outside strings', `${JSON.stringify(base)}\u0000`);
  raw('invalid UTF-8 (0xff 0xfe)', new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]));
  raw('UTF-16 with a BOM', Buffer.from(`\ufeff${JSON.stringify(base)}`, 'utf16le'), { contentType: 'application/json; charset=utf-16' });
  raw('content type text/plain', JSON.stringify(base), { contentType: 'text/plain', invalid: true });
  raw('content type form', 'name=x&year=2025', { contentType: 'application/x-www-form-urlencoded', invalid: true });
  raw('content type multipart', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', {
    contentType: 'multipart/form-data; boundary=b',
    invalid: true,
  });
  raw('content type application/xml', '<a/>', { contentType: 'application/xml', invalid: true });
  raw('content type with a bogus charset', JSON.stringify(base), { contentType: 'application/json; charset=bogus-8' });
  raw('3 MB of JSON whitespace', ' '.repeat(3 * BODY_LIMIT), { invalid: true });
  return out;
}

function valueAt(base: unknown, path: Path): unknown {
  let node = base as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

function sampleItem(leaf: Leaf, base: unknown): unknown {
  const node = valueAt(base, leaf.path);
  return Array.isArray(node) ? node[0] : undefined;
}

/**
 * The field's contract takes text as well as a number, by design (`weekId`: `2025:19` or `19`): its
 * string form is the contract's, not a coercion. (A coerced number shows as `integer` or `number`
 * here, never as a string.)
 */
function allowsString(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(allowsString);
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** Malformed values for a path parameter: `raw` is inserted into the path as is (already encoded). */
const PATH_VALUES: Array<{ name: string; raw: string }> = [
  { name: 'empty', raw: '' },
  { name: '..', raw: '..' },
  { name: '.', raw: '.' },
  { name: '%00', raw: '%00' },
  { name: 'a%00b', raw: 'a%00b' },
  { name: '%ff (invalid UTF-8)', raw: '%ff' },
  { name: '%c0%80 (overlong NUL)', raw: '%c0%80' },
  { name: '%ed%a0%80 (surrogate)', raw: '%ed%a0%80' },
  { name: 'lone %', raw: '%' },
  { name: '%2F (encoded slash)', raw: 'a%2Fb' },
  { name: '%2e%2e', raw: '%2e%2e' },
  { name: 'control characters', raw: encodeURIComponent('a\u0001\u001b\u007fb') },
  { name: '10,000 characters', raw: 'x'.repeat(10_000) },
  { name: '300 characters', raw: 'p'.repeat(300) },
  { name: 'SQL quote', raw: encodeURIComponent("1' OR '1'='1") },
  { name: 'SQL comment', raw: encodeURIComponent('1;--') },
  { name: 'regex metacharacters', raw: encodeURIComponent('.*+?^${}()|[]\\') },
  { name: 'not a UUID', raw: 'not-a-uuid' },
  { name: 'UUID missing a digit', raw: '0000000-0000-4000-8000-000000000000' },
  { name: 'nil UUID', raw: '00000000-0000-0000-0000-000000000000' },
  { name: 'unknown UUID', raw: '6f1c2a44-1d7e-4b2a-9a51-3c8d6e0f9b12' },
  { name: 'huge number', raw: '99999999999999999999' },
  { name: 'int4 overflow', raw: '2147483648' },
  { name: 'negative', raw: '-1' },
  { name: 'negative int4 overflow', raw: '-2147483649' },
  { name: 'fraction', raw: '1.5' },
  { name: 'exponent', raw: '1e3' },
  { name: 'Infinity', raw: 'Infinity' },
  { name: 'NaN', raw: 'NaN' },
  { name: 'hex', raw: '0x10' },
  { name: 'spaces', raw: '%20%2019%20' },
  { name: 'unicode', raw: encodeURIComponent('ünï\u202ecode😀') },
  { name: 'prototype', raw: '__proto__' },
  { name: 'constructor', raw: 'constructor' },
];

/** Decoding as a router does; null when the value cannot be decoded (it must be refused). */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Endpoints whose success would take the world apart for the rest of the run (the pool deleted, the
 * player removed or made commissioner, the week moved past PUBLISHED, the invitation gone). A
 * request to one of them that the contract admits is aimed at GHOST ids; every other admitted
 * request goes to the world's own ids, so extreme but valid values reach the domain and the database.
 */
const DESTRUCTIVE = new Set([
  'DELETE /api/admin/pools/:poolId',
  'DELETE /api/pools/:poolId/members/remove/:userId',
  'DELETE /api/admin/users/:userId/pools/:poolId',
  'PUT /api/admin/pools/:poolId/commissioner',
  'PUT /api/admin/users/:userId/role',
  'PATCH /api/pools/:poolId/members/:userId',
  'POST /api/pools/:poolId/weeks/:weekNumber/transition/:target',
  'PUT /api/invitations/:invitationId',
  'DELETE /api/invitations/:invitationId',
]);

/** Path parameters of a destructive endpoint for requests that might be accepted: ids of nothing in the world. */
const GHOST: Record<string, string> = {
  poolId: '0f0f0f0f-0000-4000-8000-00000000dead',
  userId: '0f0f0f0f-0000-4000-8000-00000000beef',
  invitationId: '0f0f0f0f-0000-4000-8000-00000000cafe',
  token: 'ghost-invitation-token',
  scheduleId: '99',
  gameId: '999999999',
};

function fill(endpoint: Endpoint, encoded: Record<string, string>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encoded[name] ?? '');
}

function parses(schema: z.ZodType | undefined, value: unknown): boolean {
  if (!schema) return true;
  return schema.safeParse(value).success;
}

/** Malformed values for a query parameter (`raw`: already encoded, or deliberately not). */
const QUERY_VALUES: Array<{ name: string; raw: string }> = [
  { name: 'empty', raw: '' },
  { name: '%00', raw: '%00' },
  { name: '%ff', raw: '%ff' },
  { name: 'control characters', raw: encodeURIComponent('a\u0001\u001bb') },
  { name: '10,000 characters', raw: 'q'.repeat(10_000) },
  { name: 'not a UUID', raw: 'not-a-uuid' },
  { name: 'SQL quote', raw: encodeURIComponent("' OR 1=1--") },
  { name: 'huge number', raw: '99999999999999999999' },
];

export interface GenerateOptions {
  seed: number;
  /**
   * How many cases to keep: the string forms of every numeric and boolean body field for every
   * caller the access rules admit (always, even past the limit), then a seeded sample spread over
   * every endpoint x role.
   */
  limit: number;
}

/**
 * Every case for every declared endpoint and every caller, then a deterministic sample of
 * `limit`: round-robin over the (endpoint, caller) pairs, each pair's cases shuffled with the seed,
 * so every pair is covered before any gets a second case. A pair the contract's access rules
 * refuse outright (signed out, wrong role) is capped at 3 cases: the gateway or the service
 * refuses it before the body matters. Ahead of the sample, never sampled out: every numeric and
 * boolean field of every body sent as its string form ("16", "true") by every caller the access
 * rules admit, each to be refused with a 4xx and no change (bodies keep JSON's types; the
 * contract admitted `"weekNumber": "16"` in picks bodies, path parameter schemas reused in bodies).
 */
export function generateCases(world: Pick<ContractWorld, 'ids'>, options: GenerateOptions): FuzzCase[] {
  // mulberry32 (the kit's, as the slow bus uses): a failing sample can be replayed with its seed.
  const random = mulberry32(options.seed);
  const buckets: FuzzCase[][] = [];
  /** The string forms of numeric and boolean body fields, for every admitted caller: always sent. */
  const pinned: FuzzCase[] = [];
  for (const { title, endpoint } of declaredEndpoints()) {
    const params = samplePathParams(endpoint, world.ids);
    const names = pathParams(endpoint.path);
    const stream = endpoint.produces === 'text/event-stream';
    const navigation = endpoint.browserNavigation === true || endpoint.produces === 'redirect';
    const bodySchema = endpoint.body ? jsonSchemaOf(endpoint.body) : undefined;
    const base = validBody(endpoint, world.ids);
    const baseBody = base === undefined ? undefined : JSON.stringify(base);
    const querySchema = endpoint.query ? jsonSchemaOf(endpoint.query) : undefined;
    const baseQuery: Record<string, string> = {};
    // Already encoded: the mutations below put raw (encoded) values next to them.
    for (const [key, s] of Object.entries(querySchema?.properties ?? {})) baseQuery[key] = encodeURIComponent(String(sampleValue(s, key, world.ids)));
    // Keys of the base query the contract refuses are left out (as for the body: one change at a time).
    for (let attempt = 0; endpoint.query && attempt < 10; attempt++) {
      const result = endpoint.query.safeParse(Object.fromEntries(Object.entries(baseQuery).map(([k, v]) => [k, decodeURIComponent(v)])));
      const key = result.success ? undefined : result.error.issues[0]?.path[0];
      if (typeof key !== 'string' || !(key in baseQuery)) break;
      delete baseQuery[key];
    }
    const queryText = (q: Record<string, string>) => {
      const text = Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return text ? `?${text}` : '';
    };
    const baseQueryText = queryText(baseQuery);

    // The body mutations and whether the contract refuses each, made once per endpoint (the large
    // bodies are shared by the six callers' cases).
    const bodyVariants: Array<{ mutation: string; body: BodyMutation; invalid: boolean }> = [];
    if (bodySchema) {
      for (const m of bodyMutations(bodySchema, base)) {
        let invalid = m.invalid === true || m.stringForm === true;
        if (!invalid) {
          const text = typeof m.body === 'string' ? m.body : Buffer.from(m.body).toString('utf8');
          const utf8Ok = typeof m.body === 'string' || Buffer.from(text, 'utf8').equals(Buffer.from(m.body));
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            invalid = true;
          }
          if (!invalid && (!utf8Ok || (m.contentType && !m.contentType.startsWith('application/json')))) invalid = true;
          if (!invalid && m.contentType?.includes('charset=utf-16')) invalid = true;
          if (!invalid && /"(__proto__|constructor)"/.test(text)) invalid = true;
          if (!invalid && text === '') invalid = true;
          if (!invalid && !parses(endpoint.body, parsed)) invalid = true;
        }
        bodyVariants.push({ mutation: `body ${m.mutation}`, body: m, invalid });
      }
    } else {
      // No body in the contract: a body is out of place (the service may ignore it or refuse it).
      bodyVariants.push(
        { mutation: 'unexpected JSON body', body: { mutation: '', body: '{"unexpected":true,"__proto__":{"x":1}}' }, invalid: false },
        { mutation: 'unexpected body nested 10,000 deep', body: { mutation: '', body: '['.repeat(DEPTH) + ']'.repeat(DEPTH) }, invalid: false },
        { mutation: 'unexpected invalid UTF-8 body', body: { mutation: '', body: new Uint8Array([0xff, 0xfe, 0x00]) }, invalid: false },
        { mutation: 'unexpected text/plain body', body: { mutation: '', body: 'hello', contentType: 'text/plain' }, invalid: false },
        { mutation: 'unexpected 2 MB body', body: { mutation: '', body: HUGE_TEXT, contentType: 'text/plain' }, invalid: true },
      );
    }

    for (const role of WORLD_ROLES) {
      // Signing out ends the caller's session for the rest of the run: only the signed-out caller calls it.
      if (endpoint.path === '/api/logout' && role !== 'anonymous') continue;
      const byAccess = refusedByAccess(endpoint, role);
      const cases: FuzzCase[] = [];
      const add = (mutation: string, encodedParams: Record<string, string>, query: string, body: BodyMutation | undefined, invalid: boolean) => {
        const mustRefuse = byAccess || invalid;
        // A request the contract admits may succeed: aim it at ids of nothing (GHOST) when its success
        // would take the world apart (DESTRUCTIVE).
        let target = fill(endpoint, encodedParams);
        if (!mustRefuse && DESTRUCTIVE.has(title)) {
          const ghosted = { ...encodedParams };
          for (const name of names) if (encodedParams[name] === encodeURIComponent(params[name]!) && GHOST[name]) ghosted[name] = GHOST[name]!;
          target = fill(endpoint, ghosted);
        }
        cases.push({
          endpoint: title,
          role,
          mutation,
          method: endpoint.method,
          target: target + query,
          ...(body ? { body: body.body, contentType: body.contentType ?? 'application/json' } : {}),
          mustRefuse,
          ...(body?.stringForm ? { stringForm: true } : {}),
          stream,
          navigation,
        });
      };
      const encodedParams = Object.fromEntries(names.map((n) => [n, encodeURIComponent(params[n]!)]));

      // Body mutations: refused when the body no longer parses as the contract's body. A number or
      // boolean sent as a string goes to every caller the access rules admit, outside the sample.
      for (const v of bodyVariants) {
        const pin = v.body.stringForm === true && !byAccess;
        add(v.mutation, encodedParams, baseQueryText, v.body, v.invalid);
        if (pin) pinned.push(cases.pop()!);
      }

      // Path parameters: refused when the decoded value no longer parses as the contract's params.
      for (const name of names) {
        for (const v of PATH_VALUES) {
          const value = decoded(v.raw);
          const mutated = { ...params, [name]: value ?? '' };
          const invalid = value === null || value === '' || /^\.\.?$/.test(value) || value.includes('/') || !parses(endpoint.params, mutated);
          add(
            `path :${name} = ${v.name}`,
            { ...encodedParams, [name]: v.raw },
            baseQueryText,
            baseBody === undefined ? undefined : { mutation: '', body: baseBody },
            invalid,
          );
        }
      }

      // Query strings: refused when the parsed query no longer parses as the contract's query.
      if (endpoint.query) {
        const keys = Object.keys(baseQuery);
        const variants: Array<{ name: string; text: string; certain?: boolean }> = [];
        for (const key of keys) {
          for (const v of QUERY_VALUES) variants.push({ name: `?${key} = ${v.name}`, text: queryText({ ...baseQuery, [key]: v.raw }) });
          variants.push({ name: `?${key} repeated`, text: `${queryText(baseQuery)}&${key}=${baseQuery[key]!}` });
          variants.push({ name: `?${key}[]`, text: `?${key}[]=1&${key}[x]=2` });
        }
        variants.push({ name: '?__proto__', text: `${queryText(baseQuery) || '?'}&__proto__=1&constructor[prototype][x]=1` });
        variants.push({ name: 'query of 10,000 parameters', text: `?${Array.from({ length: 10_000 }, (_, i) => `k${i}=v`).join('&')}` });
        for (const variant of variants) {
          const q = parseQuery(variant.text.slice(1));
          const invalid = /%(ff|00)|%[0-9a-f]?$|%0[0-9a-f]|%1[0-9a-f]|%7f/i.test(variant.text) ? false : !parses(endpoint.query, { ...q });
          add(`query ${variant.name}`, encodedParams, variant.text, baseBody === undefined ? undefined : { mutation: '', body: baseBody }, invalid);
        }
      }
      const shuffled = shuffle(cases, random);
      buckets.push(byAccess ? shuffled.slice(0, 3) : shuffled);
    }
  }
  const out: FuzzCase[] = [...pinned];
  for (let round = 0; out.length < options.limit; round++) {
    let any = false;
    for (const bucket of buckets) {
      if (round < bucket.length && out.length < options.limit) {
        out.push(bucket[round]!);
        any = true;
      }
    }
    if (!any) break;
  }
  return out;
}

// ---- sending ---------------------------------------------------------------------------------------

export interface FuzzResult {
  fuzzCase: FuzzCase;
  /** HTTP status, or 0 when there was no answer (timeout, reset). */
  status: number;
  contentType: string;
  /** The start of the reply body, up to 64 KiB (empty for streams). */
  excerpt: string;
  /** The reply body's size in bytes (0 for streams). */
  size: number;
  /** Why there was no answer. */
  error?: string;
}

/**
 * Raw HTTP with node:http, so the target, the body and the headers go out exactly as generated. One
 * connection per request (`agent: false`, `Connection: close`): a pooled socket the server closed
 * after an earlier answer would fail the next request with a reset that is the client's doing, and
 * every request without an answer must be the server's.
 */
export function send(world: ContractWorld, fuzzCase: FuzzCase, timeoutMs: number): Promise<FuzzResult> {
  const url = new URL(world.url);
  const cookie = world.callers[fuzzCase.role].cookie;
  const headers: Record<string, string | number> = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (fuzzCase.body !== undefined) {
    headers['content-length'] = Buffer.byteLength(fuzzCase.body);
    if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
  }
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (result: Omit<FuzzResult, 'fuzzCase'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ fuzzCase, ...result });
    };
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: fuzzCase.method, path: fuzzCase.target, headers, agent: false }, (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (fuzzCase.stream && contentType.startsWith('text/event-stream')) {
          done({ status, contentType, excerpt: '', size: 0 });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 64 * 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => done({ status, contentType, excerpt: Buffer.concat(chunks).toString('utf8'), size }));
        res.on('error', (err) => done({ status, contentType, excerpt: Buffer.concat(chunks).toString('utf8'), size, error: err.message }));
      });
    } catch (err) {
      // The generator made a request node:http cannot send (a defect of the fuzz, reported as such).
      done({ status: 0, contentType: '', excerpt: '', size: 0, error: `not sent: ${(err as Error).message}` });
      return;
    }
    timer = setTimeout(() => {
      done({ status: 0, contentType: '', excerpt: '', size: 0, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => done({ status: 0, contentType: '', excerpt: '', size: 0, error: err.message }));
    if (fuzzCase.body !== undefined) req.end(fuzzCase.body);
    else req.end();
  });
}

/**
 * The largest error reply accepted. The biggest legitimate one quotes a path of up to the 16 KiB
 * header limit ("No API route GET /api/pools/xxxx...").
 */
const MAX_ERROR_REPLY_BYTES = 20 * 1024;

/** What is wrong with an answer, or null. */
export function judge(result: FuzzResult): string | null {
  const { fuzzCase, status } = result;
  // No answer at all (a timeout, a reset) is a hang or a crash. Even a body over the limit gets its
  // 413 before the gateway closes the connection (its lingering close reads the rest).
  if (status === 0) return `no answer: ${result.error}`;
  if (status >= 500) return `${status} (server error)`;
  if (status < 400 && fuzzCase.stringForm) return `${status}: a number or boolean sent as a string was accepted (request bodies keep JSON's types)`;
  if (status < 400) return fuzzCase.mustRefuse ? `${status}: the contract refuses this request, it was accepted` : null;
  if (fuzzCase.navigation && result.contentType.startsWith('text/html')) return result.excerpt.trim() ? null : `${status}: an empty HTML page`;
  if (!result.contentType.startsWith('application/json')) return `${status}: not the JSON error reply (content-type ${result.contentType || 'none'})`;
  // A clear message, not the input echoed back: an error reply stays small whatever was sent.
  if (result.size > MAX_ERROR_REPLY_BYTES) return `${status}: an error reply of ${result.size} bytes (over ${MAX_ERROR_REPLY_BYTES})`;
  let body: unknown;
  try {
    body = JSON.parse(result.excerpt);
  } catch {
    return `${status}: the error reply is not JSON`;
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || !isErrorCode(error)) return `${status}: error code ${JSON.stringify(error)} is not a declared code`;
  if (typeof message !== 'string' || message.trim().length < 3) return `${status}: no human-readable message`;
  return null;
}

// ---- snapshots -------------------------------------------------------------------------------------

/**
 * Columns left out of the snapshot because they change on requests that change no data, each with
 * why. Everything else of every table of every schema is compared (outbox rows and their
 * `published_at` included: a refused request writes no outbox row, and an accepted one's are
 * published before `settledSnapshot` returns).
 */
export const SNAPSHOT_EXCLUSIONS: Record<string, string[]> = {
  // Sliding session expiry: identity touches it (at most once a minute) whenever the gateway
  // resolves a session cookie, refused request or not. It is when, not what.
  'identity.sessions': ['last_seen_at'],
};

/** Tables left out entirely, each with why. */
export const SNAPSHOT_EXCLUDED_TABLES: Record<string, string> = {
  // The live feed's poll lease: renewed on a timer by whichever sports-data-staging holds it (on
  // game days), never by a request.
  'sports.feed_lease': 'renewed on a timer by the live feed, not by requests',
};

export type Snapshot = Map<string, string[]>;

/** Every row of every table of every schema but PostgreSQL's own, as sorted JSON text. */
export async function snapshotDatabase(databaseUrl: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const out: Snapshot = new Map();
    for (const { schema, name } of tables.rows) {
      const key = `${schema}.${name}`;
      if (SNAPSHOT_EXCLUDED_TABLES[key]) continue;
      const excluded = SNAPSHOT_EXCLUSIONS[key] ?? [];
      const rows = await client.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM "${schema}"."${name}" t`);
      out.set(
        key,
        rows.rows
          .map(({ row }) => {
            for (const column of excluded) delete row[column];
            return JSON.stringify(row);
          })
          .sort(),
      );
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The differences between two snapshots, table by table (a few rows each), or [] when equal. */
export function diffSnapshots(before: Snapshot, after: Snapshot, rowsShown = 3): string[] {
  const out: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = new Set(before.get(table) ?? []);
    const b = new Set(after.get(table) ?? []);
    const removed = [...a].filter((r) => !b.has(r));
    const added = [...b].filter((r) => !a.has(r));
    if (removed.length === 0 && added.length === 0) continue;
    out.push(
      `${table}: ${removed.length} row(s) gone, ${added.length} new or changed` +
        removed
          .slice(0, rowsShown)
          .map((r) => `\n    - ${r.slice(0, 400)}`)
          .join('') +
        added
          .slice(0, rowsShown)
          .map((r) => `\n    + ${r.slice(0, 400)}`)
          .join(''),
    );
  }
  return out;
}

/** A snapshot taken once two in a row agree: the effects of accepted requests (events, projections) have settled. */
export async function settledSnapshot(databaseUrl: string, timeoutMs = 30_000): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let previous = await snapshotDatabase(databaseUrl);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await snapshotDatabase(databaseUrl);
    if (diffSnapshots(previous, next).length === 0 || Date.now() > deadline) return next;
    previous = next;
  }
}

// ---- the run ---------------------------------------------------------------------------------------

export interface FuzzFailure {
  endpoint: string;
  role: WorldRole;
  mutation: string;
  status: number;
  problem: string;
  excerpt: string;
}

export interface FuzzReport {
  sent: number;
  /** Answers by status (0: no answer). */
  byStatus: Record<number, number>;
  serverErrors: number;
  /** Requests answered 2xx/3xx (allowed only where the contract admits the mutated request). */
  accepted: number;
  failures: FuzzFailure[];
  /** Chunks of refused requests whose before/after snapshots were compared. */
  comparedChunks: number;
  /** Data changed by a chunk in which every request was refused. */
  dataChanges: string[];
  durationMs: number;
}

export interface RunOptions {
  world: ContractWorld;
  databaseUrl: string;
  cases: FuzzCase[];
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests between two snapshots. */
  chunkSize?: number;
  /** A request with no answer by then is a failure (a hang). */
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Sends the cases in chunks, the ones the contract refuses first. Around each chunk the database
 * is snapshotted; when every request of the chunk was refused (4xx), the two snapshots must be
 * equal. A chunk with an accepted request is not compared, and the next chunk starts from a
 * settled snapshot (the accepted request's events have been projected).
 */
export async function runFuzz(options: RunOptions): Promise<FuzzReport> {
  const { world, databaseUrl } = options;
  const concurrency = options.concurrency ?? 8;
  const chunkSize = options.chunkSize ?? 250;
  const timeoutMs = options.timeoutMs ?? 60_000;

  const started = Date.now();
  const report: FuzzReport = { sent: 0, byStatus: {}, serverErrors: 0, accepted: 0, failures: [], comparedChunks: 0, dataChanges: [], durationMs: 0 };
  // Chunks of refused requests only, then chunks of the rest (so no refused chunk goes uncompared).
  const chunks: FuzzCase[][] = [];
  for (const phase of [options.cases.filter((c) => c.mustRefuse), options.cases.filter((c) => !c.mustRefuse)]) {
    for (let start = 0; start < phase.length; start += chunkSize) chunks.push(phase.slice(start, start + chunkSize));
  }
  const total = options.cases.length;
  try {
    let before = await settledSnapshot(databaseUrl);
    let start = 0;
    for (const chunk of chunks) {
      let next = 0;
      let acceptedInChunk = 0;
      const worker = async () => {
        while (next < chunk.length) {
          const fuzzCase = chunk[next++]!;
          const result = await send(world, fuzzCase, timeoutMs);
          report.sent++;
          report.byStatus[result.status] = (report.byStatus[result.status] ?? 0) + 1;
          if (result.status >= 500) report.serverErrors++;
          if (result.status > 0 && result.status < 400) {
            report.accepted++;
            acceptedInChunk++;
          }
          const problem = judge(result);
          if (problem) {
            report.failures.push({
              endpoint: fuzzCase.endpoint,
              role: fuzzCase.role,
              mutation: fuzzCase.mutation,
              status: result.status,
              problem,
              excerpt: result.excerpt.slice(0, 300),
            });
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      options.onProgress?.(start + chunk.length, total);
      if (acceptedInChunk === 0) {
        const after = await snapshotDatabase(databaseUrl);
        report.comparedChunks++;
        const diff = diffSnapshots(before, after);
        if (diff.length > 0) {
          const endpoints = [...new Set(chunk.map((c) => c.endpoint))].slice(0, 10).join(', ');
          report.dataChanges.push(
            `requests ${start + 1}-${start + chunk.length} (all refused; endpoints ${endpoints}...) changed data:\n  ${diff.join('\n  ')}`,
          );
        }
        before = after;
      } else {
        before = await settledSnapshot(databaseUrl);
      }
      start += chunk.length;
    }
  } finally {
    report.durationMs = Date.now() - started;
  }
  return report;
}

/** The failures as a readable list (grouped by problem, endpoint and role), for an assertion message. */
export function formatFailures(report: FuzzReport, max = 80): string {
  const lines = report.failures
    .slice(0, max)
    .map((f) => `- ${f.endpoint} as ${f.role}, ${f.mutation}: ${f.problem}${f.excerpt ? `\n    ${f.excerpt.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
  if (report.failures.length > max) lines.push(`... and ${report.failures.length - max} more`);
  return [...lines, ...report.dataChanges.map((d) => `- DATA CHANGED: ${d}`)].join('\n');
}

/** One line of figures: requests, statuses, 5xx, failures, rate. */
export function summary(report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}:${n}`)
    .join(' ');
  const rate = report.sent / Math.max(1, report.durationMs / 1000);
  return `${report.sent} requests in ${(report.durationMs / 1000).toFixed(1)} s (${rate.toFixed(1)}/s), 5xx: ${report.serverErrors}, accepted: ${report.accepted}, failures: ${report.failures.length}, data changes: ${report.dataChanges.length} (${report.comparedChunks} chunks compared); statuses ${statuses}`;
}
