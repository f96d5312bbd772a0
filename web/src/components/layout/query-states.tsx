import { onlineManager } from '@tanstack/react-query';
import { Inbox, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { Button } from '@/components/ui/button';
import { OfflineState } from './error-screen';

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
/** Try again of a wait that the lost network paused: the query client checks the browser again (back online, the paused queries go on). */
const recheckOnline = () => onlineManager.setOnline(navigator.onLine);

/**
 * Inline waiting state for a panel or a tab (the full-page one is LoadingScreen). Offline, the
 * queries wait for the network (TanStack Query's networkMode 'online' pauses them) and this shows
 * the offline state instead of a spinner that would never end (docs/screens.md#installable-app);
 * back online, the queries go on by themselves.
 */
export function InlineLoading({ label = 'Loading...', className }: { label?: string; className?: string }) {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  if (!online) return <OfflineState heading="h2" onRetry={recheckOnline} />;
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-3 py-12 text-muted-foreground', className)}>
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

interface InlineErrorProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** Inline failure of a panel with an optional "Try Again". */
export function InlineError({ title = 'Something went wrong', message, onRetry, retrying = false, className }: InlineErrorProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center', className)}
    >
      <TriangleAlert className="size-7 text-destructive" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {message ? <p className="max-w-md text-sm break-words text-muted-foreground">{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try Again'}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet: an icon, a title, a line and optional actions. */
export function EmptyState({
  title,
  description,
  icon,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-12 text-center', className)}>
      {icon ?? <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />}
      <p className="font-semibold">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </div>
  );
}

/** A titled number, for the summary cards of the admin screens. */
export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        {icon}
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Message of a failed call for a screen: the server's own message when there is one. */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'serverMessage' in error && typeof error.serverMessage === 'string' && error.serverMessage) {
    return error.serverMessage;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
