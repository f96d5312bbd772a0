import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // Away from where the primary actions are (the buttons at the foot of forms, cards and
        // dialogs, and the phone tab bar): at the top on phones, over the header; from 768 px top
        // right, just below the 64 px navigation bar, at most 420 px wide (player spec section 9).
        'fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none',
        'md:top-16 md:max-h-[calc(100dvh-4rem)] md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border bg-popover text-popover-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant | undefined }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        'toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg p-4 pr-9 shadow-lg',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'group-data-[variant=destructive]:focus-visible:ring-destructive-foreground',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
