import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadNotificationsConfig } from '../config.js';
import { BROWSER_PUSH_SERVICE_HOSTS, createPushSender } from './push.js';

/** Which push endpoints the service accepts (docs/notifications.md#push-endpoints). */
describe('push endpoints and PUSH_SERVICE_HOSTS', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:no-reply@powerpool.test' };
  const config = (PUSH_SERVICE_HOSTS?: string) =>
    loadNotificationsConfig({
      IDENTITY_ASSERTION_PUBLIC_KEY: 'unused',
      POWERPOOL_ENV: 'test',
      ...(PUSH_SERVICE_HOSTS === undefined ? {} : { PUSH_SERVICE_HOSTS }),
    });

  it('should read the browsers push services by default, a list of host suffixes, or * for any public host', () => {
    expect(config().pushServiceHosts).toEqual([...BROWSER_PUSH_SERVICE_HOSTS]);
    expect(config('').pushServiceHosts).toEqual([...BROWSER_PUSH_SERVICE_HOSTS]);
    expect(config('*').pushServiceHosts).toBe('*');
    expect(config(' FCM.googleapis.com , *.push.example.net ').pushServiceHosts).toEqual(['fcm.googleapis.com', 'push.example.net']);
    expect(() => config('fcm.googleapis.com,localhost')).toThrow(/PUSH_SERVICE_HOSTS.*localhost is not a public DNS name/);
    expect(() => config('10.0.0.1')).toThrow(/PUSH_SERVICE_HOSTS.*not a public address/);
  });

  it('should accept the browsers push services and refuse any other host by default', () => {
    const push = createPushSender({ vapid, serviceHosts: BROWSER_PUSH_SERVICE_HOSTS });
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/cXbx:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGnRgd6wB',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    ])
      expect(push.refusal(endpoint), endpoint).toBeNull();
    expect(push.refusal('https://push.attacker.net/x')).toBe('push.attacker.net is not a browser push service this server sends to');
    expect(push.refusal('https://fcm.googleapis.com.attacker.net/x')).toMatch(/is not a browser push service/);
    expect(push.refusal('https://notfcm.googleapis.com/x')).toMatch(/is not a browser push service/);
    expect(push.refusal('https://127.0.0.1/x')).toBe('127.0.0.1 is not a public address (loopback)');
  });

  it('should accept any public host with *, never an inside one', () => {
    const push = createPushSender({ vapid, serviceHosts: '*' });
    expect(push.refusal('https://push.attacker.net/x')).toBeNull();
    expect(push.refusal('https://[::ffff:127.0.0.1]/x')).toBe('[::ffff:7f00:1] is not a public address (IPv4-mapped)');
    expect(push.refusal('http://push.attacker.net/x')).toBe('http URLs are not fetched');
  });

  it('should not send to a refused endpoint (a row stored before the check): it is refused, and nothing is sent', async () => {
    const push = createPushSender({ vapid, serviceHosts: BROWSER_PUSH_SERVICE_HOSTS });
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    expect(await push.send({ endpoint: 'https://169.254.169.254/latest/meta-data/', keys }, { title: 't', body: 'b', url: '/picks' })).toEqual({
      refused: '169.254.169.254 is not a public address (link-local)',
    });
  });
});
