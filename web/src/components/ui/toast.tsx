import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';
import { toastClasses, toastCloseClasses, toastDescriptionClasses, toastTitleClasses, toastVariantClasses, toastViewportClasses } from './toast-styles';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return <ToastPrimitive.Viewport className={cn(toastViewportClasses, className)} {...props} />;
}

export function Toast({ className, variant = 'default', ...props }: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant | undefined }) {
  return <ToastPrimitive.Root data-variant={variant} className={cn(toastClasses, toastVariantClasses[variant], className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn(toastTitleClasses, className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn(toastDescriptionClasses, className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close aria-label="Close" className={cn(toastCloseClasses, className)} {...props}>
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
