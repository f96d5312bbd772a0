import { createContext, use, useId } from 'react';
import type { ComponentProps } from 'react';

/**
 * A section that opens and closes under its trigger: Root holds the state (controlled), Trigger is
 * the button (aria-expanded, aria-controls), Content the region, empty and hidden while closed.
 * Radix's Collapsible did the same but measured its content on mount, closed or not: a forced style
 * recalculation and layout of the whole page during the first render (docs/screens.md#main-thread-time: about 75 ms of the
 * 4x-slowed main thread on Manage Weeks, which shows two of them, and on the live leaderboard).
 */
interface CollapsibleState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
}

const CollapsibleContext = createContext<CollapsibleState | null>(null);

function useCollapsible(): CollapsibleState {
  const state = use(CollapsibleContext);
  if (!state) throw new Error('Collapsible.Trigger and Collapsible.Content belong inside Collapsible.Root');
  return state;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

export function Root({ open, onOpenChange, children, ...props }: ComponentProps<'div'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const contentId = useId();
  return (
    <CollapsibleContext value={{ open, onOpenChange, contentId }}>
      <div data-state={stateOf(open)} {...props}>
        {children}
      </div>
    </CollapsibleContext>
  );
}

export function Trigger({ onClick, ...props }: ComponentProps<'button'>) {
  const { open, onOpenChange, contentId } = useCollapsible();
  return (
    <button
      type="button"
      aria-controls={contentId}
      aria-expanded={open}
      data-state={stateOf(open)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      }}
      {...props}
    />
  );
}

export function Content({ children, ...props }: ComponentProps<'div'>) {
  const { open, contentId } = useCollapsible();
  return (
    <div id={contentId} hidden={!open} data-state={stateOf(open)} {...props}>
      {open ? children : null}
    </div>
  );
}
