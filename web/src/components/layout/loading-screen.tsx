import { LoaderCircle } from 'lucide-react';
import { cn } from '@/utils/cn';

/** Neutral waiting state: a spinner and an announced label, nothing else. */
export function LoadingScreen({ label = 'Loading...', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 text-muted-foreground', fullPage ? 'min-h-dvh' : 'py-24')}
    >
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
