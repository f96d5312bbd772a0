import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'text-foreground',
  info: 'border-transparent bg-primary/10 text-primary',
  success: 'border-transparent bg-success/15 text-success',
  warning: 'border-transparent bg-warning/15 text-warning',
  destructive: 'border-transparent bg-destructive/15 text-destructive',
  muted: 'border-transparent bg-muted text-muted-foreground',
} as const;

const sizes = {
  default: 'gap-1 px-2.5 py-0.5 text-xs [&_svg]:size-3',
  /** For a page header (the viewer's role on the admin screens). */
  lg: 'gap-1.5 px-3 py-1 text-sm [&_svg]:size-3.5',
} as const;

export type BadgeVariant = keyof typeof variants;
export type BadgeSize = keyof typeof sizes;

/** A small status label. */
export function Badge({ className, variant = 'default', size = 'default', ...props }: ComponentProps<'span'> & { variant?: BadgeVariant; size?: BadgeSize }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border font-semibold whitespace-nowrap', sizes[size], variants[variant], className)}
      {...props}
    />
  );
}
