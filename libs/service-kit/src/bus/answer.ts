import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import type { Bus, BusMessage, Subscription } from './types.js';

export interface AnswerOptions<S extends z.ZodType> {
  /** The request subject (RPC in libs/contracts). */
  subject: string;
  /** The service's queue group: one replica answers each request. */
  queue: string;
  /** The request's contract; a request that does not match is answered with a ValidationError. */
  request: S;
  /** The ValidationError's message (what a valid request carries). */
  invalid: string;
}

/**
 * Answer a request subject: each request checked against its contract, then `handler` (whose
 * DomainErrors reach the requester as such). The one way a service serves request/reply.
 */
export function answerRequests<S extends z.ZodType, R>(
  bus: Bus,
  options: AnswerOptions<S>,
  handler: (request: z.output<S>, msg: BusMessage) => Promise<R>,
): Promise<Subscription> {
  return bus.handle(
    options.subject,
    async (msg: BusMessage): Promise<R> => {
      const parsed = options.request.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError(options.invalid);
      return handler(parsed.data, msg);
    },
    { queue: options.queue },
  );
}
