import { ROLES } from '@powerpool/contracts';
import type { GlobalUser, Pool, Role } from '@powerpool/contracts';
import { CreditCard, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaidBadge } from '@/components/paid-badge';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ROLE_LABELS } from '@/lib/format';
import { toastFailure } from '@/lib/toast-error';
import { useAddUserToPool } from '@/features/site-admin-users/api/add-user-to-pool';
import { useChangeRole } from '@/features/site-admin-users/api/change-role';
import { useAllPools } from '@/features/site-admin-users/api/get-all-pools';
import { useGlobalUsers } from '@/features/site-admin-users/api/get-global-users';
import { useRemoveUserFromPool } from '@/features/site-admin-users/api/remove-user-from-pool';
import { ALL_USERS, filterGlobalUsers, UNASSIGNED_USERS } from '@/features/site-admin-users/lib/user-filter';

/** docs/screens.md#errors: user changes show the server message, else the given text. */
function failure(error: unknown, fallback: string) {
  toastFailure(error, { fallback });
}

/** The "Global User Management" tab of /site-admin (docs/screens.md#site-admin). */
export function GlobalUserManagement() {
  const users = useGlobalUsers();
  const pools = useAllPools();
  const [query, setQuery] = useState('');
  const [poolFilter, setPoolFilter] = useState(ALL_USERS);
  const ids = useId();

  if (users.isPending || pools.isPending) return <InlineLoading label="Loading users..." />;
  if (users.isError || pools.isError) {
    return (
      <InlineError
        message={users.isError ? 'Failed to load user data. Please try again.' : errorText(pools.error, 'Failed to load pools.')}
        onRetry={() => {
          void users.refetch();
          void pools.refetch();
        }}
        retrying={users.isFetching || pools.isFetching}
      />
    );
  }

  const shown = filterGlobalUsers(users.data, query, poolFilter);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:w-2/3">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-search`}>Search users</Label>
            <SearchInput id={`${ids}-search`} placeholder="Name or email..." value={query} onValueChange={setQuery} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-filter`}>Pool</Label>
            <NativeSelect id={`${ids}-filter`} value={poolFilter} onChange={(e) => setPoolFilter(e.target.value)}>
              <option value={ALL_USERS}>All users</option>
              <option value={UNASSIGNED_USERS}>Unassigned users</option>
              {pools.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.year})
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <Button variant="outline" asChild>
          <Link to={paths.payments.getHref()}>
            <CreditCard aria-hidden="true" />
            Payment Management
          </Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Showing {shown.length} of {users.data.length} users
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No users found" description="No users match this search and filter." />
      ) : (
        <ResponsiveTable
          label="Users"
          rows={shown}
          rowKey={(user) => user.id}
          testId="global-user"
          breakpoint="lg"
          columns={[
            {
              id: 'user',
              header: 'User',
              card: 'title',
              cell: (user) => (
                <>
                  <p className="font-medium">{user.name}</p>
                  <p className="text-sm break-all text-muted-foreground">{user.email}</p>
                </>
              ),
            },
            {
              id: 'payment',
              header: 'Payment',
              card: 'aside',
              cell: (user) => <PaidBadge hasPaid={user.hasPaid} />,
            },
            { id: 'role', header: 'Role', card: 'field', cell: (user) => <RoleSelect user={user} /> },
            { id: 'pools', header: 'Pools', card: 'field', cell: (user) => <PoolAssignments user={user} /> },
            {
              id: 'add',
              header: 'Add to pool',
              card: 'actions',
              cell: (user) => <AddToPool user={user} pools={pools.data} />,
            },
          ]}
        />
      )}
    </div>
  );
}

// mutateAsync, not mutate with callbacks: a change can take the row out of the filtered list,
// and per-call callbacks of an unmounted component never run (the toast would be lost).

function RoleSelect({ user }: { user: GlobalUser }) {
  const id = useId();
  const role = useChangeRole();

  async function changeRole(next: Role) {
    try {
      await role.mutateAsync({ userId: user.id, role: next });
      toast({ title: 'Success', description: 'User role updated successfully' });
    } catch (error) {
      failure(error, 'Failed to update user role');
    }
  }

  return (
    <>
      <Label htmlFor={id} className="sr-only">
        Role of {user.name}
      </Label>
      <NativeSelect id={id} value={user.role} disabled={role.isPending} onChange={(e) => void changeRole(e.target.value as Role)} className="min-w-52">
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}

function PoolAssignments({ user }: { user: GlobalUser }) {
  const remove = useRemoveUserFromPool();

  async function removeFromPool(poolId: string) {
    try {
      await remove.mutateAsync({ userId: user.id, poolId });
      toast({ title: 'Success', description: 'User removed successfully' });
    } catch (error) {
      failure(error, 'Failed to remove user from pool');
    }
  }

  if (user.poolAssignments.length === 0) return <span className="text-sm text-muted-foreground">Not in any pool</span>;
  return (
    <div className="flex flex-wrap gap-2" aria-label={`Pools of ${user.name}`}>
      {user.poolAssignments.map((a) => (
        <Badge key={a.poolId} variant={a.isActive ? 'secondary' : 'muted'} className="gap-1 pr-1">
          {a.poolName}
          <button
            type="button"
            onClick={() => void removeFromPool(a.poolId)}
            disabled={remove.isPending}
            className="rounded-full p-0.5 hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Remove ${user.name} from ${a.poolName}`}
          >
            <X aria-hidden="true" />
          </button>
        </Badge>
      ))}
    </div>
  );
}

function AddToPool({ user, pools }: { user: GlobalUser; pools: Pool[] }) {
  const id = useId();
  const add = useAddUserToPool();
  const [poolToAdd, setPoolToAdd] = useState('');
  const assigned = new Set(user.poolAssignments.map((a) => a.poolId));
  const addable = pools.filter((p) => !assigned.has(p.id));

  async function addToPool() {
    if (!poolToAdd) return;
    try {
      await add.mutateAsync({ userId: user.id, poolId: poolToAdd });
      setPoolToAdd('');
      toast({ title: 'Success', description: 'User added successfully' });
    } catch (error) {
      failure(error, 'Failed to add user to pool');
    }
  }

  if (addable.length === 0) return null;
  return (
    <div className="flex gap-2 lg:min-w-72">
      <Label htmlFor={id} className="sr-only">
        Add {user.name} to a pool
      </Label>
      <NativeSelect id={id} value={poolToAdd} onChange={(e) => setPoolToAdd(e.target.value)}>
        <option value="">Add to pool...</option>
        {addable.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.year})
          </option>
        ))}
      </NativeSelect>
      <Button variant="outline" onClick={() => void addToPool()} disabled={!poolToAdd || add.isPending}>
        <Plus aria-hidden="true" />
        Add
      </Button>
    </div>
  );
}
