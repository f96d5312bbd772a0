import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { usePoolNotificationSettings } from '@/features/pools/api/get-pool-notification-settings';
import { useUpdatePoolNotificationSettings } from '@/features/pools/api/update-pool-notification-settings';

const REMINDERS = [
  { field: 'reminder24h', label: '24 hours before the deadline' },
  { field: 'reminder1h', label: '1 hour before the deadline' },
] as const;

/**
 * The pool's picks reminders (docs/notifications.md#reminders), for its commissioner or a super
 * admin: each on or off, saved at once. Players choose their own channels on Profile.
 */
export function ReminderSettingsCard({ poolId }: { poolId: string }) {
  const settings = usePoolNotificationSettings(poolId);
  const update = useUpdatePoolNotificationSettings();
  const ids = useId();

  function set(field: (typeof REMINDERS)[number]['field'], on: boolean, label: string) {
    update.mutate(
      { poolId, [field]: on },
      {
        onSuccess: () => toast({ title: 'Reminders Updated', description: `The reminder ${label} is ${on ? 'on' : 'off'}.` }),
        onError: (error) => toastFailure(error, { title: 'Update Failed', fallback: 'Failed to save the reminder settings. Please try again.' }),
      },
    );
  }

  return (
    <Card data-testid="reminder-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden="true" />
          Picks reminders
        </CardTitle>
        <CardDescription>Members without saved picks are reminded by e-mail or push, as each of them chose on their Profile.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {settings.isPending ? (
          <InlineLoading label="Loading reminder settings..." />
        ) : settings.isError ? (
          <InlineError
            title="Unable to load reminder settings"
            message={errorText(settings.error, 'Failed to load reminder settings.')}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          REMINDERS.map(({ field, label }) => {
            const pending = update.isPending && update.variables[field] !== undefined;
            const checked = pending ? update.variables[field] === true : settings.data[field];
            return (
              <div key={field} className="flex items-center justify-between gap-4">
                <span id={`${ids}-${field}`} className="text-sm font-medium">
                  {label}
                </span>
                <Switch
                  checked={checked}
                  disabled={update.isPending}
                  onCheckedChange={(on) => set(field, on, label)}
                  aria-labelledby={`${ids}-${field}`}
                  data-testid={`switch-${field}`}
                />
              </div>
            );
          })
        )}
      </CardContent>
    </Card>
  );
}
