import type { ToastVariant } from './use-toast';

/*
 * The toast's looks, shared by the Radix toaster (toast.tsx) and the plain stand-in shown while
 * the toaster's code loads (deferred-toaster.tsx), which must not import Radix.
 */

// Away from where the primary actions are (the buttons at the foot of forms, cards and dialogs,
// and the phone tab bar): at the top on phones, over the header; from 768 px top right, just below
// the 64 px navigation bar, at most 420 px wide (docs/screens.md#times-and-toasts).
export const toastViewportClasses =
  'fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none md:top-16 md:max-h-[calc(100dvh-4rem)] md:max-w-[420px]';

export const toastClasses =
  'toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg p-4 pr-9 shadow-lg';

export const toastVariantClasses: Record<ToastVariant, string> = {
  default: 'border bg-popover text-popover-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

export const toastTitleClasses = 'text-sm font-semibold';
export const toastDescriptionClasses = 'text-sm opacity-90';

export const toastCloseClasses =
  'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none group-data-[variant=destructive]:focus-visible:ring-destructive-foreground';
