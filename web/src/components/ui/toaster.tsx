import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { TOAST_DURATION, dismissToast, useToast } from './use-toast';

/**
 * Renders the app's toasts (docs/screens.md#times-and-toasts): one visible at a time, 5 s by default,
 * swipe right past 50 px to dismiss, F8 focuses the region (Radix default hotkey).
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          {...(duration !== undefined ? { duration } : {})}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
