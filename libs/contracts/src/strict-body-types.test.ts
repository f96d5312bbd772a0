import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './routes.js';

/**
 * Request bodies are JSON and keep JSON's types: a number is sent as a number, a boolean as a
 * boolean. Only path parameters and query strings (text on the wire) are parsed from strings, with
 * their own schemas (`weekNumberSchema`, `z.coerce`); a body field reuses none of them. This walks
 * every field of every endpoint's body schema and feeds it the string form of numbers and booleans
 * ("16", "3.5", "true"): a field that accepts one and yields a number or a boolean is a coercion.
 */

/** Numbers and booleans whose string forms are fed to every field (their JSON forms are accepted by some). */
const CANDIDATES: Array<number | boolean> = [0, 1, 2, 3, -1, -4, 5, 7, 10, 16, 19, 22, 50, 100, 365, 1000, 2025, 99_999, 0.5, 3.5, -3.5, -7.5, true, false];

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a schema is made of that describe the same value (wrappers, union branches, pipe ends). */
function sameValue(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return [def.innerType!];
    case 'union':
      return def.options!;
    case 'intersection':
      return [def.left!, def.right!];
    case 'pipe':
      return [def.in!, def.out!];
    case 'lazy':
      return [def.getter!()];
    default:
      return [];
  }
}

/** Every field of a body: object properties and array, record and tuple elements, however deep, with its path. */
function fieldsOf(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): Array<{ path: string; schema: z.ZodType }> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const out: Array<{ path: string; schema: z.ZodType }> = [];
  const field = (child: z.ZodType, childPath: string) => {
    out.push({ path: childPath, schema: child });
    out.push(...fieldsOf(child, childPath, seen));
  };
  if (def.type === 'object') for (const [key, child] of Object.entries(def.shape!)) field(child, path ? `${path}.${key}` : key);
  else if (def.type === 'array') field(def.element!, `${path}[]`);
  else if (def.type === 'record') field(def.valueType!, `${path}{}`);
  else if (def.type === 'tuple') [...def.items!, ...(def.rest ? [def.rest] : [])].forEach((item, i) => field(item, `${path}[${i}]`));
  for (const inner of sameValue(schema)) out.push(...fieldsOf(inner, path, seen));
  return out;
}

/** The string forms a field accepts while yielding a number or a boolean: coercions. */
function coercions(schema: z.ZodType): string[] {
  const found: string[] = [];
  for (const candidate of CANDIDATES) {
    const text = String(candidate);
    const result = schema.safeParse(text);
    if (result.success && (typeof result.data === 'number' || typeof result.data === 'boolean')) found.push(JSON.stringify(text));
  }
  return found;
}

/** Every coercing field of a body schema, as `path accepts "16", ...`. */
function coercingFields(body: z.ZodType): string[] {
  const out = new Map<string, string[]>();
  for (const { path, schema } of [{ path: '(body)', schema: body }, ...fieldsOf(body)]) {
    const found = coercions(schema);
    if (found.length > 0) out.set(path, [...new Set([...(out.get(path) ?? []), ...found])]);
  }
  return [...out].map(([path, found]) => `${path} accepts ${found.join(', ')}`);
}

/** Whether a field accepts some number or boolean as JSON (to check the walk reaches the typed fields). */
const acceptsNumberOrBoolean = (schema: z.ZodType) => CANDIDATES.some((c) => schema.safeParse(c).success);

const withBody = ENDPOINTS.filter((e): e is typeof e & { body: z.ZodType } => e.body !== undefined);

describe('request bodies keep JSON types', () => {
  it('should find the coercions this check is about (a coerced number, a coerced boolean, a preprocess, a string-to-number transform)', () => {
    const body = z.object({
      weekNumber: z.coerce.number().int(),
      nested: z.object({ flags: z.array(z.object({ on: z.coerce.boolean() })) }).optional(),
      viaPreprocess: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number()),
      viaTransform: z.union([z.number(), z.string().transform(Number)]).nullable(),
      strict: z.number().int(),
      id: z.string(),
    });
    expect(coercingFields(body).map((f) => f.split(' ')[0])).toEqual(['weekNumber', 'nested.flags[].on', 'viaPreprocess', 'viaTransform']);
  });

  it('should refuse the string form of a number or boolean in every field of every endpoint body', () => {
    const problems = withBody.flatMap((e) => coercingFields(e.body).map((f) => `${e.method} ${e.path}: ${f}`));
    expect(problems).toEqual([]);
  });

  it('should reach the numeric and boolean fields of the bodies (the walk goes into nested objects and arrays)', () => {
    const typed = withBody.flatMap((e) =>
      fieldsOf(e.body)
        .filter((f) => acceptsNumberOrBoolean(f.schema))
        .map((f) => `${e.method} ${e.path} ${f.path}`),
    );
    expect(typed).toEqual(
      expect.arrayContaining([
        'POST /api/picks/batch picks[].weekNumber',
        'POST /api/picks/batch picks[].confidenceRank',
        'POST /api/picks/batch picks[].isPowerPick',
        'POST /api/picks/commissioner-override weekNumber',
      ]),
    );
  });
});
