import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster (Radix Toast and its layers), fetched when the first toast is queued: most first
 * visits never show one, and it would otherwise be part of every first load. The toast store
 * lives in use-toast.ts, so a toast queued while the code arrives is shown once it is there.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
