import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LogoMark } from './logo';

interface ErrorScreenProps {
  title?: string;
  message?: ReactNode;
  /** Shown as a "Try Again" button when given. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** Full-page failure state with an optional Try Again. */
export function ErrorScreen({
  title = 'Something went wrong',
  message = 'We could not load PowerPool. Please check your connection and try again.',
  onRetry,
  retrying = false,
}: ErrorScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-16">
      <Failure
        icon={
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlert className="size-7" aria-hidden="true" />
          </span>
        }
        title={title}
        message={message}
      >
        {onRetry ? (
          <Button onClick={onRetry} disabled={retrying}>
            {retrying ? 'Trying again...' : 'Try Again'}
          </Button>
        ) : null}
      </Failure>
    </main>
  );
}

/** The words of the service worker's offline page (web/public/offline.html; error-screen.test.ts keeps them equal). */
export const OFFLINE_TITLE = 'You are offline';
export const OFFLINE_TEXT = 'PowerPool needs a connection to show your picks and the scores. Your saved picks are safe on the server.';

/**
 * The offline state inside the app shell (docs/screens.md#installable-app): the offline page's
 * icon (the app's mark, drawn inline: with no network an image file may not be there), words and
 * Try again, with the navigation still around it. `onRetry` runs on Try again and by itself when
 * the browser says the network is back (its `online` event). `heading` is h2 inside a screen that
 * has its own title. In the first load (a screen's code may be what is missing), so it shares
 * ErrorScreen's parts.
 */
export function OfflineState({ onRetry, heading = 'h1' }: { onRetry: () => void; heading?: 'h1' | 'h2' }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <Failure icon={<LogoMark className="size-16" />} title={OFFLINE_TITLE} message={OFFLINE_TEXT} heading={heading} className="mx-auto px-6 py-16">
      <Button onClick={onRetry}>Try again</Button>
    </Failure>
  );
}

function Failure({
  icon,
  title,
  message,
  heading: Heading = 'h1',
  className = '',
  children,
}: {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  heading?: 'h1' | 'h2';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`flex max-w-md flex-col items-center gap-4 text-center ${className}`}>
      {icon}
      <Heading className="text-2xl font-semibold tracking-tight">{title}</Heading>
      <p className="text-muted-foreground">{message}</p>
      {children}
    </div>
  );
}
