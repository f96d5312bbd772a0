import { X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { cn } from '@/utils/cn';
import { toastClasses, toastCloseClasses, toastDescriptionClasses, toastTitleClasses, toastVariantClasses, toastViewportClasses } from './toast-styles';
import { dismissToast, useToast, type ToastItem } from './use-toast';
import type * as ToasterModule from './toaster';

/**
 * The toaster's code; offline (the first toast is "You are offline") it is tried again when the
 * browser is back online, and the plain stand-in shows the toasts meanwhile. A failed import must
 * not reach `lazy`: it would keep the failure and throw it at the next toast, and the app with it.
 */
const load = (): Promise<typeof ToasterModule> =>
  import('./toaster').catch(() => new Promise((resolve) => window.addEventListener('online', () => resolve(load()), { once: true })));
const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

/**
 * The toaster (Radix Toast and its layers, about 10 KB gzipped), fetched when the first toast is
 * queued: most first visits never show one, and it would otherwise be part of every first load.
 * Until its code is there, the open toasts show at once in a plain stand-in with the same looks
 * and the same live region (a guard's "Unauthorized" toast has only 500 ms before the redirect).
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={<PlainToasts toasts={toasts} />}>
      <Toaster />
    </Suspense>
  );
}

function PlainToasts({ toasts }: { toasts: readonly ToastItem[] }) {
  return (
    <section aria-label="Notifications (F8)" tabIndex={-1}>
      <ol className={toastViewportClasses}>
        {toasts
          .filter((t) => t.open !== false)
          .map(({ id, title, description, variant }) => (
            // The live region is the text inside the item: a list item keeps its listitem role (axe: aria-allowed-role).
            <li key={id} data-variant={variant ?? 'default'} className={cn(toastClasses, toastVariantClasses[variant ?? 'default'])}>
              <div className="grid gap-1" role="status" aria-live="polite" aria-atomic="true">
                {title ? <div className={toastTitleClasses}>{title}</div> : null}
                {description ? <div className={toastDescriptionClasses}>{description}</div> : null}
              </div>
              <button type="button" aria-label="Close" className={toastCloseClasses} onClick={() => dismissToast(id)}>
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
      </ol>
    </section>
  );
}
