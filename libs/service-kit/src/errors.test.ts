import { describe, expect, it } from 'vitest';
import { BusNoRespondersError, BusTimeoutError } from './errors.js';

// What a person sees in an admin screen when a service behind a bus request is down or slow:
// the service named as people know it, not the deployment's namespaced subject alone.
describe('bus request errors', () => {
  it('should name the service that did not answer, without the deployment namespace', () => {
    const error = new BusNoRespondersError('cluster5940a65f.rpc.sports.week.refresh-scores');
    expect(error.toBody()).toEqual({
      error: 'service_unavailable',
      message: 'The sports-data-staging service (rpc.sports.week.refresh-scores) is unavailable: nothing answered. Please try again shortly.',
    });
    expect(error.status).toBe(503);
  });

  it('should name the service that answered too late', () => {
    const error = new BusTimeoutError('rpc.weeks.pools.summary', 3000);
    expect(error.toBody()).toEqual({
      error: 'service_timeout',
      message: 'The weeks-workflow service (rpc.weeks.pools.summary) did not answer within 3000 ms. Please try again shortly.',
    });
  });

  it('should keep a subject it cannot place as it is', () => {
    expect(new BusNoRespondersError('ns.something.else').message).toBe('Ns.something.else is unavailable: nothing answered. Please try again shortly.');
  });
});
