import { describe, expect, it } from 'vitest';
import { browserPushState } from './browser-push-state';
import { pushFailureText } from '@/features/notifications/lib/push-failure';
import { ApiError } from '@/lib/api-client';
import { PushUnavailableError } from '@/lib/push';

const facts = { supported: true, permission: 'default' as NotificationPermission, hasServiceWorker: true, subscribed: false };

describe('browserPushState', () => {
  it('should say why push cannot be on, in the order a person can fix it', () => {
    expect(browserPushState({ ...facts, supported: false })).toBe('unsupported');
    expect(browserPushState({ ...facts, permission: 'denied' })).toBe('denied');
    expect(browserPushState({ ...facts, permission: 'denied', hasServiceWorker: false })).toBe('denied');
    expect(browserPushState({ ...facts, hasServiceWorker: false })).toBe('no-service-worker');
  });

  it('should be on while subscribed, else off', () => {
    expect(browserPushState({ ...facts, subscribed: true, permission: 'granted' })).toBe('on');
    expect(browserPushState(facts)).toBe('off');
    expect(browserPushState({ ...facts, permission: 'granted' })).toBe('off');
  });
});

describe('pushFailureText', () => {
  it('should word each reason push could not be turned on', () => {
    expect(pushFailureText(new PushUnavailableError('denied', 'x'))).toContain('blocked');
    expect(pushFailureText(new PushUnavailableError('unsupported', 'x'))).toContain('cannot show notifications');
    expect(pushFailureText(new PushUnavailableError('no-service-worker', 'x'))).toContain('service worker');
    expect(pushFailureText(new PushUnavailableError('failed', 'x'))).toContain('push service');
    expect(pushFailureText(new ApiError(404, 'Not Found', ''))).toBe('Push is not set up on this server.');
    const refused = JSON.stringify({
      error: 'push_endpoint_not_allowed',
      message: "This browser's push endpoint is not accepted: push.example.net is not a browser push service this server sends to.",
    });
    expect(pushFailureText(new ApiError(400, 'Bad Request', refused))).toBe(
      "This browser's push service is not one PowerPool sends to. Try Chrome, Edge, Firefox or Safari.",
    );
    expect(pushFailureText(new ApiError(400, 'Bad Request', JSON.stringify({ error: 'validation_failed', message: 'x' })))).toBe(
      'Failed to turn push on. Please try again.',
    );
    expect(pushFailureText(new TypeError('Failed to fetch'))).toBe('Failed to turn push on. Please try again.');
  });
});
