import { pickDeadlineOf, SPREAD_LIMIT, SPREAD_STEP, WEEK_MESSAGES } from '@powerpool/contracts';
import { CalendarX, CloudDownload, ListChecks, LoaderCircle, Send, TriangleAlert } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { EmptyState, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/toast-error';
import { useDownloadSpreads } from '@/features/weeks/api/download-spreads';
import { usePoolSpreads } from '@/features/weeks/api/get-pool-spreads';
import { useSetupGames } from '@/features/weeks/api/get-setup-games';
import { usePublishGames } from '@/features/weeks/api/publish-games';
import { useUpdateSpread } from '@/features/weeks/api/update-spread';
import { gameBadgeOf, matchupText } from '@/features/weeks/lib/games';
import { publishBlocker, publishFailureTitle, toggleAll } from '@/features/weeks/lib/publish';
import { mergeSpreads } from '@/features/weeks/lib/setup-rows';
import type { SetupRow } from '@/features/weeks/lib/setup-rows';
import { readSpreadEntry, spreadDisplay, spreadFieldText } from '@/features/weeks/lib/spreads';
import { formatDateTime, formatKickoff } from '@/lib/dates';
import { BADGE_CLOCK_MS, useNow } from '@/hooks/use-now';
import { announceTransition } from './announce-transition';
import { GameStatusBadge } from './game-status-badge';
import { Matchup } from './matchup';
import { SpreadValue } from './spread-value';

/** The text of a failure whose server gave no words: its status and status text. */
const statusText = (error: unknown) => (isApiError(error) ? error.message : 'Unknown error');

/** SETUP: choose games, set spreads (typed or downloaded) and publish (docs/week.md#publish). */
export function SetupPanel({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const now = useNow(BADGE_CLOCK_MS);
  const games = useSetupGames(poolId, weekNumber);
  const spreads = usePoolSpreads(poolId, weekNumber);
  const download = useDownloadSpreads();
  const publish = usePublishGames({ onSuccess: announceTransition });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => (games.data && spreads.data ? mergeSpreads(games.data, spreads.data) : []), [games.data, spreads.data]);

  if (games.isPending || spreads.isPending) return <InlineLoading label="Loading games..." />;
  if (games.isError || spreads.isError) {
    return (
      <InlineError
        title="Unable to load games"
        message={games.isError ? 'Failed to load the games of this week.' : 'Failed to load the spreads of this week.'}
        onRetry={() => {
          void games.refetch();
          void spreads.refetch();
        }}
        retrying={games.isFetching || spreads.isFetching}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        title="No games scheduled for this week"
        description="Games appear here once the season's schedule is in production (Site Admin, ESPN Data Staging)."
        icon={<CalendarX className="size-8 text-muted-foreground" aria-hidden="true" />}
      />
    );
  }

  // Only games still in the week count (a refresh may have dropped one).
  const selected = rows.filter((row) => chosen.has(row.id));
  const allIds = rows.map((row) => row.id);
  const everythingSelected = selected.length === rows.length;
  const blocker = publishBlocker(selected);
  const deadline = pickDeadlineOf(selected.map((row) => row.gameTimeUtc));
  const missing = selected.filter((row) => row.spread === null).length;

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function downloadSpreads() {
    download.mutate(
      { poolId, weekNumber },
      {
        onSuccess: (reply) => toast({ title: 'Spreads Downloaded', description: reply.message }),
        onError: (error) => toastFailure(error, { fallback: statusText(error), describe: (text) => `Failed to download spreads: ${text}` }),
      },
    );
  }

  function publishSelected() {
    publish.mutate(
      { poolId, weekNumber, gameIds: selected.map((row) => row.id) },
      {
        onSuccess: () => setChosen(new Set()),
        onError: (error) =>
          toastFailure(error, { title: publishFailureTitle(isApiError(error) ? error.code : undefined), fallback: 'Failed to publish games' }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="gap-4 lg:flex-row lg:items-start lg:justify-between max-sm:p-4">
        <div className="grid gap-1.5">
          <CardTitle>Choose Games to Publish</CardTitle>
          <CardDescription data-testid="selection-summary">
            {selected.length} of {rows.length} games selected
            {missing > 0 ? ` · ${missing} without a spread` : ''}
          </CardDescription>
          {deadline ? (
            <p className="text-sm text-muted-foreground" data-testid="deadline-preview">
              Picks will close <span className="font-medium text-foreground">{formatDateTime(deadline)}</span>
              {deadline.getTime() <= now ? (
                <span className="mt-1 flex items-center gap-1.5 text-destructive">
                  <TriangleAlert className="size-4" aria-hidden="true" />
                  That time has passed: publishing these games will be refused.
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setChosen(toggleAll(chosen, allIds))} aria-pressed={everythingSelected}>
            <ListChecks aria-hidden="true" />
            {everythingSelected ? 'Deselect All' : 'Select All'}
          </Button>
          <Button variant="outline" onClick={downloadSpreads} disabled={download.isPending}>
            {download.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CloudDownload aria-hidden="true" />}
            Download Spreads from ESPN
          </Button>
          <Button
            onClick={publishSelected}
            disabled={blocker !== null || publish.isPending}
            title={
              blocker === 'none-selected' ? WEEK_MESSAGES.noGamesSelected : blocker === 'missing-spreads' ? 'Every selected game needs a spread' : undefined
            }
          >
            {publish.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            Publish Selected ({selected.length})
          </Button>
        </div>
      </CardHeader>
      <CardContent className="max-sm:px-4 max-sm:pb-4">
        <ResponsiveTable
          label="Games of the week"
          rows={rows}
          rowKey={(row) => row.id}
          testId="setup-game"
          breakpoint="lg"
          columns={[
            {
              id: 'select',
              header: 'Publish',
              card: 'aside',
              cell: (row) => (
                <input
                  type="checkbox"
                  name="publish"
                  value={row.id}
                  checked={chosen.has(row.id)}
                  onChange={(e) => toggle(row.id, e.target.checked)}
                  aria-label={`Select ${matchupText(row)}`}
                  className="size-5 rounded border-input accent-primary"
                />
              ),
            },
            { id: 'game', header: 'Game', card: 'title', cell: (row) => <Matchup away={row.awayTeam} home={row.homeTeam} /> },
            {
              id: 'kickoff',
              header: 'Kickoff (CT)',
              card: 'meta',
              className: 'whitespace-nowrap text-muted-foreground',
              cell: (row) => formatKickoff(row.gameTimeUtc),
            },
            { id: 'status', header: 'Status', card: 'meta', cell: (row) => <GameStatusBadge badge={gameBadgeOf(row, 'setup', now)} /> },
            {
              id: 'spread',
              header: 'Spread',
              card: 'field',
              cell: (row) => <SpreadEditor poolId={poolId} weekNumber={weekNumber} row={row} needed={chosen.has(row.id) && row.spread === null} />,
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/**
 * The inline spread field: saved on Enter or when it loses focus, if it changed. Something that is
 * not a number (or not in half points) is refused with a toast and never sent; Escape undoes.
 */
function SpreadEditor({ poolId, weekNumber, row, needed }: { poolId: string; weekNumber: number; row: SetupRow; needed: boolean }) {
  const update = useUpdateSpread();
  const input = useRef<HTMLInputElement>(null);
  const saved = spreadFieldText(row.spread);
  const reset = () => {
    if (input.current) input.current.value = saved;
  };

  function commit() {
    const field = input.current;
    if (!field || update.isPending) return;
    const entry = readSpreadEntry(field.value, { badInput: field.validity.badInput });
    if (!entry.ok) {
      toast({ title: entry.title, description: entry.description, variant: 'destructive' });
      reset();
      return;
    }
    if (entry.spread === row.spread) {
      reset();
      return;
    }
    update.mutate(
      { poolId, weekNumber, gameId: row.id, spread: entry.spread },
      {
        onError: (error) => {
          reset();
          toastFailure(error, { title: 'Failed to update spread', fallback: 'Failed to update spread' });
        },
      },
    );
  }

  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="relative">
        <Input
          // A new saved value (after a save or a download) refills the field.
          key={saved}
          ref={input}
          name={`spread-${row.id}`}
          type="number"
          inputMode="decimal"
          step={SPREAD_STEP}
          min={-SPREAD_LIMIT}
          max={SPREAD_LIMIT}
          defaultValue={saved}
          placeholder="Spread"
          aria-label={`Spread for ${matchupText(row)} (negative favours ${row.homeTeam.abbreviation})`}
          aria-invalid={needed || undefined}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.currentTarget.blur();
            } else if (e.key === 'Escape') {
              reset();
            }
          }}
          className="w-24 tabular-nums"
          data-testid="spread-input"
        />
        {update.isPending ? (
          <span role="status" className="absolute top-3 -right-5">
            <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Saving spread</span>
          </span>
        ) : null}
      </div>
      <div className="grid gap-0.5 pt-1">
        <SpreadValue
          display={spreadDisplay('setup', row)}
          value={row.spread ?? row.espnSpread}
          home={row.homeTeam}
          away={row.awayTeam}
          hideText={row.spread !== null}
        />
        {needed ? <span className="text-xs font-medium text-destructive">Needs a spread to publish</span> : null}
      </div>
    </div>
  );
}
