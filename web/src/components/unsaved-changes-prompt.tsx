import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ui/dialog';

const TEXT = {
  title: 'Leave without saving?',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * The question of `UnsavedChangesGuard` (docs/screens.md#unsaved-changes), loaded with the dialog's
 * code once the form first has changes. While `when` holds: a navigation inside the app to another
 * page (or to the same page with other state, such as another pool on Make Picks) is held (`useBlocker`, the data router's) and "Leave without saving?" asks: Stay keeps the
 * page and its changes, Leave goes on; closing the tab or reloading shows the browser's own prompt.
 */
export function UnsavedChangesPrompt({ when, description }: { when: boolean; description: string }) {
  // Another page, or the same page with other state (Make Picks' pool: a navigation, so Back returns to it).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search || currentLocation.state !== nextLocation.state),
  );
  const blocked = blocker.state === 'blocked';

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

  return (
    <ConfirmDialog
      open={blocked && when}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={TEXT.title}
      description={description}
      cancelLabel={TEXT.stay}
      confirmLabel={TEXT.leave}
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
