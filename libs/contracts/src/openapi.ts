import { z } from 'zod';
import { errorBodySchema } from './common.js';
import { pathParams, type Endpoint } from './endpoint.js';
import { ERROR_STATUS } from './errors.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  title?: string;
  version?: string;
  /** Server URL the reference's examples use (the gateway's public URL). */
  serverUrl?: string;
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** `/api/pools/:poolId` -> `/api/pools/{poolId}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(e: Endpoint): JsonSchema[] {
  const out: JsonSchema[] = [];
  const params = e.params ? (toSchema(e.params, 'input').properties as Record<string, JsonSchema> | undefined) : undefined;
  for (const name of pathParams(e.path)) {
    out.push({ name, in: 'path', required: true, schema: params?.[name] ?? { type: 'string' } });
  }
  if (e.query) {
    const q = toSchema(e.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

function responses(e: Endpoint): Record<string, unknown> {
  const status = String(e.status ?? (e.produces === 'redirect' ? 302 : 200));
  const out: Record<string, unknown> = {};
  switch (e.produces ?? 'application/json') {
    case 'redirect':
      out[status] = { description: 'Redirect (browser navigation)' };
      break;
    case 'text/event-stream':
      out[status] = {
        description: 'A stream of `data: <json>` lines, each one of the events below',
        content: { 'text/event-stream': { schema: e.events ? toSchema(e.events, 'output') : { type: 'string' } } },
      };
      break;
    case 'text/csv':
      out[status] = { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
      break;
    case 'text/html':
      out[status] = { description: 'A small HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
      break;
    case 'image':
      out[status] = { description: 'An image (its Content-Type says which)', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } };
      break;
    default:
      out[status] = { description: 'OK', content: { 'application/json': { schema: e.reply ? toSchema(e.reply, 'output') : {} } } };
  }
  if (e.params || e.query || e.body) out['400'] = errorResponse('The request is not valid (`validation_failed`, with `details` naming each field)');
  if (e.access === 'session') out['401'] = errorResponse('Not signed in');
  if (e.roles) out['403'] = errorResponse(`Only for: ${e.roles.join(', ')}`);
  out['429'] = errorResponse('Too many requests');
  out['503'] = errorResponse('The owning service is unavailable');
  return out;
}

/**
 * The OpenAPI 3.1 document of the given endpoint declarations: paths, parameters, bodies, replies
 * and error replies, generated from the same zod schemas the services validate with.
 */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], options: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = (paths[openApiPath(e.path)] ??= {});
    const security = e.access === 'session' ? [{ session: [] }] : [];
    const roles = e.roles ? `\n\nRoles: ${e.roles.join(', ')}.` : '';
    path[e.method.toLowerCase()] = {
      operationId: `${e.method.toLowerCase()}${openApiPath(e.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: e.summary,
      description: `${e.description ?? ''}${roles}`.trim() || undefined,
      tags: [e.tag ?? e.service],
      security,
      parameters: parameters(e),
      ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(e.body, 'input') } } } } : {}),
      responses: responses(e),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'PowerPool API',
      version: options.version ?? '1',
      description:
        'Every call goes through the gateway with the session cookie set by signing in (`/api/login`). ' +
        'State-changing calls must come from the same origin. Errors are always `{ error, message, details? }`.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      schemas: {
        Error: {
          ...toSchema(errorBodySchema, 'output'),
          description: `Error codes and their statuses: ${Object.entries(ERROR_STATUS)
            .map(([c, s]) => `${c} ${s}`)
            .join(', ')}`,
        },
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pp_session', description: 'Set by signing in through /api/login' } },
    },
  };
}
