import { nextWeekState, testingWeeks, transitionSlugOf, WEEK_MESSAGES, WEEK_STATE_LABELS, weekTitle } from '@powerpool/contracts';
import type { Pool, WeekTransition } from '@powerpool/contracts';
import { ArrowRight, CalendarX, CircleCheck, ExternalLink, FlaskConical, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { toastFailure } from '@/lib/toast-error';
import { cn } from '@/utils/cn';
import { useCurrentWeek } from '@/lib/current-week';
import { useWeekState } from '@/features/weeks/api/get-week-state';
import { useWeekTransitions } from '@/features/weeks/api/get-week-transitions';
import { useTransitionWeek } from '@/features/weeks/api/transition-week';
import { announceTransition } from './announce-transition';

/**
 * The Testing tab of /admin (docs/week.md#testing-tab): six weeks from three before the
 * pool's current week, the chosen week's state, and only its next forward step, made without
 * waiting for the clock (`{ testing: true }`, recorded as such).
 */
export function WeekTestingTab({ pool }: { pool: Pool | undefined }) {
  if (!pool) return <EmptyState title="Select a pool" description="Select a pool to test its week transitions." />;
  return <TestingPanel key={pool.id} pool={pool} />;
}

function TestingPanel({ pool }: { pool: Pool }) {
  const current = useCurrentWeek(pool.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const weeksLabelId = useId();

  if (current.isPending) return <InlineLoading label="Finding the current week..." />;
  if (current.isError) {
    const unknown = isApiError(current.error, 404);
    return (
      <InlineError
        title={WEEK_MESSAGES.currentWeekUnknown}
        message={unknown ? `The ${pool.year} season has no games in production yet.` : errorText(current.error, 'Failed to load the current week.')}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  }

  const weeks = testingWeeks(current.data.weekNumber);
  const weekNumber = chosen !== null && weeks.includes(chosen) ? chosen : weeks.includes(current.data.weekNumber) ? current.data.weekNumber : weeks[0]!;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FlaskConical className="size-5 text-primary" aria-hidden="true" />
            Week State Testing
          </CardTitle>
          <CardDescription>
            Moves a week of {pool.name} one step forward without waiting for the clock: the picks deadline is not checked, every other condition still is. Each
            move is recorded as a testing transition.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-sm font-medium" id={weeksLabelId}>
            Week
          </p>
          <div role="group" aria-labelledby={weeksLabelId} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="testing-weeks">
            {weeks.map((n) => (
              <Button
                key={n}
                variant={n === weekNumber ? 'default' : 'outline'}
                aria-pressed={n === weekNumber}
                onClick={() => setChosen(n)}
                className="h-auto min-h-10 whitespace-normal"
              >
                {weekTitle(n)}
                {n === current.data.weekNumber ? <span className="text-xs font-normal opacity-80">(current)</span> : null}
              </Button>
            ))}
          </div>
        </CardContent>
      </Card>
      <TestingWeek pool={pool} weekNumber={weekNumber} />
    </div>
  );
}

function TestingWeek({ pool, weekNumber }: { pool: Pool; weekNumber: number }) {
  const state = useWeekState(pool.id, weekNumber);
  const transitions = useWeekTransitions(pool.id, weekNumber);
  const transition = useTransitionWeek({ onSuccess: announceTransition });
  const headingId = useId();
  const label = weekTitle(weekNumber);

  if (state.isPending) return <InlineLoading label={`Loading ${label}...`} />;
  if (state.isError) {
    return (
      <InlineError
        title={`Unable to load ${label}`}
        message={errorText(state.error, 'Failed to load week data.')}
        onRetry={() => void state.refetch()}
        retrying={state.isFetching}
      />
    );
  }

  const { currentState } = state.data;
  const next = nextWeekState(currentState);
  const slug = next ? transitionSlugOf(next) : null;

  function move() {
    if (!next || !slug) return;
    transition.mutate(
      { poolId: pool.id, weekNumber, target: slug, testing: true },
      {
        onError: (error) => toastFailure(error, { title: 'Transition Failed', fallback: `Failed to transition to ${next}` }),
      },
    );
  }

  return (
    <Card data-testid="testing-week">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{state.data.displayName || label}</CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-2">
            Current state:
            <Badge variant="info" data-testid="testing-state">
              {currentState}
            </Badge>
            <span>{WEEK_STATE_LABELS[currentState].caption}</span>
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to={paths.week.getHref(weekNumber, pool.id)}>
            <ExternalLink aria-hidden="true" />
            Open Week Management
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {next ? (
          <div className="grid justify-items-start gap-2">
            <Button onClick={move} disabled={transition.isPending}>
              {transition.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
              Move to {WEEK_STATE_LABELS[next].title}
            </Button>
            <p className="text-xs text-muted-foreground">
              {currentState === 'SETUP'
                ? 'Publishes every game of the week that has a pool spread.'
                : `Next step: ${next} (${WEEK_STATE_LABELS[next].caption}).`}
            </p>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="no-transitions">
            <CircleCheck className="size-4 text-success" aria-hidden="true" />
            No further transitions available
            <span className="font-normal text-muted-foreground">(the week is complete)</span>
          </p>
        )}
        <section aria-labelledby={headingId} className="grid gap-3">
          <h3 id={headingId} className="text-sm font-semibold">
            Recorded transitions
          </h3>
          {transitions.isPending ? (
            <InlineLoading label="Loading transitions..." className="py-4" />
          ) : transitions.isError ? (
            <InlineError message="Failed to load the recorded transitions." onRetry={() => void transitions.refetch()} retrying={transitions.isFetching} />
          ) : transitions.data.length === 0 ? (
            <EmptyState
              title="No transitions yet"
              description="This week has not moved since it was set up."
              icon={<CalendarX className="size-7 text-muted-foreground" aria-hidden="true" />}
              className="py-6"
            />
          ) : (
            <TransitionList transitions={transitions.data} />
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function TransitionList({ transitions }: { transitions: readonly WeekTransition[] }) {
  return (
    <ol className="divide-y rounded-lg border" data-testid="transition-list">
      {transitions.map((t) => (
        <li key={`${t.at}-${t.toState}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
          <span className="inline-flex flex-wrap items-center gap-2 font-medium">
            {t.fromState}
            <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">to</span>
            {t.toState}
          </span>
          <span className="inline-flex flex-wrap items-center gap-2 text-muted-foreground">
            <Badge
              variant={t.testing ? 'warning' : t.automatic ? 'secondary' : 'outline'}
              className={cn(!t.testing && !t.automatic && 'text-muted-foreground')}
            >
              {t.testing ? 'Testing' : t.automatic ? 'Automatic' : 'Manual'}
            </Badge>
            <time dateTime={t.at}>{formatDateTime(t.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
