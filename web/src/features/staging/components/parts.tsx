import * as ProgressPrimitive from '@radix-ui/react-progress';
import { TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';

/**
 * Small building blocks of the staging screen. They live here rather than in components/ui
 * because this issue may only touch its own feature; they are candidates to move there.
 */

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'destructive';

const toneClasses: Record<Tone, string> = {
  neutral: 'border-border bg-muted text-muted-foreground',
  info: 'border-primary/30 bg-primary/10 text-primary',
  success: 'border-success/30 bg-success/10 text-success',
  // No warning token exists yet: amber with a dark-mode pair keeps the contrast in both themes.
  warning: 'border-amber-500/40 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  destructive: 'border-destructive/30 bg-destructive/10 text-destructive',
};

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5',
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** A few grey lines while a list loads, announced once to screen readers. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground [&_svg]:size-7">
      {icon}
      <p>{children}</p>
    </div>
  );
}

/** A failed load inside a card, with Try Again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message?: string | undefined;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-8 text-center">
      <TriangleAlert className="size-6 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {message ? <p className="max-w-prose text-sm break-words text-muted-foreground">{message}</p> : null}
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </div>
  );
}

export function StatTile({ label, value, icon, className }: { label: string; value: ReactNode; icon?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-center gap-3 rounded-lg border bg-card p-3 sm:p-4', className)}>
      {icon ? (
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary sm:flex [&_svg]:size-4.5" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className="min-w-0">
        <div className="text-xl leading-tight font-semibold tabular-nums" data-testid="stat-value">
          {value}
        </div>
        <p className="text-xs leading-snug text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <ProgressPrimitive.Root
      value={value}
      max={100}
      aria-label={label}
      className="relative h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-primary transition-transform duration-300"
        style={{ transform: `translateX(-${100 - value}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
