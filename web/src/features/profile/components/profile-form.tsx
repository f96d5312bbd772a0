import { displayNameOf, fieldIssueSchema, NAME_MAX_LENGTH } from '@powerpool/contracts';
import type { CurrentUser } from '@powerpool/contracts';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/toast-error';
import { useUpdateProfile } from '@/features/profile/api/update-profile';

const FIELD_LABELS: Record<string, string> = {
  displayName: 'Display Name',
  firstName: 'First Name',
  lastName: 'Last Name',
};

/** "Display Name must be at most 60 characters." from a validation_failed reply, if any. */
function fieldProblems(error: unknown): string | undefined {
  if (!isApiError(error, 400)) return undefined;
  const issues = (Array.isArray(error.details) ? error.details : [])
    .map((detail) => fieldIssueSchema.safeParse(detail))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  if (issues.length === 0) return error.serverMessage;
  return issues.map(({ field, problem }) => `${FIELD_LABELS[field] ?? field} ${problem}.`).join(' ');
}

/** Profile (docs/screens.md#profile): e-mail read-only; display name required; first/last optional. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const ids = useId();
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');

  const updateProfile = useUpdateProfile({
    onSuccess: (saved) => {
      // Show what was stored (trimmed, blanks as empty), not what was typed.
      setDisplayName(saved.displayName ?? '');
      setFirstName(saved.firstName ?? '');
      setLastName(saved.lastName ?? '');
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
    },
    onError: (error) => {
      toastFailure(error, {
        fallback: 'Failed to update profile. Please try again.',
        text: 'fallback',
        describe: (text) => [text, fieldProblems(error)].filter(Boolean).join(' '),
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = displayName.trim();
    if (!trimmed) {
      toast({
        title: 'Display Name Required',
        description: 'Please enter a display name for leaderboards and public display.',
        variant: 'destructive',
      });
      return;
    }
    updateProfile.mutate({
      displayName: trimmed,
      firstName: firstName.trim() || null,
      lastName: lastName.trim() || null,
    });
  }

  function onCancel() {
    // History back, as the product says (docs/screens.md#profile); a page opened directly has nothing to go back to.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) void navigate(-1);
    else void navigate('/');
  }

  const saving = updateProfile.isPending;
  const field = (name: string) => `${ids}-${name}`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>Your sign-in e-mail comes from the identity provider and cannot be changed here.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor={field('email')}>Email</Label>
          <Input id={field('email')} type="email" value={user.email} readOnly aria-readonly="true" autoComplete="email" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Public name</CardTitle>
          <CardDescription>How other players see you on leaderboards.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="space-y-2">
            <Label htmlFor={field('displayName')}>
              Display Name{' '}
              <span className="text-destructive" aria-hidden="true">
                *
              </span>
            </Label>
            <Input
              id={field('displayName')}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
              required
              maxLength={NAME_MAX_LENGTH}
              autoComplete="nickname"
              aria-describedby={field('displayName-hint')}
            />
            <p id={field('displayName-hint')} className="text-xs text-muted-foreground">
              Required. Shown on leaderboards and to other players.
            </p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={field('firstName')}>First Name</Label>
              <Input
                id={field('firstName')}
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
                maxLength={NAME_MAX_LENGTH}
                autoComplete="given-name"
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={field('lastName')}>Last Name</Label>
              <Input
                id={field('lastName')}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
                maxLength={NAME_MAX_LENGTH}
                autoComplete="family-name"
              />
            </div>
          </div>
          <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground" data-testid="current-display-name">
            Currently displayed as: <strong className="font-semibold text-foreground">{displayNameOf(user)}</strong>
          </p>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
