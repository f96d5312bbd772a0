import { EVENTS, type EventPayload, type EventSubject, type ServiceName } from '@powerpool/contracts';
import type { KitLogger } from '../logger.js';
import type { Bus, BusMessage, Subscription } from './types.js';

/** A handler per event subject, each given the payload its contract schema parsed. */
export type EventHandlers = { [S in EventSubject]?: (payload: EventPayload<S>, msg: BusMessage) => Promise<unknown> };

/** The subject prefixes a service may follow (docs/architecture.md#services). */
export type EventSource = 'identity' | 'pools' | 'sports' | 'weeks' | 'picks';
/** A consumer's durable name: `<service>-<source>`, one consumer group per source a service follows (docs/architecture.md#copies). */
export type Durable = `${ServiceName}-${EventSource}`;

export interface ConsumeEventsOptions {
  /** The durable name (see ConsumeOptions). */
  durable: Durable;
  /** The subjects consumed are exactly the keys of this map. */
  handlers: EventHandlers;
  /** Where an event that does not match its contract is reported. */
  logger: KitLogger;
}

/**
 * Consume events durably, each payload parsed once against its contract (`EVENTS` in
 * libs/contracts) before its handler sees it. The one way a service consumes events.
 *
 * An event that does not match its contract is logged and acknowledged, not retried: a
 * redelivery would carry the same bytes, so retrying could only end in the same refusal.
 * A handler that throws has its event delivered again (the bus's at-least-once rule).
 */
export function consume(bus: Bus, options: ConsumeEventsOptions): Promise<Subscription> {
  const { durable, handlers, logger } = options;
  return bus.consume({
    durable,
    subjects: Object.keys(handlers),
    handler: async (msg) => {
      const subject = msg.subject as EventSubject;
      // The correlation between a subject and its payload is lost on indexing a mapped type: the
      // parse just above it is what makes the call safe.
      const handler = handlers[subject] as ((payload: unknown, msg: BusMessage) => Promise<unknown>) | undefined;
      const parsed = handler ? EVENTS[subject].safeParse(msg.data) : undefined;
      if (!handler || !parsed?.success) {
        logger.warn(
          { subject: msg.subject, durable, ...(parsed?.error ? { issues: parsed.error.issues } : {}) },
          'ignoring an event that does not match its contract',
        );
        return;
      }
      await handler(parsed.data, msg);
    },
  });
}
