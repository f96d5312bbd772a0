import { WEEK_STATE_LABELS, WEEK_STATES } from '@powerpool/contracts';
import type { WeekState } from '@powerpool/contracts';
import { Check } from 'lucide-react';
import { cn } from '@/utils/cn';

/** The five steps of a week (docs/week.md#states), the current one highlighted, the ones before it done. */
export function WeekProgressTracker({ state }: { state: WeekState }) {
  const at = WEEK_STATES.indexOf(state);
  return (
    <nav aria-label="Week progress" className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <ol className="grid grid-cols-5 gap-1 sm:gap-2" data-testid="week-progress">
        {WEEK_STATES.map((step, i) => {
          const done = i < at;
          const current = i === at;
          const label = WEEK_STATE_LABELS[step];
          return (
            <li key={step} aria-current={current ? 'step' : undefined} className="relative flex flex-col items-center gap-2 text-center">
              {i > 0 ? (
                <span aria-hidden="true" className={cn('absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2', i <= at ? 'bg-primary' : 'bg-border')} />
              ) : null}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary bg-card text-primary ring-4 ring-primary/20',
                  !done && !current && 'border-border bg-card text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : i + 1}
              </span>
              <span className="grid gap-0.5">
                <span className={cn('text-xs leading-tight font-semibold sm:text-sm', !current && !done && 'text-muted-foreground')}>{label.title}</span>
                <span className="hidden text-xs leading-tight text-muted-foreground md:block">{label.caption}</span>
              </span>
              <span className="sr-only">{done ? '(done)' : current ? '(current step)' : '(to do)'}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
