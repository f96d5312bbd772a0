import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { lastNudgeAt, nextNudgeAtOf } from './nudge-week';

const refusal = (status: number, body: unknown) => new ApiError(status, 'Too Many Requests', JSON.stringify(body));

describe('nextNudgeAtOf', () => {
  it("should read when the next nudge is possible from the server's nudge_too_soon refusal", () => {
    const at = '2026-01-10T21:30:00.000Z';
    expect(nextNudgeAtOf(refusal(429, { error: 'nudge_too_soon', message: 'too soon', details: { nextNudgeAt: at } }))).toBe(at);
  });

  it('should give null for any other failure or a refusal without a readable time', () => {
    expect(nextNudgeAtOf(refusal(409, { error: 'week_not_open', message: 'closed' }))).toBeNull();
    expect(nextNudgeAtOf(refusal(429, { error: 'rate_limited', message: 'slow down', details: { nextNudgeAt: '2026-01-10T21:30:00Z' } }))).toBeNull();
    expect(nextNudgeAtOf(refusal(429, { error: 'nudge_too_soon', message: 'too soon' }))).toBeNull();
    expect(nextNudgeAtOf(refusal(429, { error: 'nudge_too_soon', message: 'too soon', details: { nextNudgeAt: 'soon' } }))).toBeNull();
    expect(nextNudgeAtOf(new Error('offline'))).toBeNull();
  });
});

describe('lastNudgeAt', () => {
  it('should be an hour before the next possible nudge', () => {
    expect(lastNudgeAt('2026-01-10T21:30:00.000Z').toISOString()).toBe('2026-01-10T20:30:00.000Z');
  });
});
