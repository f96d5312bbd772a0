import { PAYMENT_NOTES_MAX_LENGTH } from '@powerpool/contracts';
import { ArrowLeft, CheckCircle2, CircleDollarSign, Users, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaidBadgeButton } from '@/components/paid-badge';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, errorText, InlineError, InlineLoading, StatCard } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/toast-error';
import { cn } from '@/utils/cn';
import { usePaymentUsers } from '@/features/payments/api/get-payment-users';
import type { PaymentUser } from '@/features/payments/api/get-payment-users';
import { useUpdatePayment } from '@/features/payments/api/update-payment';
import { filterPayments, PAYMENT_FILTERS, paymentBody, paymentCounts } from '@/features/payments/lib/payment-filter';
import type { PaymentFilter } from '@/features/payments/lib/payment-filter';

const FILTER_LABELS: Record<PaymentFilter, string> = { all: 'All', paid: 'Paid', unpaid: 'Unpaid' };

/** /admin/payments (docs/screens.md#payments). */
export function PaymentsPage() {
  const users = usePaymentUsers();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<PaymentFilter>('all');
  const [editing, setEditing] = useState<PaymentUser | null>(null);

  const header = (
    <PageHeader
      title={paths.payments.title}
      description="Track who has paid their entry."
      actions={
        <Button variant="outline" asChild>
          <Link to={paths.admin.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Pool Management
          </Link>
        </Button>
      }
    />
  );

  if (users.isPending) {
    return (
      <>
        {header}
        <InlineLoading label="Loading users..." />
      </>
    );
  }
  if (users.isError) {
    const forbidden = isApiError(users.error, 403);
    return (
      <>
        {header}
        <InlineError
          title={forbidden ? 'Access denied' : 'Unable to load users'}
          message={
            forbidden ? 'Payment management for every user needs super admin access.' : errorText(users.error, 'Failed to load user data. Please try again.')
          }
          onRetry={forbidden ? undefined : () => void users.refetch()}
          retrying={users.isFetching}
        />
      </>
    );
  }

  const counts = paymentCounts(users.data);
  const shown = filterPayments(users.data, query, filter);

  return (
    <>
      {header}
      <div className="mb-6 grid grid-cols-3 gap-3">
        <StatCard label="Total Users" value={counts.all} icon={<Users className="size-4" aria-hidden="true" />} />
        <StatCard label="Paid" value={counts.paid} icon={<CheckCircle2 className="size-4 text-success" aria-hidden="true" />} />
        <StatCard label="Unpaid" value={counts.unpaid} icon={<XCircle className="size-4 text-destructive" aria-hidden="true" />} />
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchInput
              wrapperClassName="w-full sm:max-w-sm"
              aria-label="Search users"
              placeholder="Search by name, email or notes..."
              value={query}
              onValueChange={setQuery}
            />
            <div className="flex gap-2" role="group" aria-label="Filter by payment status">
              {PAYMENT_FILTERS.map((f) => (
                <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
                  {FILTER_LABELS[f]} ({counts[f]})
                </Button>
              ))}
            </div>
          </div>
          {users.data.length === 0 ? (
            <EmptyState title="No users yet" description="Users appear here after they sign in for the first time." />
          ) : shown.length === 0 ? (
            <EmptyState title="No users found" description="No users match this search and filter." />
          ) : (
            <ResponsiveTable
              label="Users and their payment status"
              rows={shown}
              rowKey={(user) => user.id}
              testId="payment"
              columns={[
                {
                  id: 'name',
                  header: 'Name',
                  card: 'title',
                  cell: (user) => (
                    <>
                      <p className="font-medium">{user.name}</p>
                      <p className="font-mono text-xs text-muted-foreground">{user.id.slice(0, 8)}</p>
                    </>
                  ),
                },
                {
                  id: 'email',
                  header: 'Email',
                  card: 'title',
                  className: 'break-all',
                  cell: (user) => user.email,
                  cardCell: (user) => <p className="text-sm break-all text-muted-foreground">{user.email}</p>,
                },
                {
                  id: 'status',
                  header: 'Payment Status',
                  card: 'aside',
                  cell: (user) => <PaymentBadge user={user} onClick={() => setEditing(user)} />,
                },
                {
                  id: 'notes',
                  header: 'Payment Notes',
                  card: 'field',
                  className: 'text-muted-foreground',
                  cell: (user) => <span className={cn(user.paymentNotes && 'text-foreground')}>{user.paymentNotes || '—'}</span>,
                  cardCell: (user) => user.paymentNotes || null,
                },
                {
                  id: 'action',
                  header: 'Action',
                  align: 'end',
                  card: 'actions',
                  cell: (user) => <PaymentAction user={user} onClick={() => setEditing(user)} />,
                  cardCell: (user) => <PaymentAction user={user} onClick={() => setEditing(user)} className="w-full" />,
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
      {editing ? <UpdatePaymentDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function PaymentBadge({ user, onClick }: { user: PaymentUser; onClick: () => void }) {
  return <PaidBadgeButton hasPaid={user.hasPaid} onClick={onClick} label={`${user.hasPaid ? 'Paid' : 'Unpaid'}: update payment status of ${user.name}`} />;
}

function PaymentAction({ user, onClick, className }: { user: PaymentUser; onClick: () => void; className?: string }) {
  return (
    <Button size="sm" variant={user.hasPaid ? 'outline' : 'default'} onClick={onClick} className={className}>
      <CircleDollarSign aria-hidden="true" />
      {user.hasPaid ? 'Mark Unpaid' : 'Mark Paid'}
    </Button>
  );
}

/** "Update Payment Status": flips paid/unpaid, with optional notes (omitted when empty). */
function UpdatePaymentDialog({ user, onClose }: { user: PaymentUser; onClose: () => void }) {
  const id = useId();
  const [notes, setNotes] = useState(user.paymentNotes ?? '');
  const update = useUpdatePayment();
  const hasPaid = !user.hasPaid;

  function save() {
    update.mutate(
      { userId: user.id, body: paymentBody(hasPaid, notes) },
      {
        onSuccess: () => {
          toast({ title: 'Payment Status Updated', description: `${user.name} marked as ${hasPaid ? 'paid' : 'unpaid'}.` });
          onClose();
        },
        onError: (error) => {
          toastFailure(error, { title: 'Update Failed', fallback: 'Failed to update payment status. Please try again.', text: 'fallback' });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Payment Status</DialogTitle>
          <DialogDescription>
            Mark {user.name} ({user.email}) as <strong className="text-foreground">{hasPaid ? 'paid' : 'unpaid'}</strong>.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={id}>Payment Notes (optional)</Label>
          <Textarea
            id={id}
            rows={3}
            value={notes}
            maxLength={PAYMENT_NOTES_MAX_LENGTH}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="e.g. Paid by Venmo on 9/1"
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : hasPaid ? 'Mark Paid' : 'Mark Unpaid'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
