import { useId } from 'react';
import { cn } from '@/utils/cn';

/** The PowerPool mark: a football with a lightning-bolt lace on an indigo tile. */
export function LogoMark({ className }: { className?: string }) {
  // Unique per instance: a hidden copy (the desktop bar on phones) must not own the gradient.
  const gradientId = `pp-tile-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 40 40" className={cn('size-9 shrink-0', className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.55 0.2 277)" />
          <stop offset="1" stopColor="oklch(0.4 0.19 285)" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill={`url(#${gradientId})`} />
      <g transform="rotate(-35 20 20)">
        <ellipse cx="20" cy="20" rx="13.5" ry="8.5" fill="#fff" />
        <path d="M9.5 15.6a14 14 0 0 1 0 8.8M30.5 15.6a14 14 0 0 0 0 8.8" stroke="oklch(0.45 0.19 280)" strokeWidth="1.6" fill="none" />
      </g>
      <path d="M21.8 11.5 15.5 21h4.2l-1.6 7.5 6.4-9.6h-4.2z" fill="oklch(0.78 0.15 80)" stroke="oklch(0.42 0.19 282)" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark plus wordmark. */
export function Logo({ className, size = 'md' }: { className?: string; size?: 'md' | 'lg' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={size === 'lg' ? 'size-16' : undefined} />
      <span className={cn('font-bold tracking-tight', size === 'lg' ? 'text-4xl' : 'text-lg')}>
        Power<span className="text-primary">Pool</span>
      </span>
    </span>
  );
}
