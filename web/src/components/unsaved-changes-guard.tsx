import { useEffect } from 'react';
import { onDemand } from '../lib/on-demand';

// The question and the dialog's code (Radix) are fetched once the form has changes, not with the
// screen: most visits never need them, and a form's screen counts every byte of its first load.
const prompt = onDemand(() => import('./unsaved-changes-prompt'));

/**
 * Asks before the player leaves a form whose changes are not saved (docs/screens.md#unsaved-changes):
 * while `when` holds, going to another page of the app asks "Leave without saving?" (Stay / Leave,
 * `description` says what would be lost), and closing the tab or reloading shows the browser's
 * prompt. Nothing is asked once the changes are saved or undone (`when` false).
 */
export function UnsavedChangesGuard({ when, description }: { when: boolean; description: string }) {
  const loaded = prompt.useLoaded();
  useEffect(() => {
    // Offline or an old tab after a deploy: the next change tries again.
    if (when) void prompt.load().catch(() => undefined);
  }, [when]);
  // Once loaded it stays mounted: a question open when the changes are saved lets the navigation go on.
  return loaded ? <loaded.UnsavedChangesPrompt when={when} description={description} /> : null;
}
