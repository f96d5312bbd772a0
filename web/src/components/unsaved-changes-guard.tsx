import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { onDemand } from '@/lib/on-demand';

// The dialog's code (Radix) is fetched once the form has changes, not with the screen: most visits
// never need it, and a form's screen counts every byte of its first load. The hold itself is
// registered at once, so a navigation right after the first change is asked about too.
const dialog = onDemand(() => import('./unsaved-changes-prompt'));

/**
 * Asks before the player leaves a form whose changes are not saved (docs/screens.md#unsaved-changes):
 * while `when` holds, a navigation inside the app to another page, or to the same page with other
 * state (another pool on Make Picks), is held (`useBlocker`, the data router's) and "Leave without
 * saving?" asks (Stay / Leave, `description` says what would be lost); closing the tab or reloading
 * shows the browser's prompt. Nothing is asked once the changes are saved or undone (`when` false).
 */
export function UnsavedChangesGuard({ when, description }: { when: boolean; description: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search || currentLocation.state !== nextLocation.state),
  );
  const blocked = blocker.state === 'blocked';
  const loaded = dialog.useLoaded();

  useEffect(() => {
    // Offline or an old tab after a deploy: the next change tries again.
    if (when) void dialog.load().catch(() => undefined);
  }, [when]);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  // Saved (or the deadline passed) while the question was open: nothing is lost by going on.
  useEffect(() => {
    if (blocked && !when) blocker.proceed();
  }, [blocked, blocker, when]);

  return loaded ? (
    <loaded.UnsavedChangesDialog open={blocked && when} description={description} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
  ) : null;
}
