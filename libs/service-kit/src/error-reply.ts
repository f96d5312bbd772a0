import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorBody } from '@powerpool/contracts';
import { DomainError } from './errors.js';

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/** Shape a validation instancePath (`/picks/0/confidenceRank`) into a field name (`picks.0.confidenceRank`). */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || '(body)';
}

const internal = (request: FastifyRequest): ErrorReply => ({
  status: 500,
  body: { error: 'internal_error', message: `Internal server error (reference ${request.id})` },
});

/**
 * The one mapping from any error to PowerPool's error reply `{ error, message, details? }`, used by
 * every service and by the gateway. Domain errors keep their code (and its one status); request
 * validation becomes `validation_failed` naming each field; other 4xx from the framework keep
 * their status with the code for it; anything else is a 500 that hides internals and is logged
 * with the correlation id.
 */
export function errorReply(err: unknown, request: FastifyRequest): ErrorReply {
  if (err instanceof DomainError) {
    if (err.status >= 500) request.log.warn({ code: err.code, err }, err.message);
    return { status: err.status, body: err.toBody() };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((issue) => ({ field: fieldOf(issue.instancePath), problem: issue.message }));
    const where = err.validationContext ?? 'request';
    const summary = details.map((d) => `${d.field} ${d.problem}`).join('; ');
    return { status: 400, body: { error: 'validation_failed', message: `Invalid ${where}: ${summary}`, details } };
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause?.issues }, 'reply did not match its schema');
    return internal(request);
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
