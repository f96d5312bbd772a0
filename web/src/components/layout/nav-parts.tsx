import { Activity, CalendarCog, Ellipsis, ListChecks, Moon, ShieldCheck, Sun, Trophy, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/utils/cn';
import { buttonClasses } from '@/components/ui/button';
import type { NavItemId } from './nav-items';

/**
 * What the navigation bar and its menus (loaded on demand, nav-menus.tsx) share: the icons and the
 * look of the two menu triggers, so a trigger looks the same before and after its menu loads.
 */
export const NAV_ICONS: Record<NavItemId, LucideIcon> = {
  picks: ListChecks,
  leaderboard: Trophy,
  liveResults: Activity,
  managePool: Users,
  manageWeeks: CalendarCog,
  siteAdmin: ShieldCheck,
};

/** A column of the phone tab bar. */
export const tabClasses = (active: boolean) =>
  cn(
    'flex h-full flex-col items-center justify-center gap-1 text-[0.7rem] font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
    active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

export const THEME_TRIGGER_LABEL = 'Toggle theme';
export const themeTriggerClasses = () => buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' });

/** The theme trigger's face: a sun in light mode, a moon in dark mode. */
export function ThemeTriggerIcons() {
  return (
    <>
      <Sun className="scale-100 rotate-0 transition-transform dark:scale-0 dark:-rotate-90" aria-hidden="true" />
      <Moon className="absolute scale-0 rotate-90 transition-transform dark:scale-100 dark:rotate-0" aria-hidden="true" />
    </>
  );
}

/** The More column's face. */
export function MoreTriggerContent() {
  return (
    <>
      <Ellipsis className="size-5" aria-hidden="true" />
      <span>More</span>
    </>
  );
}

/** What a menu takes when it replaces its placeholder trigger. */
export interface DeferredMenuProps {
  /** Open at once: the placeholder was pressed before the menu's code arrived. */
  defaultOpen: boolean;
  /** Take the focus: the placeholder had it. */
  autoFocus: boolean;
}
