import type { CurrentUser } from '@powerpool/contracts';
import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { Navigation } from './navigation';

/**
 * Page frame: skip link, navigation (only when signed in) and the <main> landmark. On phones the
 * main area is padded at the bottom so the fixed tab bar (h-16) never covers content.
 */
export function AppShell({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Skip to content
      </a>
      <Navigation user={user} />
      <main id="main" tabIndex={-1} className={cn('flex flex-1 flex-col outline-none', user && 'pb-20 md:pb-0')}>
        {children}
      </main>
    </div>
  );
}

/** The usual width and padding of a screen's content. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 md:px-6 md:py-10', className)}>{children}</div>;
}
