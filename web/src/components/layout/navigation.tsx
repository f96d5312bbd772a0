import { displayNameOf } from '@powerpool/contracts';
import type { CurrentUser } from '@powerpool/contracts';
import { CircleUserRound, LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LOGOUT_PATH } from '@/lib/auth-urls';
import { onDemand } from '@/lib/on-demand';
import { cn } from '@/utils/cn';
import { buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { Logo } from './logo';
import { isNavItemActive, isPathActive, navItemsForRole, splitForTabBar } from './nav-items';
import type { NavItem } from './nav-items';
import { MoreTriggerContent, NAV_ICONS, tabClasses, THEME_TRIGGER_LABEL, ThemeTriggerIcons, themeTriggerClasses } from './nav-parts';
import type { DeferredMenuProps } from './nav-parts';

/** The theme and More menus: fetched when the pointer or the focus reaches a trigger. */
const navMenus = onDemand(() => import('./nav-menus'));

/**
 * docs/screens.md#navigation: renders nothing when signed out; a top bar from 768 px; below that a
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
                      active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
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
          <DeferredMenu
            placeholder={(props) => (
              <button {...props} className={themeTriggerClasses()} aria-label={THEME_TRIGGER_LABEL} title={THEME_TRIGGER_LABEL}>
                <ThemeTriggerIcons />
              </button>
            )}
            menu={(menus, props) => <menus.ThemeMenu {...props} />}
          />
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
        const Icon = NAV_ICONS[item.id];
        return (
          <Link key={item.id} to={item.href} aria-current={active ? 'page' : undefined} className={tabClasses(active)}>
            <Icon className={cn('size-5', active && 'stroke-[2.5]')} aria-hidden="true" />
            <span className="truncate">{item.label}</span>
          </Link>
        );
      })}
      <DeferredMenu
        placeholder={(props) => (
          <button {...props} className={tabClasses(moreActive)}>
            <MoreTriggerContent />
          </button>
        )}
        menu={(menus, props) => <menus.MoreMenu {...props} more={more} pathname={pathname} active={moreActive} profileActive={profileActive} />}
      />
    </nav>
  );
}

type NavMenus = Awaited<ReturnType<typeof navMenus.load>>;
type PlaceholderProps = Pick<
  ComponentProps<'button'>,
  'type' | 'aria-haspopup' | 'aria-expanded' | 'onPointerEnter' | 'onFocus' | 'onBlur' | 'onPointerDown' | 'onClick'
>;

/**
 * A menu trigger that shows at once and looks final, while the menu itself loads on demand:
 * pointing at the trigger or focusing it fetches the menu code; pressing it before the code has
 * arrived opens the menu as soon as it has (and if it cannot load, says so).
 */
function DeferredMenu({
  placeholder,
  menu,
}: {
  placeholder: (props: PlaceholderProps) => ReactNode;
  menu: (menus: NavMenus, props: DeferredMenuProps) => ReactNode;
}) {
  const menus = navMenus.useLoaded();
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  // A press is a pointerdown and then a click: ask (and complain) once.
  const asked = useRef(false);
  if (menus) return menu(menus, { defaultOpen: pressed, autoFocus: focused });

  const prefetch = () => void navMenus.load().catch(() => undefined);
  const press = () => {
    setPressed(true);
    if (asked.current) return;
    asked.current = true;
    navMenus.load().catch(() => {
      asked.current = false;
      setPressed(false);
      toast({ title: 'Error', description: 'The menu could not be loaded. Please check your connection and try again.', variant: 'destructive' });
    });
  };
  return placeholder({
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: () => {
      setFocused(true);
      prefetch();
    },
    onBlur: () => setFocused(false),
    onPointerDown: press,
    onClick: press,
  });
}
