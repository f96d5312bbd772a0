import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorBody } from '@powerpool/contracts';
import { databaseUnavailable } from './db/unavailable.js';
import { DomainError } from './errors.js';

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/** Shape a validation instancePath (`/picks/0/confidenceRank`) into a field name (`picks.0.confidenceRank`). */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || '(body)';
}

/**
 * A validation reply names at most this many fields, each field and problem in at most
 * MAX_PROBLEM_LENGTH characters: the problems quote the client's input (zod's "Unrecognized keys:
 * ..." lists every key), and a body of 50,000 keys must not come back as a 600 KB message.
 */
const MAX_ISSUES = 20;
const MAX_PROBLEM_LENGTH = 200;
const bounded = (text: string): string => (text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text);

const internal = (request: FastifyRequest): ErrorReply => ({
  status: 500,
  body: { error: 'internal_error', message: `Internal server error (reference ${request.id})` },
});

/**
 * The one mapping from any error to PowerPool's error reply `{ error, message, details? }`, used by
 * every service and by the gateway. Domain errors keep their code (and its one status); request
 * validation becomes `validation_failed` naming each field; other 4xx from the framework keep
 * their status with the code for it; the database out of reach is a 503 `service_unavailable`
 * (db/unavailable.ts); anything else is a 500 that hides internals and is logged
 * with the correlation id.
 */
export function errorReply(err: unknown, request: FastifyRequest): ErrorReply {
  if (err instanceof DomainError) {
    if (err.status >= 500) request.log.warn({ code: err.code, err }, err.message);
    return { status: err.status, body: err.toBody() };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.slice(0, MAX_ISSUES);
    const details = issues.map((issue) => ({ field: bounded(fieldOf(issue.instancePath)), problem: bounded(issue.message ?? '') }));
    const where = err.validationContext ?? 'request';
    const more = err.validation.length - issues.length;
    const summary = details.map((d) => `${d.field} ${d.problem}`).join('; ') + (more > 0 ? `; and ${more} more` : '');
    return { status: 400, body: { error: 'validation_failed', message: `Invalid ${where}: ${summary}`, details } };
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause?.issues }, 'reply did not match its schema');
    return internal(request);
  }
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    request.log.warn({ err }, unavailable.message);
    return { status: unavailable.status, body: unavailable.toBody() };
  }
  const status = (err as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: codeForStatus(status), message: (err as Error).message } };
  }
  request.log.error({ err }, 'unhandled error');
  return internal(request);
}

/** Fastify error handler sending `errorReply`. */
export function sendErrorReply(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = errorReply(err, request);
  return reply.code(status).send(body);
}

/** What a connection-level client error means to the client (Node's HTTP parser refused the request). */
function clientErrorOf(err: NodeJS.ErrnoException): { status: number; message: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers (or the URL) are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

/**
 * Fastify's `clientErrorHandler` for every PowerPool server (gateway and services): a request
 * Node's HTTP parser refuses before Fastify sees it (headers or URL over the size limit, broken
 * framing) is answered with the one error reply shape, as every other error is, and the
 * connection is closed. Fastify's default writes a shape of its own (`"error":"Request Header
 * Fields Too Large"`, `statusCode`).
 */
export function sendClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorOf(err);
  const body = JSON.stringify({ error: codeForStatus(status), message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
