import { RPC, resolveSessionRequestSchema, type SessionUser } from '@powerpool/contracts';
import { ValidationError, type Bus, type Subscription } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import { resolveSession } from '../domain/sessions.js';

/** Answers the gateway's "whose session is this?" requests, one replica per request. */
export function answerSessionRequests(bus: Bus, ctx: IdentityContext): Promise<Subscription> {
  return bus.handle<unknown, { user: SessionUser | null }>(
    RPC.resolveSession,
    async (msg) => {
      const parsed = resolveSessionRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('sessionId is required');
      return { user: await resolveSession(ctx, parsed.data.sessionId) };
    },
    { queue: 'identity' },
  );
}
