import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendErrorReply } from '@powerpool/service-kit';

/**
 * The gateway's error handler: the same `errorReply` mapping as every service, so an error leaves
 * the gateway with the same code, status and shape as it would leave a service.
 */
export function gatewayErrorHandler(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendErrorReply(err, request, reply);
}
