import { z } from 'zod';

/** Every error reply of every service and of the gateway has this shape. */
export const errorBodySchema = z.object({
  /** Stable machine code, snake_case (`picks_locked`, `validation_failed`, `forbidden`). */
  error: z.string(),
  /** Human text; where the product fixes a text (docs/screens.md#errors), exactly that text. */
  message: z.string(),
  /** Optional structured detail, e.g. the invalid fields of a body. */
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One invalid field of a request, as listed in `details` of a `validation_failed` error. */
export const fieldIssueSchema = z.object({ field: z.string(), problem: z.string() });

/**
 * Control characters: C0 (U+0000-U+001F) and DEL. PostgreSQL cannot store NUL in text at all (the
 * query fails), and the others have no business in a name, a token or a note; refusing them at
 * the edge answers a 400 naming the field instead of a 500 from the database.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same, minus tab, line feed and carriage return, which multi-line free text may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `value` holds a control character (C0 or DEL). */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** `value` without its control characters (text from a party we cannot refuse, such as an IdP's claims). */
export const withoutControlCharacters = (value: string): string => value.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');

/** The `problem` of a field refused by `text()` or `freeText()`. */
export const CONTROL_CHARACTERS_PROBLEM = 'must not contain control characters';

/**
 * A UTF-16 surrogate without its pair (JSON allows the escape `"\ud800"`). It has no UTF-8 form:
 * the database driver stores U+FFFD in its place, so what was saved would silently differ from
 * what was sent. Refused like a control character.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The `problem` of a field refused for a lone surrogate. */
export const LONE_SURROGATE_PROBLEM = 'must be valid Unicode text';

type StringParams = Parameters<typeof z.string>[0];

/**
 * A one-line string from a client (a name, a slug, a token in a path, a query value): no control
 * characters at all. Every string field of a request body, params or query uses this (or
 * `freeText`) instead of `z.string()`; chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function text(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_PROBLEM)
    .refine((v) => !LONE_SURROGATE.test(v), LONE_SURROGATE_PROBLEM);
}

/** Multi-line free text from a client (a description, notes): tab and newlines allowed, other control characters not. */
export function freeText(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !CONTROL_CHARACTERS_BUT_WHITESPACE.test(v), CONTROL_CHARACTERS_PROBLEM)
    .refine((v) => !LONE_SURROGATE.test(v), LONE_SURROGATE_PROBLEM);
}

export const idParam = text().min(1).max(100);

/**
 * The largest value a PostgreSQL `integer` column holds. A request integer stored in one needs this
 * bound at least (zod's `.int()` admits up to 2^53): past it the INSERT fails, a 500.
 */
export const MAX_STORED_INT = 2_147_483_647;

/** Header names shared by the gateway, the services and the bus. */
export const HEADERS = {
  /** Signed, short-lived identity assertion minted by the gateway for every proxied call. */
  identity: 'x-powerpool-identity',
  /** Correlation id minted by the gateway and forwarded on every hop (HTTP and NATS). */
  correlationId: 'x-correlation-id',
} as const;

export const SERVICE_NAMES = ['identity', 'pools-invitations', 'picks-scoring', 'weeks-workflow', 'sports-data-staging', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
