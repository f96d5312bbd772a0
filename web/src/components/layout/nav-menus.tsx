import { CircleUserRound, LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LOGOUT_PATH } from '@/lib/auth-urls';
import { cn } from '@/utils/cn';
import { ThemeRadioItems } from '@/components/theme/theme-switcher';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { isNavItemActive } from './nav-items';
import type { NavItem } from './nav-items';
import { MoreTriggerContent, NAV_ICONS, tabClasses, THEME_TRIGGER_LABEL, ThemeTriggerIcons, themeTriggerClasses } from './nav-parts';
import type { DeferredMenuProps } from './nav-parts';

/**
 * The navigation's two dropdown menus. Loaded on demand (navigation.tsx): the menu code (Radix
 * menu, floating-ui) is a fifth of the first load, and most visits never open a menu.
 */

/** Desktop: the icon button opening Light / Dark / System. */
export function ThemeMenu({ defaultOpen, autoFocus }: DeferredMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={themeTriggerClasses()} aria-label={THEME_TRIGGER_LABEL} title={THEME_TRIGGER_LABEL} autoFocus={autoFocus}>
        <ThemeTriggerIcons />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <ThemeRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Phones: the fourth column of the tab bar, with the remaining items, Profile, the theme and Log out. */
export function MoreMenu({
  more,
  pathname,
  active,
  profileActive,
  defaultOpen,
  autoFocus,
}: DeferredMenuProps & { more: readonly NavItem[]; pathname: string; active: boolean; profileActive: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={tabClasses(active)} autoFocus={autoFocus}>
        <MoreTriggerContent />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end" sideOffset={8} className="w-56">
        {more.map((item) => {
          const Icon = NAV_ICONS[item.id];
          const itemActive = isNavItemActive(item, pathname);
          return (
            <DropdownMenuItem key={item.id} asChild>
              <Link to={item.href} aria-current={itemActive ? 'page' : undefined} className={cn(itemActive && 'font-semibold text-primary')}>
                <Icon aria-hidden="true" />
                {item.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuItem asChild>
          <Link to={paths.profile.getHref()} aria-current={profileActive ? 'page' : undefined} className={cn(profileActive && 'font-semibold text-primary')}>
            <CircleUserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <ThemeRadioItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href={LOGOUT_PATH}>
            <LogOut aria-hidden="true" />
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
