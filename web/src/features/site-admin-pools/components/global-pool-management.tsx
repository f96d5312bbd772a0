import { POOL_TYPES } from '@powerpool/contracts';
import type { PoolAdminDetails } from '@powerpool/contracts';
import { Activity, CalendarDays, Crown, Trash2, UserCog, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { POOL_TYPE_LABELS, ROLE_LABELS } from '@/lib/format';
import { toastFailure } from '@/lib/toast-error';
import { useChangeCommissioner } from '@/features/site-admin-pools/api/change-commissioner';
import { useDeletePool } from '@/features/site-admin-pools/api/delete-pool';
import { useAdminPools } from '@/features/site-admin-pools/api/get-admin-pools';
import { useCandidateUsers } from '@/features/site-admin-pools/api/get-candidate-users';
import { commissionerCandidates, deletedPoolText, filterAdminPools } from '@/features/site-admin-pools/lib/pool-filter';
import type { PoolStatusFilter, PoolTypeFilter } from '@/features/site-admin-pools/lib/pool-filter';

/** docs/screens.md#errors: these failures show the product's fixed text, never the server's. */
function failure(error: unknown, text: string) {
  toastFailure(error, { fallback: text, text: 'fallback' });
}

/** The "Global Pool Management" tab of /site-admin (docs/screens.md#site-admin). */
export function GlobalPoolManagement() {
  const pools = useAdminPools();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<PoolTypeFilter>('all');
  const [status, setStatus] = useState<PoolStatusFilter>('all');
  const [changing, setChanging] = useState<PoolAdminDetails | null>(null);
  const [deleting, setDeleting] = useState<PoolAdminDetails | null>(null);
  const remove = useDeletePool();

  if (pools.isPending) return <InlineLoading label="Loading pools..." />;
  if (pools.isError) {
    return <InlineError message={errorText(pools.error, 'Failed to load pools.')} onRetry={() => void pools.refetch()} retrying={pools.isFetching} />;
  }

  const shown = filterAdminPools(pools.data, query, type, status);

  function deleteIt(pool: PoolAdminDetails) {
    remove.mutate(pool.id, {
      onSuccess: (result) => {
        setDeleting(null);
        toast({ title: 'Success', description: deletedPoolText(result) });
      },
      onError: (error) => {
        setDeleting(null);
        failure(error, 'Failed to delete pool');
      },
    });
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-search`}>Search pools</Label>
          <SearchInput id={`${ids}-search`} placeholder="Pool name, commissioner name or email..." value={query} onValueChange={setQuery} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-type`}>Pool type</Label>
          <NativeSelect id={`${ids}-type`} value={type} onChange={(e) => setType(e.target.value as PoolTypeFilter)}>
            <option value="all">All types</option>
            {POOL_TYPES.map((t) => (
              <option key={t} value={t}>
                {POOL_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-status`}>Status</Label>
          <NativeSelect id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as PoolStatusFilter)}>
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="pool-count">
        Showing {shown.length} of {pools.data.length} pools
      </p>
      {shown.length === 0 ? (
        <EmptyState
          title="No pools found"
          description={pools.data.length === 0 ? 'Pools appear here once a commissioner creates one.' : 'Try another search or filter.'}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((pool) => (
            <PoolCard key={pool.id} pool={pool} onChange={() => setChanging(pool)} onDelete={() => setDeleting(pool)} />
          ))}
        </ul>
      )}
      {changing ? <ChangeCommissionerDialog pool={changing} onClose={() => setChanging(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete pool?'}
        description="Deleting this pool permanently removes:"
        confirmLabel="Delete Pool Permanently"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && deleteIt(deleting)}
      >
        {deleting ? (
          <div className="grid gap-3 text-sm">
            <ul className="list-disc space-y-1 pl-5">
              <li>
                All {deleting.memberCount} {deleting.memberCount === 1 ? 'member' : 'members'} and their payment records
              </li>
              <li>All invitations and invitation links</li>
              <li>All weeks, games and spreads</li>
              <li>All picks and scores</li>
            </ul>
            <p className="font-semibold text-destructive">This action cannot be undone!</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function PoolCard({ pool, onChange, onDelete }: { pool: PoolAdminDetails; onChange: () => void; onDelete: () => void }) {
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm max-sm:p-4" data-testid="admin-pool-card">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="mr-auto min-w-0 text-base font-semibold break-words">{pool.name}</h3>
          <Badge variant="secondary">{POOL_TYPE_LABELS[pool.poolType]}</Badge>
          {pool.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{pool.description || 'No description.'}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact icon={<Users aria-hidden="true" />} label="Members">
          {pool.activeMemberCount}/{pool.memberCount}
        </Fact>
        <Fact icon={<CalendarDays aria-hidden="true" />} label="Year">
          {pool.year}
        </Fact>
        <Fact icon={<Activity aria-hidden="true" />} label="Last activity">
          {formatDate(pool.lastActivity, 'Never')}
        </Fact>
        <Fact icon={<Activity aria-hidden="true" />} label="Week state">
          {pool.currentWeekState ?? 'Not started'}
        </Fact>
      </dl>
      <div className="flex items-start gap-2 rounded-lg bg-muted/60 p-3 text-sm">
        <Crown className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">{pool.commissionerName ?? 'Unknown commissioner'}</p>
          <p className="truncate text-muted-foreground">{pool.commissionerEmail ?? '—'}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onChange}>
          <UserCog aria-hidden="true" />
          Change Commissioner
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete} aria-label={`Delete ${pool.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="inline-flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      {/* wrap-anywhere: a long value (GAMES_IN_PROGRESS) breaks rather than pushing a phone's page sideways. */}
      <dd className="min-w-0 font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

function ChangeCommissionerDialog({ pool, onClose }: { pool: PoolAdminDetails; onClose: () => void }) {
  const id = useId();
  const users = useCandidateUsers(true);
  const [userId, setUserId] = useState('');
  const changeCommissioner = useChangeCommissioner();
  const candidates = commissionerCandidates(users.data ?? []).filter((u) => u.id !== pool.poolCommissionerId);

  function save() {
    if (!userId) return;
    changeCommissioner.mutate(
      { poolId: pool.id, userId },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Pool commissioner updated successfully' });
          onClose();
        },
        onError: (error) => failure(error, 'Failed to update pool commissioner'),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Commissioner</DialogTitle>
          <DialogDescription>Choose the new commissioner of {pool.name}. Only pool commissioners and super admins can be chosen.</DialogDescription>
        </DialogHeader>
        {users.isPending ? (
          <InlineLoading label="Loading users..." className="py-6" />
        ) : users.isError ? (
          <InlineError message="Failed to load user data. Please try again." onRetry={() => void users.refetch()} retrying={users.isFetching} />
        ) : candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other pool commissioners or super admins exist yet.</p>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={id}>New commissioner</Label>
            <NativeSelect id={id} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Select a user...</option>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.displayName?.trim() || u.email} ({ROLE_LABELS[u.role]})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!userId || changeCommissioner.isPending}>
            {changeCommissioner.isPending ? 'Saving...' : 'Change Commissioner'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
