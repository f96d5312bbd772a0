import {
  INVITATION_DAYS_VALID_DEFAULT,
  INVITATION_DAYS_VALID_MAX,
  INVITATION_DAYS_VALID_MIN,
  INVITATION_NOTES_MAX_LENGTH,
  invitationStatusOf,
} from '@powerpool/contracts';
import type { Invitation, InvitationStatus, Pool } from '@powerpool/contracts';
import { Check, Copy, ExternalLink, Link2, Power, PowerOff, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { INVITATION_STATUS_LABELS, invitationLink, invitationUsageText } from '@/lib/invitations';
import { toastFailure } from '@/lib/toast-error';
import { useCreateInvitation } from '@/features/pools/api/create-invitation';
import { useDeleteInvitation } from '@/features/pools/api/delete-invitation';
import { useInvitations } from '@/features/pools/api/get-invitations';
import { useUpdateInvitation } from '@/features/pools/api/update-invitation';
import { buildInvitationBody } from '@/features/pools/lib/invitation-form';

/** How long the copied indicator shows (docs/screens.md#pool-management). */
export const COPIED_INDICATOR_MS = 3000;

const STATUS_VARIANTS: Record<InvitationStatus, BadgeVariant> = {
  active: 'success',
  deactivated: 'muted',
  expired: 'destructive',
  limit_reached: 'warning',
};

/** docs/screens.md#errors: invitation errors show the server message, else the given text. */
function failure(error: unknown, fallback: string) {
  toastFailure(error, { fallback });
}

/** Invitations of the selected pool: create, list, copy, open, activate/deactivate, delete. */
export function InvitationsPanel({ pool }: { pool: Pool }) {
  const invitations = useInvitations(pool.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
        <CardDescription>Share an invitation link so people can join {pool.name}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateInvitationForm poolId={pool.id} />
        <section aria-label="Invitation list" className="grid gap-3">
          {invitations.isPending ? (
            <InlineLoading label="Loading invitations..." />
          ) : invitations.isError ? (
            <InlineError
              message={errorText(invitations.error, 'Failed to load invitations.')}
              onRetry={() => void invitations.refetch()}
              retrying={invitations.isFetching}
            />
          ) : invitations.data.length === 0 ? (
            <EmptyState
              title="No invitations yet"
              description="Create an invitation above, then copy its link and send it to the people you want in the pool."
              icon={<Link2 className="size-8 text-muted-foreground" aria-hidden="true" />}
            />
          ) : (
            <ul className="grid gap-3">
              {invitations.data.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function CreateInvitationForm({ poolId }: { poolId: string }) {
  const ids = useId();
  const field = (name: string) => `${ids}-${name}`;
  const [daysValid, setDaysValid] = useState(String(INVITATION_DAYS_VALID_DEFAULT));
  const [maxUses, setMaxUses] = useState('');
  const [notes, setNotes] = useState('');
  const create = useCreateInvitation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const built = buildInvitationBody({ daysValid, maxUses, notes });
    if (!built.ok) {
      toast({ title: 'Invalid Input', description: built.message, variant: 'destructive' });
      return;
    }
    create.mutate(
      { poolId, body: built.body },
      {
        onSuccess: () => {
          toast({ title: 'Invitation Created', description: 'Copy the link and share it with the people you want to invite.' });
          setMaxUses('');
          setNotes('');
        },
        onError: (error) => failure(error, 'Failed to create invitation'),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border bg-muted/40 p-4" aria-label="Create invitation">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={field('days')}>Days Valid</Label>
          <Input
            id={field('days')}
            type="number"
            inputMode="numeric"
            min={INVITATION_DAYS_VALID_MIN}
            max={INVITATION_DAYS_VALID_MAX}
            value={daysValid}
            onChange={(e) => setDaysValid(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={field('maxUses')}>Maximum Uses (optional)</Label>
          <Input
            id={field('maxUses')}
            type="number"
            inputMode="numeric"
            min={1}
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
            placeholder="Unlimited"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={field('notes')}>Notes (optional)</Label>
        <Textarea
          id={field('notes')}
          rows={2}
          value={notes}
          maxLength={INVITATION_NOTES_MAX_LENGTH}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="e.g. Family and friends"
        />
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden="true" />
          {create.isPending ? 'Creating...' : 'Create Invitation'}
        </Button>
      </div>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const update = useUpdateInvitation();
  const remove = useDeleteInvitation();
  const [copied, setCopied] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const status = invitationStatusOf(invitation);
  const link = invitationLink(window.location.origin, invitation.invitationToken);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
      toast({ title: 'Link Copied', description: 'The invitation link is on your clipboard.' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Failed to copy link to clipboard', variant: 'destructive' });
    }
  }

  function setActive(isActive: boolean) {
    update.mutate(
      { invitation, isActive },
      {
        onSuccess: () =>
          toast({ title: 'Invitation Updated', description: isActive ? 'The invitation is active again.' : 'The invitation has been deactivated.' }),
        onError: (error) => failure(error, 'Failed to update invitation'),
      },
    );
  }

  // mutateAsync: the deleted row unmounts when the list reloads, before per-call callbacks would run.
  async function deleteIt() {
    try {
      await remove.mutateAsync({ invitation });
      toast({ title: 'Invitation Deleted', description: 'The invitation link no longer works.' });
    } catch (error) {
      failure(error, 'Failed to delete invitation');
    } finally {
      setConfirmDelete(false);
    }
  }

  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="invitation-row" data-token={invitation.invitationToken}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_VARIANTS[status]} data-testid="invitation-status">
          {INVITATION_STATUS_LABELS[status]}
        </Badge>
        <span className="text-sm text-muted-foreground">
          Uses <span className="font-medium text-foreground tabular-nums">{invitationUsageText(invitation)}</span>
        </span>
        <span className="text-sm text-muted-foreground">Expires {formatDate(invitation.expiresAt)}</span>
        <span className="text-sm text-muted-foreground">Created {formatDate(invitation.createdAt)}</span>
      </div>
      {invitation.notes ? <p className="text-sm">{invitation.notes}</p> : null}
      <code className="block truncate rounded-md bg-muted px-3 py-2 text-xs" title={link} data-testid="invitation-link">
        {link}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void copyLink()} aria-label={copied ? 'Copied' : 'Copy Link'}>
          {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy Link'}
        </Button>
        <Button size="sm" variant="outline" asChild>
          <a href={link} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open Link
          </a>
        </Button>
        {invitation.isActive ? (
          <Button size="sm" variant="outline" onClick={() => setActive(false)} disabled={update.isPending}>
            <PowerOff aria-hidden="true" />
            Deactivate
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setActive(true)} disabled={update.isPending}>
            <Power aria-hidden="true" />
            Activate
          </Button>
        )}
        <Button size="sm" variant="outline" className="text-destructive" onClick={() => setConfirmDelete(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Invitation"
        description="Are you sure you want to permanently delete this invitation? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => void deleteIt()}
      />
    </li>
  );
}
