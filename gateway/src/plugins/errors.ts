import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@powerpool/service-kit';

const CLIENT_ERROR_CODES: Record<number, string> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * The gateway's one error mapper: every error leaves as `{ error, message, details? }`.
 * Domain errors keep their code and status; other 4xx become `bad_request` (or a closer code);
 * anything else is a 500 that hides internals and is logged with the correlation id.
 */
export function gatewayErrorHandler(err: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof DomainError) {
    // Expected outages (identity down): whoever noticed first already logged the cause.
    if (err.status >= 500) request.log.warn({ code: err.code }, err.message);
    return reply.code(err.status).send(err.toBody());
  }
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.code(status).send({ error: CLIENT_ERROR_CODES[status] ?? 'bad_request', message: err.message });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ error: 'internal_error', message: `Internal server error (reference ${request.id})` });
}
