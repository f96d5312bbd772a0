import { NOTIFICATION_CHANNELS, NOTIFICATION_KIND_LABELS } from '@powerpool/contracts';
import type { NotificationChannel, NotificationKind } from '@powerpool/contracts';
import { Bell } from 'lucide-react';

import { errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { usePreferences } from '@/features/notifications/api/get-preferences';
import { useSubscribePush } from '@/features/notifications/api/subscribe-push';
import { useUnsubscribePush } from '@/features/notifications/api/unsubscribe-push';
import { useUpdatePreferences } from '@/features/notifications/api/update-preferences';
import { CHANNEL_LABELS, isEnabled, PROFILE_KINDS } from '@/features/notifications/lib/preferences';
import { useBrowserPushState } from '@/features/notifications/api/browser-push-state';
import type { BrowserPushState } from '@/features/notifications/api/browser-push-state';
import { pushFailureText } from '@/features/notifications/lib/push-failure';

/**
 * Profile's Notifications section (docs/screens.md#profile): a switch per kind and channel, saved
 * at once (optimistic, back on failure with a toast), and this browser's push.
 */
export function NotificationsSection() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  // Push cannot reach this browser (blocked, unsupported, no service worker): its switches read off
  // here, whatever is saved for the person's other browsers (docs/screens.md#profile).
  const push = useBrowserPushState();
  const pushUnreachable = push.data === 'denied' || push.data === 'unsupported' || push.data === 'no-service-worker';

  function toggle(kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
    update.mutate([{ kind, channel, enabled }], {
      onError: (error) => toastFailure(error, { title: 'Update Failed', fallback: 'Failed to save your notification settings. Please try again.' }),
    });
  }

  return (
    <Card className="mt-6" data-testid="notifications-section">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>What PowerPool tells you, by e-mail and by push on the browsers you turn it on in. Changes save at once.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {preferences.isPending ? (
          <InlineLoading label="Loading your notification settings..." />
        ) : preferences.isError ? (
          <InlineError
            title="Unable to load your notification settings"
            message={errorText(preferences.error, 'Failed to load notification settings.')}
            onRetry={() => void preferences.refetch()}
            retrying={preferences.isFetching}
          />
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Notifications by kind and channel</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Kind
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="w-20 pb-2 text-center font-medium">
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PROFILE_KINDS.map((kind) => (
                <tr key={kind} className="border-t" data-testid="notification-kind" data-kind={kind}>
                  <th scope="row" className="py-2 text-left font-medium">
                    {NOTIFICATION_KIND_LABELS[kind]}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="py-1 text-center">
                      <Switch
                        checked={channel === 'push' && pushUnreachable ? false : isEnabled(preferences.data.preferences, kind, channel)}
                        disabled={channel === 'push' && pushUnreachable}
                        aria-describedby={channel === 'push' && pushUnreachable ? 'push-unreachable-note' : undefined}
                        onCheckedChange={(enabled) => toggle(kind, channel, enabled)}
                        aria-label={`${NOTIFICATION_KIND_LABELS[kind]} by ${CHANNEL_LABELS[channel]}`}
                        data-testid={`switch-${kind}-${channel}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pushUnreachable && preferences.isSuccess ? (
          <p id="push-unreachable-note" className="text-sm text-muted-foreground" data-testid="push-unreachable-note">
            Push is off here: this browser cannot show PowerPool notifications (see This browser below).
          </p>
        ) : null}
        {update.isPending ? (
          <p className="text-xs text-muted-foreground" role="status">
            Saving...
          </p>
        ) : null}
        <BrowserPushRow />
      </CardContent>
    </Card>
  );
}

const PUSH_STATE_TEXT: Readonly<Record<BrowserPushState, string>> = {
  on: 'Push is on in this browser.',
  off: 'Push is off in this browser.',
  unsupported: 'This browser cannot show notifications from PowerPool. On an iPhone or iPad, add PowerPool to the Home Screen first, then open it from there.',
  denied:
    'Notifications are blocked for PowerPool in this browser. To allow them again, open the site settings (the icon left of the address) and set Notifications to Allow, then come back here.',
  'no-service-worker': 'Push needs the installed app (a service worker), which this build does not have. Try the production build.',
};

/** "This browser": turn push on (permission asked only now) or off. */
function BrowserPushRow() {
  const state = useBrowserPushState();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const busy = subscribe.isPending || unsubscribe.isPending;

  function turnOn() {
    subscribe.mutate(undefined, {
      onSuccess: () => toast({ title: 'Push On', description: 'This browser will show PowerPool notifications.' }),
      onError: (error) => toastFailure(error, { title: 'Push Not Turned On', fallback: pushFailureText(error), text: 'fallback' }),
    });
  }
  function turnOff() {
    unsubscribe.mutate(undefined, {
      onSuccess: () => toast({ title: 'Push Off', description: 'This browser will no longer show PowerPool notifications.' }),
      onError: (error) => toastFailure(error, { title: 'Push Not Turned Off', fallback: 'Failed to turn push off. Please try again.' }),
    });
  }

  return (
    <div
      className="grid gap-3 rounded-lg border p-4 sm:flex sm:items-center sm:justify-between"
      data-testid="browser-push"
      data-state={state.data ?? 'loading'}
    >
      <div className="grid gap-1">
        <p className="text-sm font-medium">This browser</p>
        <p className="text-sm text-muted-foreground" role="status">
          {state.data ? PUSH_STATE_TEXT[state.data] : 'Checking this browser...'}
        </p>
      </div>
      {state.data === 'on' ? (
        <Button variant="outline" onClick={turnOff} disabled={busy} className="pointer-coarse:h-11">
          {unsubscribe.isPending ? 'Turning off...' : 'Turn off push'}
        </Button>
      ) : state.data === 'off' ? (
        <Button onClick={turnOn} disabled={busy} className="pointer-coarse:h-11">
          {subscribe.isPending ? 'Turning on...' : 'Turn on push'}
        </Button>
      ) : null}
    </div>
  );
}
