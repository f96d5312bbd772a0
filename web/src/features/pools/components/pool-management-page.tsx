import type { Pool } from '@powerpool/contracts';
import { CalendarDays, CheckCircle2, CircleSlash, Trophy, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { RoleBadge } from '@/components/role-badge';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Root as Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useSignedInUser } from '@/lib/auth';
import { formatDate } from '@/lib/dates';
import { POOL_TYPE_LABELS } from '@/lib/format';
import { isSuperAdmin } from '@/lib/roles';
import { toastFailure } from '@/lib/toast-error';
import { useActivatePool } from '@/features/pools/api/activate-pool';
import { FirstView } from '@/lib/first-view';
import { pickManagedPool, useOwnedPools } from '@/lib/owned-pools';
import { poolManagementFirstView } from '@/features/pools/lib/pool-management-first-view';
import { CreatePoolDialog } from './create-pool-dialog';
import { InvitationsPanel } from './invitations-panel';
import { MembersTab } from './members-tab';
import { ReminderSettingsCard } from './reminder-settings-card';
import { WeeklyTiebreakerCard } from './weekly-tiebreaker-card';

/**
 * /admin (docs/screens.md#pool-management): role badge, pool selector and the three tabs. The Testing tab's
 * week tool belongs to the weeks feature; the route passes it in as `testingTab` for the
 * selected pool (features do not import each other).
 */
export function PoolManagementPage({ testingTab }: { testingTab: (pool: Pool | undefined) => ReactNode }) {
  const user = useSignedInUser();
  const superAdmin = isSuperAdmin(user.role);
  const loading = <InlineLoading label="Loading your pools..." />;
  // The header stays; what is under it renders once the pools and the first pool's cards are in (lib/first-view.tsx).
  return (
    <>
      <PoolManagementHeader superAdmin={superAdmin} />
      <FirstView id="pool-management" queries={poolManagementFirstView(user.id, superAdmin)} fallback={loading}>
        <PoolManagement testingTab={testingTab} loading={loading} />
      </FirstView>
    </>
  );
}

function PoolManagementHeader({ superAdmin }: { superAdmin: boolean }) {
  return (
    <PageHeader
      title={paths.admin.title}
      description="Create pools, invite members and manage your pool."
      actions={<RoleBadge role={superAdmin ? 'super_admin' : 'pool_commissioner'} />}
    />
  );
}

function PoolManagement({ testingTab, loading }: { testingTab: (pool: Pool | undefined) => ReactNode; loading: ReactNode }) {
  const user = useSignedInUser();
  const superAdmin = isSuperAdmin(user.role);
  const owned = useOwnedPools();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selectId = useId();

  if (owned.isPending) return loading;
  if (owned.isError) {
    return (
      <InlineError
        title="Unable to load pools"
        message={errorText(owned.error, 'Failed to load pools.')}
        onRetry={() => void owned.refetch()}
        retrying={owned.isFetching}
      />
    );
  }

  const pools = owned.data;
  const pool = pickManagedPool(pools, chosenId, user.id);
  const managingAsAdmin = superAdmin && pool !== undefined && pool.poolCommissionerId !== user.id;
  const showSelector = pools.length > 1 || managingAsAdmin;
  const adminMode = pool !== undefined && (superAdmin || pool.poolCommissionerId === user.id);

  return (
    <>
      {showSelector && pool ? (
        <div className="mb-6 flex flex-wrap items-end gap-3" data-testid="pool-selector">
          <div className="grid w-full gap-2 sm:w-80">
            <Label htmlFor={selectId}>Pool</Label>
            <NativeSelect id={selectId} value={pool.id} onChange={(e) => setChosenId(e.target.value)}>
              {pools.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.year}){p.isActive ? '' : ' - inactive'}
                </option>
              ))}
            </NativeSelect>
          </div>
          {pool.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
          {managingAsAdmin ? <Badge variant="warning">Managing as Super Admin</Badge> : null}
        </div>
      ) : null}
      <Tabs defaultValue="pool">
        <TabsList aria-label="Pool management sections">
          <TabsTrigger value="pool">Pool Management</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="testing">Testing</TabsTrigger>
        </TabsList>
        <TabsContent value="pool">
          <PoolTab pool={pool} adminMode={adminMode} onCreated={(created) => setChosenId(created.id)} />
        </TabsContent>
        <TabsContent value="users">
          <MembersTab pool={pool} />
        </TabsContent>
        <TabsContent value="testing">{testingTab(pool)}</TabsContent>
      </Tabs>
    </>
  );
}

function PoolTab({ pool, adminMode, onCreated }: { pool: Pool | undefined; adminMode: boolean; onCreated: (pool: Pool) => void }) {
  const [confirmActivate, setConfirmActivate] = useState(false);
  const activate = useActivatePool();

  if (!pool) {
    return (
      <EmptyState
        title="No pools yet"
        description="Create your first pool, then invite people with a link."
        icon={<Trophy className="size-8 text-muted-foreground" aria-hidden="true" />}
      >
        <CreatePoolDialog onCreated={onCreated} />
      </EmptyState>
    );
  }

  function activateIt(target: Pool) {
    activate.mutate(target.id, {
      onSuccess: () => {
        setConfirmActivate(false);
        toast({ title: 'Success', description: 'Pool activated successfully' });
      },
      onError: (error) => {
        setConfirmActivate(false);
        toastFailure(error, { fallback: 'Unknown error', describe: (text) => `Failed to activate pool: ${text}` });
      },
    });
  }

  const seasonTypes = [
    { label: 'Preseason', on: pool.allowsPreseason },
    { label: 'Regular', on: pool.allowsRegularSeason },
    { label: 'Postseason', on: pool.allowsPostseason },
  ];

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle data-testid="selected-pool-name">{pool.name}</CardTitle>
              <Badge variant="outline">{pool.year}</Badge>
              {pool.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
            </div>
            <CardDescription>{pool.description || 'No description.'}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {!pool.isActive && adminMode ? (
              <Button variant="secondary" onClick={() => setConfirmActivate(true)}>
                <CheckCircle2 aria-hidden="true" />
                Activate Pool
              </Button>
            ) : null}
            <CreatePoolDialog onCreated={onCreated} />
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div className="grid gap-1.5">
              <dt className="text-muted-foreground">Pool types</dt>
              <dd className="flex flex-wrap gap-1.5">
                {seasonTypes.map((t) => (
                  <Badge key={t.label} variant={t.on ? 'secondary' : 'outline'} className={t.on ? '' : 'text-muted-foreground line-through'}>
                    {t.on ? <CheckCircle2 aria-hidden="true" /> : <CircleSlash aria-hidden="true" />}
                    {t.label}
                  </Badge>
                ))}
              </dd>
            </div>
            <div className="grid gap-1.5">
              <dt className="text-muted-foreground">Created</dt>
              <dd className="inline-flex items-center gap-1.5 font-medium">
                <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
                {formatDate(pool.createdAt)}
              </dd>
            </div>
            <div className="grid gap-1.5">
              <dt className="text-muted-foreground">Max members</dt>
              <dd className="inline-flex items-center gap-1.5 font-medium">
                <Users className="size-4 text-muted-foreground" aria-hidden="true" />
                {pool.maxMembers}
              </dd>
            </div>
            <div className="grid gap-1.5">
              <dt className="text-muted-foreground">Type and visibility</dt>
              <dd className="font-medium">
                {POOL_TYPE_LABELS[pool.poolType]} · {pool.isPublic ? 'Public' : 'Private'}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {adminMode ? <WeeklyTiebreakerCard pool={pool} /> : null}
      {adminMode ? <ReminderSettingsCard poolId={pool.id} /> : null}
      <InvitationsPanel pool={pool} />
      <ConfirmDialog
        open={confirmActivate}
        onOpenChange={setConfirmActivate}
        title="Activate Pool"
        description="Are you sure you want to activate this pool?"
        confirmLabel="Activate Pool"
        pending={activate.isPending}
        onConfirm={() => activateIt(pool)}
      />
    </div>
  );
}
