import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/utils/cn';

/** A labelled progress bar (0-100): the staging imports and the completed games of a week. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={100}
      aria-label={label}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <ProgressPrimitive.Indicator className="h-full bg-primary transition-transform duration-300" style={{ transform: `translateX(-${100 - clamped}%)` }} />
    </ProgressPrimitive.Root>
  );
}
