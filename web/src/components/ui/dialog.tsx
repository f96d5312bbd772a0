import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/utils/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

const overlayClasses = 'fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]';
// A column no taller than the screen: header, body, footer. A tall body scrolls inside DialogBody
// while the header and the footer's buttons stay in view; without a DialogBody the whole dialog scrolls.
const contentClasses =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto ' +
  'rounded-xl border bg-card p-6 text-card-foreground shadow-lg focus:outline-none';

/** A modal dialog with an overlay and a close button. */
export function DialogContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content className={cn(contentClasses, className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex shrink-0 flex-col gap-1.5 pr-6', className)} {...props} />;
}

/**
 * The part of a dialog that scrolls when it does not fit (a long form), so the footer's buttons
 * never leave the screen. A form holding body and footer takes `dialogFormClasses`.
 */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  // The negative margin and padding keep the fields' focus rings inside the scrolling box.
  return <div className={cn('-mx-6 -my-1 min-h-0 flex-1 overflow-y-auto px-6 py-1', className)} {...props} />;
}

/** Classes of a <form> that wraps a DialogBody and its DialogFooter. */
export const dialogFormClasses = 'flex min-h-0 flex-1 flex-col gap-4';

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex shrink-0 flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation (role alertdialog): Cancel and a confirm button. The dialog stays open while
 * `pending`; the caller closes it when the action has finished.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content role="alertdialog" className={cn(contentClasses, 'max-w-md')}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <DialogPrimitive.Close asChild>
              <button
                type="button"
                className="inline-flex h-10 items-center justify-center rounded-md border border-input bg-card px-4 text-sm font-medium shadow-xs hover:bg-accent"
              >
                {cancelLabel}
              </button>
            </DialogPrimitive.Close>
            <button
              type="button"
              disabled={pending}
              onClick={onConfirm}
              className={cn(
                'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium shadow-sm disabled:opacity-50',
                destructive ? 'bg-destructive text-destructive-foreground hover:bg-destructive/90' : 'bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {confirmLabel}
            </button>
          </DialogFooter>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
