import * as Tabs from '@/components/ui/tabs';
import { Database, FolderKanban, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { RoleBadge } from '@/components/role-badge';
import { paths, routeMeta } from '@/config/paths';
import { GlobalPoolManagement } from '@/features/site-admin-pools/components/global-pool-management';
import { GlobalUserManagement } from '@/features/site-admin-users/components/global-user-management';
import { StagingTab } from '@/features/staging/components/staging-tab';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** The tabs of /site-admin, in order; `?tab=` holds the open one so a reload keeps it. */
const TABS = [
  { value: 'staging', label: 'ESPN Data Staging', short: 'Data Staging', icon: <Database /> },
  { value: 'users', label: 'Global User Management', short: 'Users', icon: <Users /> },
  { value: 'pools', label: 'Global Pool Management', short: 'Pools', icon: <FolderKanban /> },
] as const;

type SiteAdminTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is SiteAdminTab {
  return TABS.some((tab) => tab.value === value);
}

/**
 * Site Administration (/site-admin, docs/screens.md#site-admin). Super admins only: the route guard in
 * app/router.tsx shows the "Unauthorized" toast to others and sends them to the login endpoint.
 */
export function SiteAdminRoute() {
  useDocumentMeta(routeMeta(paths.siteAdmin));
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SiteAdminTab = isTab(requested) ? requested : 'staging';

  function selectTab(value: string) {
    if (!isTab(value)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader title={paths.siteAdmin.title} description="Sports data, every user and every pool." actions={<RoleBadge role="super_admin" />} />
      <Tabs.Root value={tab} onValueChange={selectTab} className="space-y-6">
        <Tabs.List aria-label="Site administration" className="-mx-4 flex gap-1 overflow-x-auto border-b px-4 [scrollbar-width:none] sm:mx-0 sm:px-0">
          {TABS.map(({ value, label, short, icon }) => (
            <TabTrigger key={value} value={value} icon={icon}>
              {/* Phones get the short name; only the shown one is in the accessible name. */}
              <span className="sm:hidden">{short}</span>
              <span className="hidden sm:inline">{label}</span>
            </TabTrigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="staging" className="focus-visible:outline-none">
          <StagingTab />
        </Tabs.Content>
        <Tabs.Content value="users" className="focus-visible:outline-none">
          <GlobalUserManagement />
        </Tabs.Content>
        <Tabs.Content value="pools" className="focus-visible:outline-none">
          <GlobalPoolManagement />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function TabTrigger({ value, icon, children }: { value: SiteAdminTab; icon: ReactNode; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className={
        '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap ' +
        'text-muted-foreground transition-colors hover:text-foreground focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ' +
        'data-[state=active]:border-primary data-[state=active]:text-foreground [&_svg]:size-4'
      }
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </Tabs.Trigger>
  );
}
