import { POOL_MESSAGES } from '@powerpool/contracts';
import type { PublicInvitation } from '@powerpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowRight, Ban, CalendarClock, CheckCircle2, Clock, LogIn, PartyPopper, UserCheck, Users, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { loginHref } from '@/lib/auth-urls';
import { formatDateTime } from '@/lib/dates';
import { POOL_TYPE_LABELS } from '@/lib/format';
import { invitationUsageText } from '@/lib/invitations';
import type { PicksLocationState } from '@/lib/user-pools';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { useInvitation } from '@/features/join/api/get-invitation';
import { useJoinPool } from '@/features/join/api/join-pool';
import { joinFailure } from '@/features/join/lib/join-errors';
import {
  AUTO_JOIN_DELAY_MS,
  clearPendingInvitation,
  hasPendingInvitationFor,
  savePendingInvitation,
  WELCOME_REDIRECT_MS,
} from '@/features/join/lib/pending-invitation';

/** The join page (/join/{token}), open to everyone (docs/screens.md#join-page). */
export function JoinPage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const { data: user } = useCurrentUser();
  // A signed-in visitor may already be in the pool: their pools tell (the invitation does not).
  const pools = useQuery({ ...userPoolsQueryOptions(), enabled: Boolean(user) });

  if (invitation.isPending || (user && pools.isPending)) return <InlineLoading label="Loading invitation..." />;
  if (invitation.isError) {
    const message = isApiError(invitation.error) ? invitation.error.serverMessage : undefined;
    return <InvalidInvitation message={message || 'Invitation not found or invalid'} />;
  }
  // If the pools could not be loaded, joining still works: a member gets the 409 and goes home.
  const member = pools.data?.some((pool) => pool.id === invitation.data.poolId) ?? false;
  return <InvitationView token={token} invitation={invitation.data} alreadyMember={member} />;
}

function InvalidInvitation({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto w-full max-w-lg" role="alert">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <XCircle className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">Invalid Invitation</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button onClick={() => void navigate(paths.home.getHref())}>Go to Home</Button>
      </CardFooter>
    </Card>
  );
}

const BANNERS = {
  expired: { title: 'Invitation Expired', text: 'This invitation has expired. Please contact the pool organizer for a new invitation.', icon: Clock },
  limit_reached: { title: 'Usage Limit Reached', text: 'This invitation has reached its usage limit. Please contact the pool organizer.', icon: Users },
  deactivated: { title: 'Invitation Deactivated', text: 'This invitation has been deactivated by the pool commissioner.', icon: Ban },
} as const;

function InvitationView({ token, invitation, alreadyMember }: { token: string; invitation: PublicInvitation; alreadyMember: boolean }) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const join = useJoinPool(token);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [welcomed, setWelcomed] = useState(false);
  const autoJoinStarted = useRef(false);

  const usable = invitation.status === 'active';
  const returnPath = paths.join.getHref(token);

  function signInToJoin() {
    savePendingInvitation(window.sessionStorage, { token, poolId: invitation.poolId, poolName: invitation.pool.name, timestamp: Date.now() });
    window.location.href = loginHref(returnPath);
  }

  function joinPool() {
    setJoinError(null);
    join.mutate(undefined, {
      onSuccess: () => {
        clearPendingInvitation(window.sessionStorage);
        setWelcomed(true);
      },
      onError: (error) => {
        clearPendingInvitation(window.sessionStorage);
        const failure = joinFailure(
          error instanceof ApiError ? { status: error.status, code: error.code, serverMessage: error.serverMessage } : { status: undefined },
        );
        if (failure.kind === 'already-member') {
          void navigate(paths.home.getHref(), { replace: true });
          return;
        }
        if (failure.kind === 'signed-out') setNeedsSignIn(true);
        setJoinError(failure.message);
      },
    });
  }

  // Back from sign-in with this invitation pending: join on our own after a short wait. The ref is
  // set when the timer fires (not when it is scheduled), so a cleanup and re-run still joins once.
  useEffect(() => {
    if (!user || autoJoinStarted.current || !hasPendingInvitationFor(window.sessionStorage, token)) return;
    if (!usable || alreadyMember) {
      clearPendingInvitation(window.sessionStorage);
      return;
    }
    const timer = setTimeout(() => {
      if (autoJoinStarted.current) return;
      autoJoinStarted.current = true;
      joinPool();
    }, AUTO_JOIN_DELAY_MS);
    return () => clearTimeout(timer);
    // joinPool is a new function every render: listing it would reschedule the timer on each one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, token, usable, alreadyMember]);

  useEffect(() => {
    if (!welcomed) return;
    const timer = setTimeout(() => void navigate(paths.home.getHref(), { replace: true }), WELCOME_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [welcomed, navigate]);

  if (welcomed) {
    return (
      <Card className="mx-auto w-full max-w-lg" role="status">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
            <PartyPopper className="size-6" aria-hidden="true" />
          </span>
          <CardTitle className="text-xl">Welcome to the Pool!</CardTitle>
          <CardDescription>
            You have joined <strong className="text-foreground">{invitation.pool.name}</strong>. Taking you home...
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  // A member has nothing to join: whatever the invitation's state, the way on is to the pool.
  const banner = alreadyMember || invitation.status === 'active' ? null : BANNERS[invitation.status];

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardDescription>You're invited to join</CardDescription>
        <CardTitle className="text-2xl" data-testid="join-pool-name">
          {invitation.pool.name}
        </CardTitle>
        {invitation.pool.description ? <p className="text-sm text-muted-foreground">{invitation.pool.description}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {banner ? (
          <Banner tone="destructive" icon={<banner.icon className="size-5" aria-hidden="true" />} title={banner.title}>
            {banner.text}
          </Banner>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Detail label="Season">{invitation.pool.year}</Detail>
          <Detail label="Pool type">
            <Badge variant="secondary">{POOL_TYPE_LABELS[invitation.pool.poolType]}</Badge>
          </Detail>
          <Detail label="Expires">
            <span className="inline-flex items-center gap-1.5">
              <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
              {formatDateTime(invitation.expiresAt)}
            </span>
          </Detail>
          <Detail label="Uses">{invitationUsageText(invitation)}</Detail>
        </dl>
        {invitation.notes ? (
          <p className="rounded-lg bg-muted px-4 py-3 text-sm">
            <span className="font-medium">Note: </span>
            {invitation.notes}
          </p>
        ) : null}
        {!user ? (
          <Banner tone="info" icon={<LogIn className="size-5" aria-hidden="true" />} title="Sign in required">
            You need to sign in to join this pool
          </Banner>
        ) : null}
        {alreadyMember ? (
          <Banner tone="success" icon={<UserCheck className="size-5" aria-hidden="true" />} title="Already a member">
            {POOL_MESSAGES.alreadyMember}.
          </Banner>
        ) : null}
        {joinError ? (
          <Banner tone="destructive" icon={<AlertTriangle className="size-5" aria-hidden="true" />} title="Unable to join">
            {joinError}
          </Banner>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => void navigate(paths.home.getHref())}>
          Cancel
        </Button>
        {alreadyMember ? (
          <Button
            className="w-full sm:w-auto"
            onClick={() => void navigate(paths.home.getHref(), { state: { poolId: invitation.poolId } satisfies PicksLocationState })}
          >
            Go to Pool
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : !user || needsSignIn ? (
          <Button className="w-full sm:w-auto" onClick={signInToJoin} disabled={!usable}>
            <LogIn aria-hidden="true" />
            Sign In to Join Pool
          </Button>
        ) : usable ? (
          <Button className="w-full sm:w-auto" onClick={joinPool} disabled={join.isPending}>
            <CheckCircle2 aria-hidden="true" />
            {join.isPending ? 'Joining...' : 'Join Pool'}
          </Button>
        ) : (
          <Button className="w-full sm:w-auto" disabled>
            Cannot Join Pool
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

const BANNER_TONES = {
  destructive: { box: 'border-destructive/30 bg-destructive/5', icon: 'text-destructive' },
  info: { box: 'border-primary/30 bg-primary/5', icon: 'text-primary' },
  success: { box: 'border-success/30 bg-success/5', icon: 'text-success' },
} as const;

function Banner({ tone, icon, title, children }: { tone: keyof typeof BANNER_TONES; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role={tone === 'destructive' ? 'alert' : 'note'} className={`flex gap-3 rounded-lg border p-4 text-sm ${BANNER_TONES[tone].box}`}>
      <span className={BANNER_TONES[tone].icon}>{icon}</span>
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
