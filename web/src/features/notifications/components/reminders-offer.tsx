import { BellRing, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useSignedInUser } from '@/lib/auth';
import { toastFailure } from '@/lib/toast-error';
import { usePreferences } from '@/features/notifications/api/get-preferences';
import { useSubscribePush } from '@/features/notifications/api/subscribe-push';
import { useUpdatePreferences } from '@/features/notifications/api/update-preferences';
import { offerChanges, offerText, offerWouldHelp, readOfferAnswer, writeOfferAnswer } from '@/features/notifications/lib/preferences';
import type { ReminderOfferAnswer } from '@/features/notifications/lib/preferences';
import { pushFailureText } from '@/features/notifications/lib/push-failure';
import { useBrowserPushState } from '@/features/notifications/api/browser-push-state';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * Make Picks' one-tap reminder offer (docs/screens.md#make-picks-reminder-offer), shown by Make
 * Picks after the player's first save of a week's picks: one button turns the e-mail picks
 * reminder on and, where the browser can, push (the permission prompt comes only then). Never
 * shown again once accepted or dismissed: the answer is kept in this browser per user.
 */
export function RemindersOffer() {
  const user = useSignedInUser();
  const [answer, setAnswer] = useState<ReminderOfferAnswer | null>(() => readOfferAnswer(storage(), user.id));
  const preferences = usePreferences({ enabled: answer === null });
  const push = useBrowserPushState();
  const update = useUpdatePreferences();
  const subscribe = useSubscribePush();

  if (answer !== null || !preferences.data || !push.data) return null;
  const pushCanTurnOn = push.data === 'off';
  if (!offerWouldHelp(preferences.data.preferences, pushCanTurnOn) && !update.isPending && !subscribe.isPending) return null;

  function remember(value: ReminderOfferAnswer) {
    writeOfferAnswer(storage(), user.id, value);
    setAnswer(value);
  }

  const changes = offerChanges(preferences.data.preferences, pushCanTurnOn);
  const text = offerText(changes);

  async function accept() {
    // Only what is off is turned on: an e-mail reminder already on is left as it is.
    if (changes.email) {
      try {
        await update.mutateAsync([{ kind: 'picks_reminder', channel: 'email', enabled: true }]);
      } catch (error) {
        toastFailure(error, { title: 'Reminders Not Turned On', fallback: 'Failed to turn reminders on. Please try again.' });
        return;
      }
    }
    if (changes.push) {
      try {
        await subscribe.mutateAsync();
      } catch (error) {
        if (!changes.email) {
          toastFailure(error, { title: 'Push Not Turned On', fallback: `${pushFailureText(error)} You can try again on your Profile.`, text: 'fallback' });
          return;
        }
        // E-mail reminders did turn on: a success, with what did not (not an error toast).
        remember('accepted');
        toast({ title: 'E-mail Reminders On', description: `Push was not turned on: ${pushFailureText(error)} You can try again on your Profile.` });
        return;
      }
    }
    remember('accepted');
    toast({
      title: 'Reminders On',
      description:
        changes.email && changes.push
          ? 'You will get a reminder by e-mail and on this browser.'
          : changes.email
            ? 'You will get a reminder by e-mail.'
            : 'This browser will remind you too.',
    });
  }

  const busy = update.isPending || subscribe.isPending;
  return (
    <section
      aria-labelledby="reminders-offer-title"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
      data-testid="reminders-offer"
    >
      <BellRing className="size-6 shrink-0 text-primary max-sm:hidden" aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <h3 id="reminders-offer-title" className="font-semibold">
          {text.title}
        </h3>
        <p className="text-sm text-muted-foreground">{text.body}</p>
      </div>
      <div className="flex items-center gap-2">
        <Button onClick={() => void accept()} disabled={busy} className="pointer-coarse:h-11" data-testid="reminders-offer-accept">
          {busy ? 'Turning on...' : 'Remind me'}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => remember('dismissed')}
          disabled={busy}
          aria-label="No thanks"
          className="pointer-coarse:size-11"
          data-testid="reminders-offer-dismiss"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
