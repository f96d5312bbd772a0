import type { EventPayload } from '@powerpool/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consume } from './consume.js';
import { createMemoryBus } from './memory.js';
import type { Bus } from './types.js';

const user: EventPayload<'identity.user.registered'>['user'] = {
  id: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'user',
  hasPaid: false,
  paymentNotes: null,
  createdAt: '2025-09-01T00:00:00.000Z',
  updatedAt: '2025-09-01T00:00:00.000Z',
};

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 3000, interval: 10 });

describe('consume', () => {
  let bus: Bus;
  afterEach(async () => {
    await bus.close();
  });

  it('should hand each handler the payload its contract parsed when the event matches it', async () => {
    bus = createMemoryBus();
    const seen: unknown[] = [];
    await consume(bus, {
      durable: 'notifications-identity',
      logger: logger(),
      handlers: {
        'identity.user.registered': async (payload) => void seen.push(['registered', payload.user.id]),
        'identity.user.role-changed': async (payload, msg) => void seen.push([msg.subject, payload.previousRole]),
      },
    });
    await bus.publish('identity.user.registered', { user });
    await bus.publish('identity.user.role-changed', { user, previousRole: 'super_admin' });
    await eventually(() =>
      expect(seen).toEqual([
        ['registered', 'u1'],
        ['identity.user.role-changed', 'super_admin'],
      ]),
    );
  });

  it('should consume only the subjects it has handlers for', async () => {
    bus = createMemoryBus();
    const seen: string[] = [];
    await consume(bus, {
      durable: 'picks-scoring-identity',
      logger: logger(),
      handlers: { 'identity.user.registered': async (payload) => void seen.push(payload.user.id) },
    });
    await bus.publish('identity.user.profile-changed', { user: { ...user, id: 'u2' } });
    await bus.publish('identity.user.registered', { user });
    await eventually(() => expect(seen).toEqual(['u1']));
  });

  it('should log and acknowledge an event that does not match its contract, never calling its handler', async () => {
    bus = createMemoryBus();
    const log = logger();
    const handler = vi.fn(async () => {});
    const seen: string[] = [];
    await consume(bus, {
      durable: 'weeks-workflow-pools',
      logger: log,
      handlers: { 'identity.user.registered': async (payload) => void seen.push(payload.user.id), 'identity.user.payment-changed': handler },
    });
    await bus.publish('identity.user.payment-changed', { user: { id: 'u1' } });
    await eventually(() =>
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ subject: 'identity.user.payment-changed', durable: 'weeks-workflow-pools' }),
        'ignoring an event that does not match its contract',
      ),
    );
    expect(handler).not.toHaveBeenCalled();
    // Acknowledged: a later event is delivered, and the invalid one is not tried again.
    await bus.publish('identity.user.registered', { user });
    await eventually(() => expect(seen).toEqual(['u1']));
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('should deliver an event again when its handler throws', async () => {
    bus = createMemoryBus();
    let calls = 0;
    await consume(bus, {
      durable: 'identity-pools',
      logger: logger(),
      handlers: {
        'identity.user.registered': async () => {
          calls += 1;
          if (calls === 1) throw new Error('not yet');
        },
      },
    });
    await bus.publish('identity.user.registered', { user });
    await eventually(() => expect(calls).toBe(2));
  });
});
