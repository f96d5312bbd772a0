import { createContext, use, useId, useState } from 'react';
import type { ComponentProps, KeyboardEvent } from 'react';
import { cn } from '@/utils/cn';

/**
 * Tabs (the WAI-ARIA tabs pattern): Root holds the selected value (controlled with `value` and
 * `onValueChange`, or from `defaultValue`), List is the tablist, Trigger a tab, Content its panel,
 * empty and hidden while another tab is selected. The keyboard is the pattern's with automatic
 * activation: the selected tab is the one stop of the Tab key (roving tabindex), Left and Right
 * arrows move to the previous and next tab (wrapping), Home and End to the first and last, and a
 * tab that gets focus is selected. Radix's Tabs did the same but each panel measured itself on
 * mount (its Presence reads the computed style): a forced style recalculation of the whole page
 * during the first render (docs/screens.md#main-thread-time: about 35 ms of the 4x-slowed main thread on Pool Management).
 * The parts are Root, List, Trigger and Content; TabsList, TabsTrigger and TabsContent are them
 * with the app's look.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs.List, Tabs.Trigger and Tabs.Content belong inside Tabs.Root');
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;
const stateOf = (active: boolean) => (active ? 'active' : 'inactive');

type RootProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Root({ value: controlled, defaultValue = '', onValueChange, children, ...props }: RootProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const baseId = useId();
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value, select, baseId }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

/** The tab a key moves focus to, among the list's enabled tabs, or undefined for a key the pattern does not use. */
function tabFor(key: string, tabs: HTMLElement[], current: number): HTMLElement | undefined {
  switch (key) {
    case 'ArrowRight':
      return tabs[(current + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(current - 1 + tabs.length) % tabs.length];
    case 'Home':
    case 'PageUp':
      return tabs[0];
    case 'End':
    case 'PageDown':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

export function List({ onKeyDown, ...props }: ComponentProps<'div'>) {
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
    const current = tabs.findIndex((tab) => tab === event.target);
    if (current === -1) return;
    const next = tabFor(event.key, tabs, current);
    if (!next) return;
    event.preventDefault();
    next.focus();
  }
  return <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" onKeyDown={moveFocus} {...props} />;
}

export function Trigger({ value, disabled, onMouseDown, onClick, onFocus, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={active}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // The primary button selects at once (as Radix did); a ctrl-click does not move focus.
        if (event.defaultPrevented || disabled) return;
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onClick={(event) => {
        onClick?.(event);
        // Enter and Space (and assistive technology's click).
        if (!event.defaultPrevented && !disabled) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: the tab the arrow keys moved to is shown.
        if (!event.defaultPrevented && !disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function Content({ value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      hidden={!active}
      tabIndex={0}
      {...props}
    >
      {active ? children : null}
    </div>
  );
}

/**
 * The tabs in one row at every width: on a phone the row is the screen's width and the tabs share
 * it, each wrapping its own words only when they do not fit (320 px), never a tab alone on a
 * second line (seen: "Testing" under "Pool Management" and "User Management" at 390 px).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof List>) {
  return (
    <List
      className={cn(
        'inline-flex h-auto max-w-full items-stretch gap-1 rounded-lg bg-muted p-1 text-muted-foreground max-sm:flex max-sm:w-full sm:flex-wrap sm:items-center',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof Trigger>) {
  return (
    <Trigger
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md py-1.5 text-sm font-medium transition-all pointer-coarse:min-h-11 max-sm:flex-auto max-sm:px-1.5 max-sm:text-center max-sm:leading-tight sm:px-3 sm:whitespace-nowrap',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof Content>) {
  return <Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
