import { displayNameOf } from '@powerpool/contracts';
import type { CurrentUser } from '@powerpool/contracts';
import {
  Activity,
  CalendarCog,
  CircleUserRound,
  Ellipsis,
  ListChecks,
  LogOut,
  ShieldCheck,
  Trophy,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LOGOUT_PATH } from '../../lib/auth-urls';
import { cn } from '../../utils/cn';
import { ThemeRadioItems, ThemeSwitcher } from '../theme/theme-switcher';
import { buttonClasses } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Logo } from './logo';
import { isNavItemActive, isPathActive, navItemsForRole, splitForTabBar } from './nav-items';
import type { NavItem, NavItemId } from './nav-items';

const ICONS: Record<NavItemId, LucideIcon> = {
  picks: ListChecks,
  leaderboard: Trophy,
  liveResults: Activity,
  managePool: Users,
  manageWeeks: CalendarCog,
  siteAdmin: ShieldCheck,
};

/**
 * Player spec section 2: renders nothing when signed out; a top bar from 768 px; below that a
 * fixed four-column bottom tab bar whose fourth column ("More") holds the remaining items,
 * Profile, the theme and Log out.
 */
export function Navigation({ user }: { user: CurrentUser | null }) {
  const { pathname } = useLocation();
  if (!user) return null;
  const items = navItemsForRole(user.role);
  return (
    <>
      <TopBar user={user} items={items} pathname={pathname} />
      <BottomTabBar items={items} pathname={pathname} />
    </>
  );
}

interface BarProps {
  items: NavItem[];
  pathname: string;
}

function TopBar({ user, items, pathname }: BarProps & { user: CurrentUser }) {
  const name = displayNameOf(user);
  const profileActive = isPathActive(paths.profile.path, pathname);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div data-testid="top-nav" className="mx-auto hidden h-16 max-w-7xl items-center gap-4 px-6 md:flex">
        <Link to={paths.home.getHref()} className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="min-w-0 flex-1">
          <ul className="flex items-center gap-1">
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.id}>
                  <Link
                    to={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      active
                        ? 'bg-accent text-accent-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <span className="mr-1 hidden max-w-[12rem] truncate text-sm font-medium lg:inline" title={name}>
            {name}
          </span>
          <Link
            to={paths.profile.getHref()}
            aria-label="Profile"
            title="Profile"
            aria-current={profileActive ? 'page' : undefined}
            className={buttonClasses({
              variant: 'ghost',
              size: 'icon',
              className: profileActive ? 'bg-accent text-accent-foreground' : undefined,
            })}
          >
            <CircleUserRound aria-hidden="true" />
          </Link>
          <ThemeSwitcher />
          <a href={LOGOUT_PATH} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <LogOut aria-hidden="true" />
            Log out
          </a>
        </div>
      </div>
      <div className="flex h-14 items-center justify-between gap-3 px-4 md:hidden">
        <Link to={paths.home.getHref()} className="rounded-md">
          <Logo />
        </Link>
        <span className="truncate text-sm font-medium text-muted-foreground" title={name}>
          {name}
        </span>
      </div>
    </header>
  );
}

const tabClasses = (active: boolean) =>
  cn(
    'flex h-full flex-col items-center justify-center gap-1 text-[0.7rem] font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
    active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

function BottomTabBar({ items, pathname }: BarProps) {
  const { tabs, more } = splitForTabBar(items);
  const profileActive = isPathActive(paths.profile.path, pathname);
  const moreActive = profileActive || more.some((item) => isNavItemActive(item, pathname));
  return (
    <nav
      aria-label="Main"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 grid h-16 grid-cols-4 border-t bg-background/95 backdrop-blur md:hidden"
    >
      {tabs.map((item) => {
        const active = isNavItemActive(item, pathname);
        const Icon = ICONS[item.id];
        return (
          <Link key={item.id} to={item.href} aria-current={active ? 'page' : undefined} className={tabClasses(active)}>
            <Icon className={cn('size-5', active && 'stroke-[2.5]')} aria-hidden="true" />
            <span className="truncate">{item.label}</span>
          </Link>
        );
      })}
      <DropdownMenu>
        <DropdownMenuTrigger className={tabClasses(moreActive)}>
          <Ellipsis className="size-5" aria-hidden="true" />
          <span>More</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="end" sideOffset={8} className="w-56">
          {more.map((item) => {
            const Icon = ICONS[item.id];
            const active = isNavItemActive(item, pathname);
            return (
              <DropdownMenuItem key={item.id} asChild>
                <Link to={item.href} aria-current={active ? 'page' : undefined} className={cn(active && 'font-semibold text-primary')}>
                  <Icon aria-hidden="true" />
                  {item.label}
                </Link>
              </DropdownMenuItem>
            );
          })}
          <DropdownMenuItem asChild>
            <Link
              to={paths.profile.getHref()}
              aria-current={profileActive ? 'page' : undefined}
              className={cn(profileActive && 'font-semibold text-primary')}
            >
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
    </nav>
  );
}
