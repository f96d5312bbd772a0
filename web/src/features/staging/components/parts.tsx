import type { ComponentProps, ReactNode } from 'react';
import type { BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/utils/cn';

/**
 * Small building blocks of the staging screen that the shared UI does not have (skeletons, its
 * compact empty state).
 */

/** The badge looks the staging screen uses (the shared Badge's variants). */
export type Tone = Extract<BadgeVariant, 'muted' | 'info' | 'success' | 'warning' | 'destructive'>;

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
