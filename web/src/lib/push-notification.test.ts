import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { notificationFromPush, notificationTarget } from './push-notification';

describe('notificationTarget', () => {
  it('should open the screens a notification names: Make Picks for reminders and nudges, the live board for results', () => {
    expect(notificationTarget(paths.picks.getHref())).toBe('/picks');
    expect(notificationTarget(paths.liveLeaderboard.getHref('7f1c0b9e-5a7d-4c55-9d43-2f8e7c2a1b10', 5))).toBe(
      '/live-leaderboard/7f1c0b9e-5a7d-4c55-9d43-2f8e7c2a1b10/5',
    );
    expect(notificationTarget('/weeks/5?pool=abc#picks')).toBe('/weeks/5?pool=abc#picks');
  });

  it.each([
    ['another site', 'https://evil.example/picks'],
    ['a protocol-relative url', '//evil.example/picks'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash further in', '/picks\\..\\x'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path without its slash', 'picks'],
    ['a control character', '/pi\ncks'],
    ['the API', '/api/auth/logout'],
    ['the dev identity provider', '/dev-idp/interaction/x'],
    ['an empty url', ''],
    ['a number', 42],
    ['nothing', undefined],
    ['a very long url', `/${'a'.repeat(2001)}`],
  ])('should open "/" for %s', (_name, url) => {
    expect(notificationTarget(url)).toBe('/');
  });
});

describe('notificationFromPush', () => {
  it('should show the title and body of the payload, with the app icon, its url and its tag', () => {
    const payload = { title: 'Picks due in 1 hour', body: 'Week 5 locks at 12:50 PM.', url: '/picks', tag: 'reminder-5' };
    expect(notificationFromPush(JSON.stringify(payload))).toEqual({
      title: 'Picks due in 1 hour',
      options: { body: 'Week 5 locks at 12:50 PM.', icon: '/icons/icon-192.png', tag: 'reminder-5', renotify: true, data: { url: '/picks' } },
    });
  });

  it('should leave the tag out (browsers refuse renotify without one) when the payload has none', () => {
    const shown = notificationFromPush(JSON.stringify({ title: 'Week 5 results', body: 'You scored 9.', url: '/leaderboard' }));
    expect(shown.options).toEqual({ body: 'You scored 9.', icon: '/icons/icon-192.png', data: { url: '/leaderboard' } });
  });

  it.each([
    ['plain text', 'Your picks are due', { title: 'PowerPool', body: 'Your picks are due' }],
    ['no data', null, { title: 'PowerPool', body: '' }],
    ['JSON that is not an object', '[1,2]', { title: 'PowerPool', body: '[1,2]' }],
    ['blank fields', JSON.stringify({ title: '  ', body: 3 }), { title: 'PowerPool', body: '' }],
  ])('should still show a PowerPool notification for %s, opening "/"', (_name, text, expected) => {
    const shown = notificationFromPush(text);
    expect({ title: shown.title, body: shown.options.body }).toEqual(expected);
    expect(shown.options.data.url).toBe('/');
  });
});
