import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'text-foreground',
  info: 'border-transparent bg-primary/10 text-primary',
  success: 'border-transparent bg-success/15 text-success',
  warning: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300',
  destructive: 'border-transparent bg-destructive/15 text-destructive',
  muted: 'border-transparent bg-muted text-muted-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

/** A small status label. */
export function Badge({ className, variant = 'default', ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
