import { MEMBER_NOTES_MAX_LENGTH } from '@powerpool/contracts';
import type { Pool, PoolMemberDetails } from '@powerpool/contracts';
import { Activity, CreditCard, Pencil, Trash2, UserCheck, UserPlus, Users, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaidBadgeButton } from '@/components/paid-badge';
import { EmptyState, InlineError, InlineLoading, StatCard } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useSignedInUser } from '@/lib/auth';
import { isSuperAdmin } from '@/lib/roles';
import { toastFailure } from '@/lib/toast-error';
import { useMemberDetails } from '@/features/pools/api/get-member-details';
import { useMemberStats } from '@/features/pools/api/get-member-stats';
import { useRemoveMember } from '@/features/pools/api/remove-member';
import { useUpdateMember } from '@/features/pools/api/update-member';
import { filterMembers } from '@/features/pools/lib/member-filter';

/** docs/screens.md#errors: member failures show the product's fixed text, never the server's. */
function failure(error: unknown, text: string) {
  toastFailure(error, { fallback: text, text: 'fallback' });
}

/** Payments are global (identity's, super admin only): the link shows to super admins only. */
function PaymentsLink() {
  const user = useSignedInUser();
  if (!isSuperAdmin(user.role)) return null;
  return (
    <Button variant="outline" asChild>
      <Link to={paths.payments.getHref()}>
        <CreditCard aria-hidden="true" />
        Payment Management
      </Link>
    </Button>
  );
}

/** User Management tab: the member panel of the selected pool, or a prompt to select one. */
export function MembersTab({ pool }: { pool: Pool | undefined }) {
  if (!pool) {
    return (
      <EmptyState title="Select a pool" description="Select a pool to manage its members.">
        <PaymentsLink />
      </EmptyState>
    );
  }
  return <MembersPanel pool={pool} />;
}

function loadFailure(error: unknown): string {
  const status = isApiError(error) ? ` (HTTP error! status: ${error.status})` : '';
  return `Failed to load member information. Please try again.${status}`;
}

function MembersPanel({ pool }: { pool: Pool }) {
  const details = useMemberDetails(pool.id);
  const stats = useMemberStats(pool.id);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<PoolMemberDetails | null>(null);
  const [removing, setRemoving] = useState<PoolMemberDetails | null>(null);
  const update = useUpdateMember();
  const remove = useRemoveMember();

  if (details.isPending || stats.isPending) return <InlineLoading label="Loading members..." />;
  if (details.isError || stats.isError) {
    return (
      <InlineError
        message={loadFailure(details.error ?? stats.error)}
        onRetry={() => {
          void details.refetch();
          void stats.refetch();
        }}
        retrying={details.isFetching || stats.isFetching}
      />
    );
  }

  const members = filterMembers(details.data, query);

  function togglePaid(member: PoolMemberDetails) {
    const hasPaid = !member.hasPaid;
    update.mutate(
      { poolId: pool.id, userId: member.userId, body: { hasPaid } },
      {
        onSuccess: () => toast({ title: 'Payment Status Updated', description: `${member.name} marked as ${hasPaid ? 'paid' : 'unpaid'}.` }),
        onError: (error) => failure(error, 'Failed to update payment status'),
      },
    );
  }

  function removeMember(member: PoolMemberDetails) {
    remove.mutate(
      { poolId: pool.id, userId: member.userId },
      {
        onSuccess: () => {
          setRemoving(null);
          toast({ title: 'Success', description: 'Member removed successfully' });
        },
        onError: (error) => {
          setRemoving(null);
          failure(error, 'Failed to remove member');
        },
      },
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Members" value={stats.data.totalMembers} icon={<Users className="size-4" aria-hidden="true" />} />
        <StatCard label="Active Members" value={stats.data.activeMembers} icon={<UserCheck className="size-4" aria-hidden="true" />} />
        <StatCard label="Inactive Members" value={stats.data.inactiveMembers} icon={<UserX className="size-4" aria-hidden="true" />} />
        <StatCard label="Recent Joins" value={stats.data.recentJoins} hint="Last 30 days" icon={<UserPlus className="size-4" aria-hidden="true" />} />
      </div>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Members of {pool.name}</CardTitle>
            <CardDescription>Click a payment badge to mark a member paid or unpaid.</CardDescription>
          </div>
          <PaymentsLink />
        </CardHeader>
        <CardContent className="grid gap-4">
          <SearchInput wrapperClassName="max-w-sm" aria-label="Search members" placeholder="Search members..." value={query} onValueChange={setQuery} />
          {details.data.length === 0 ? (
            <EmptyState title="No members yet" description="Members appear here once they join through an invitation link." />
          ) : members.length === 0 ? (
            <EmptyState title="No members found" description={`No members match "${query}".`} />
          ) : (
            <ResponsiveTable
              label={`Members of ${pool.name}`}
              rows={members}
              rowKey={(member) => member.userId}
              testId="member"
              columns={[
                {
                  id: 'member',
                  header: 'Member',
                  card: 'title',
                  cell: (member) => (
                    <>
                      <p className="font-medium">{member.name}</p>
                      <p className="text-xs break-all text-muted-foreground">{member.email}</p>
                    </>
                  ),
                },
                { id: 'role', header: 'Role', card: 'meta', cell: (member) => <MemberRoleBadge member={member} /> },
                { id: 'status', header: 'Status', card: 'meta', cell: (member) => <StatusBadge member={member} /> },
                {
                  id: 'payment',
                  header: 'Payment',
                  card: 'aside',
                  cell: (member) => <PaymentToggle member={member} pending={update.isPending} onToggle={() => togglePaid(member)} />,
                },
                {
                  id: 'lastActive',
                  header: 'Last Active',
                  card: 'meta',
                  className: 'text-muted-foreground whitespace-nowrap',
                  cell: (member) => <LastActive member={member} />,
                },
                {
                  id: 'actions',
                  header: 'Actions',
                  align: 'end',
                  card: 'actions',
                  cell: (member) => <MemberActions member={member} onEdit={() => setEditing(member)} onRemove={() => setRemoving(member)} />,
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
      {editing ? <EditMemberDialog poolId={pool.id} member={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Member"
        description={removing ? `Are you sure you want to remove ${removing.name} (${removing.email}) from ${pool.name}? This action cannot be undone.` : ''}
        confirmLabel="Remove Member"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && removeMember(removing)}
      />
    </div>
  );
}

function MemberRoleBadge({ member }: { member: PoolMemberDetails }) {
  return <Badge variant={member.role === 'admin' ? 'default' : 'secondary'}>{member.role === 'admin' ? 'Admin' : 'Member'}</Badge>;
}

function StatusBadge({ member }: { member: PoolMemberDetails }) {
  return <Badge variant={member.isActive ? 'success' : 'muted'}>{member.isActive ? 'Active' : 'Inactive'}</Badge>;
}

function LastActive({ member }: { member: PoolMemberDetails }) {
  return (
    <span className="inline-flex items-center gap-1.5" title="Last active">
      <Activity className="size-3.5" aria-hidden="true" />
      {formatDate(member.lastActive, 'Never')}
    </span>
  );
}

/** The payment badge; clicking it flips paid and unpaid. */
function PaymentToggle({ member, pending, onToggle }: { member: PoolMemberDetails; pending: boolean; onToggle: () => void }) {
  return (
    <PaidBadgeButton
      hasPaid={member.hasPaid}
      onClick={onToggle}
      disabled={pending}
      label={`${member.hasPaid ? 'Paid' : 'Unpaid'}: mark ${member.name} as ${member.hasPaid ? 'unpaid' : 'paid'}`}
    />
  );
}

function MemberActions({ member, onEdit, onRemove }: { member: PoolMemberDetails; onEdit: () => void; onRemove: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${member.name}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive"
        onClick={onRemove}
        aria-label={`Remove ${member.name}`}
        disabled={member.role === 'admin'}
        title={member.role === 'admin' ? 'The commissioner cannot be removed' : undefined}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </div>
  );
}

function EditMemberDialog({ poolId, member, onClose }: { poolId: string; member: PoolMemberDetails; onClose: () => void }) {
  const ids = useId();
  const [isActive, setIsActive] = useState(member.isActive);
  const [hasPaid, setHasPaid] = useState(member.hasPaid);
  const [paymentNotes, setPaymentNotes] = useState(member.paymentNotes ?? '');
  const [notes, setNotes] = useState(member.notes ?? '');
  const update = useUpdateMember();

  function save() {
    update.mutate(
      { poolId, userId: member.userId, body: { isActive, hasPaid, paymentNotes: paymentNotes.trim() || null, notes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Member status updated successfully' });
          onClose();
        },
        onError: (error) => failure(error, 'Failed to update member status'),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Member</DialogTitle>
          <DialogDescription>
            {member.name} ({member.email})
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <CheckboxField
            label="Active member"
            hint="Inactive members stay in the pool but are not counted as active."
            checked={isActive}
            onCheckedChange={setIsActive}
          />
          <CheckboxField label="Has paid" checked={hasPaid} onCheckedChange={setHasPaid} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-payment`}>Payment Notes</Label>
            <Textarea
              id={`${ids}-payment`}
              rows={2}
              value={paymentNotes}
              maxLength={MEMBER_NOTES_MAX_LENGTH}
              onChange={(e) => setPaymentNotes(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-notes`}>Notes</Label>
            <Textarea id={`${ids}-notes`} rows={2} value={notes} maxLength={MEMBER_NOTES_MAX_LENGTH} onChange={(e) => setNotes(e.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
