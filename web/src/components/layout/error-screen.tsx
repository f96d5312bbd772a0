import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

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
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        {onRetry ? (
          <Button onClick={onRetry} disabled={retrying}>
            {retrying ? 'Trying again...' : 'Try Again'}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
