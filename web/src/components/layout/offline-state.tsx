import { useEffect } from 'react';
import { Button } from '../ui/button';

/** The words of the service worker's offline page (web/public/offline.html; offline-state.test.ts keeps them equal). */
export const OFFLINE_TITLE = 'You are offline';
export const OFFLINE_TEXT = 'PowerPool needs a connection to show your picks and the scores. Your saved picks are safe on the server.';

/**
 * The offline state inside the app shell (docs/screens.md#installable-app): the offline page's
 * icon, words and Try again, with the navigation still around it. `onRetry` runs on Try again and
 * by itself when the browser says the network is back (its `online` event). `heading` is h2 inside
 * a screen that has its own title.
 */
export function OfflineState({ onRetry, heading: Heading = 'h1' }: { onRetry: () => void; heading?: 'h1' | 'h2' }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <img src="/icons/icon-192.png" alt="" width="64" height="64" className="size-16" />
      <Heading className="mt-4 mb-2 text-2xl font-semibold tracking-tight">{OFFLINE_TITLE}</Heading>
      <p className="mb-6 text-muted-foreground">{OFFLINE_TEXT}</p>
      <Button size="lg" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
