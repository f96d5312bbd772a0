import * as Tabs from '@/components/ui/tabs';
import { CalendarDays, CloudUpload, Database, Download, Landmark, Shield } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { failureMessage, toastFailure } from '@/lib/toast-error';
import { cn } from '@/utils/cn';
import { useClearStaging } from '@/features/staging/api/clear-staging';
import { useStagingGames } from '@/features/staging/api/get-staging-games';
import { useStagingTeams } from '@/features/staging/api/get-staging-teams';
import { useValidationReport } from '@/features/staging/api/get-validation-report';
import { useImportGames } from '@/features/staging/api/import-games';
import { useImportTeams } from '@/features/staging/api/import-teams';
import { useMigrateGames } from '@/features/staging/api/migrate-games';
import { useMigrateTeams } from '@/features/staging/api/migrate-teams';
import { IDLE_RUN, appendLog, applyStreamEvent, failRun, startRun } from '@/features/staging/utils/import-progress';
import type { RunState } from '@/features/staging/utils/import-progress';
import { SCHEDULE_ID, SCHEDULE_LABEL } from '@/features/staging/utils/schedule';
import { pushBlockedReason } from '@/features/staging/utils/validation-status';
import { ClearStagingDialog } from './clear-staging-dialog';
import { GamesComparison } from './games-comparison';
import { MigrationResults } from './migration-results';
import type { MigrationOutcome } from './migration-results';
import { InlineError } from '@/components/layout/query-states';
import { Skeleton, StatTile } from './parts';
import { RunLog } from './run-log';
import { TeamsComparison } from './teams-comparison';
import { ValidationReport } from './validation-report';
import { VenuesPanel } from './venues-panel';

type SubTab = 'teams' | 'games' | 'venues';

/** The season offered in the year field: the one the staging schedule is labelled with. */
const DEFAULT_YEAR = '2025';

/**
 * The "ESPN Data Staging" tab of /site-admin (docs/screens.md#staging): import teams
 * then games for a year with streamed progress, compare staging with production, validate, push
 * to production, clear staging, and the venues.
 */
export function StagingTab() {
  const yearId = useId();
  const [year, setYear] = useState(DEFAULT_YEAR);
  const [subTab, setSubTab] = useState<SubTab>('teams');
  const [run, setRun] = useState<RunState>(IDLE_RUN);
  const [validationRequested, setValidationRequested] = useState(false);
  const [outcome, setOutcome] = useState<MigrationOutcome>({ teams: null, games: null });

  const teams = useStagingTeams();
  const games = useStagingGames();
  const validation = useValidationReport({ enabled: validationRequested });
  const importTeams = useImportTeams();
  const importGames = useImportGames();
  const migrateTeams = useMigrateTeams();
  const migrateGames = useMigrateGames();
  const clearStaging = useClearStaging();

  // docs/screens.md#staging: "Validation failed: {message}", once per failed attempt.
  useEffect(() => {
    if (!validation.isError) return;
    toastFailure(validation.error, { title: 'Validation Error', fallback: 'Unknown error', describe: (text) => `Validation failed: ${text}` });
  }, [validation.isError, validation.error, validation.errorUpdatedAt]);

  const running = run.status === 'running' || clearStaging.isPending;
  const yearValue = year.trim();
  const teamCount = teams.data?.length;
  const gameCount = games.data?.length;
  const blocked = teamCount === undefined || gameCount === undefined ? 'Loading staging data...' : pushBlockedReason(teamCount, gameCount);

  function runImport(kind: 'teams' | 'games') {
    const mutation = kind === 'teams' ? importTeams : importGames;
    const label = kind === 'teams' ? `Importing teams for ${yearValue}` : `Importing games for ${yearValue}`;
    setRun(startRun(label));
    setSubTab(kind);
    mutation.mutate(
      { year: Number(yearValue), onEvent: (event) => setRun((state) => applyStreamEvent(state, event)) },
      {
        onSuccess: (complete) => {
          setRun((state) => ({ ...state, status: 'complete' }));
          toast({ title: kind === 'teams' ? 'Teams Import Successful' : 'Games Import Successful', description: complete.message });
        },
        onError: (error) => {
          setRun((state) => failRun(state, failureMessage(error, 'Import failed')));
          toastFailure(error, { title: 'Import Failed', fallback: 'Import failed' });
        },
      },
    );
  }

  async function pushToProduction() {
    setRun(appendLog(startRun('Pushing to production'), 'info', 'Migrating teams to production...'));
    setOutcome({ teams: null, games: null });
    try {
      const teamsReply = await migrateTeams.mutateAsync();
      setOutcome({ teams: teamsReply, games: null });
      setRun((state) => appendLog(appendLog(state, 'success', teamsReply.message), 'info', 'Migrating games to production...'));
      toast({ title: 'Teams Migration Successful', description: teamsReply.message });

      const gamesResult = await migrateGames.mutateAsync({
        onEvent: (event) => setRun((state) => applyStreamEvent(state, event)),
      });
      setOutcome({ teams: teamsReply, games: gamesResult });
      setRun((state) => ({ ...state, status: 'complete' }));
      const passed = gamesResult.result.validation.passed;
      toast(
        passed
          ? { title: 'Games Migration Completed', description: 'Games migrated and validated successfully.' }
          : {
              title: 'Games Migration Completed',
              description: 'Games migrated with validation issues. Review the migration results.',
              variant: 'destructive',
            },
      );
    } catch (error) {
      setRun((state) => failRun(state, failureMessage(error, 'Migration failed')));
      toastFailure(error, { title: 'Migration Failed', fallback: 'Migration failed' });
    }
  }

  function runClear() {
    clearStaging.mutate(undefined, {
      onSuccess: (reply) => {
        setRun(IDLE_RUN);
        setOutcome({ teams: null, games: null });
        setValidationRequested(false);
        toast({ title: 'Staging Data Cleared', description: reply.message });
      },
      onError: (error) => {
        toastFailure(error, { title: 'Clear Failed', fallback: 'Failed to clear staging data' });
      },
    });
  }

  function validate() {
    if (validationRequested) void validation.refetch();
    else setValidationRequested(true);
    setSubTab('games');
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="pb-4">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>ESPN Data Staging</CardTitle>
            <span className="rounded-full border bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">{SCHEDULE_LABEL}</span>
          </div>
          <CardDescription>
            Import teams first, then games, into staging (schedule {SCHEDULE_ID}). Compare and validate, then push to production.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
            <div className="space-y-2 lg:w-40">
              <Label htmlFor={yearId}>Season year</Label>
              <Input
                id={yearId}
                type="number"
                inputMode="numeric"
                min={2000}
                max={2100}
                placeholder="e.g. 2025"
                value={year}
                onChange={(event) => setYear(event.target.value)}
                disabled={running}
              />
            </div>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              <Button onClick={() => runImport('teams')} disabled={!yearValue || running}>
                <Download aria-hidden="true" />
                Import Teams
              </Button>
              <Button onClick={() => runImport('games')} disabled={!yearValue || running}>
                <Download aria-hidden="true" />
                Import Games
              </Button>
              <Button
                variant="secondary"
                onClick={() => void pushToProduction()}
                disabled={blocked !== null || running}
                title={blocked ?? undefined}
                className="col-span-2 sm:col-span-1"
              >
                <CloudUpload aria-hidden="true" />
                Push to Production
              </Button>
              <div className="col-span-2 sm:col-span-1 [&>button]:w-full">
                <ClearStagingDialog disabled={running} pending={clearStaging.isPending} onConfirm={runClear} />
              </div>
            </div>
          </div>
          {!yearValue ? <p className="text-sm text-muted-foreground">Enter a season year to import.</p> : null}
          {yearValue && blocked && teamCount !== undefined && gameCount !== undefined ? <p className="text-sm text-muted-foreground">{blocked}</p> : null}
          <StagingCounts
            teams={teamCount}
            games={gameCount}
            failed={teams.isError || games.isError}
            retrying={teams.isFetching || games.isFetching}
            onRetry={() => {
              void teams.refetch();
              void games.refetch();
            }}
          />
        </CardContent>
      </Card>

      <RunLog run={run} />
      <MigrationResults outcome={outcome} />

      <Tabs.Root value={subTab} onValueChange={(value) => setSubTab(value as SubTab)} className="space-y-4">
        <Tabs.List aria-label="Staging data" className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1 sm:inline-grid sm:w-auto">
          <SubTabTrigger value="teams" icon={<Shield />}>
            Teams
          </SubTabTrigger>
          <SubTabTrigger value="games" icon={<CalendarDays />}>
            Games
          </SubTabTrigger>
          <SubTabTrigger value="venues" icon={<Landmark />}>
            Venues
          </SubTabTrigger>
        </Tabs.List>
        <Tabs.Content value="teams" className="focus-visible:outline-none">
          <TeamsComparison />
        </Tabs.Content>
        <Tabs.Content value="games" className="space-y-4 focus-visible:outline-none">
          <GamesComparison />
          <ValidationReport requested={validationRequested} onValidate={validate} query={validation} disabled={running || gameCount === 0} />
        </Tabs.Content>
        <Tabs.Content value="venues" className="focus-visible:outline-none">
          <VenuesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function SubTabTrigger({ value, icon, children }: { value: SubTab; icon: ReactNode; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors [&_svg]:size-4',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </Tabs.Trigger>
  );
}

function StagingCounts({
  teams,
  games,
  failed,
  retrying,
  onRetry,
}: {
  teams: number | undefined;
  games: number | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (failed) return <InlineError title="Unable to load staging data" onRetry={onRetry} retrying={retrying} />;
  const value = (count: number | undefined) => (count === undefined ? <Skeleton className="h-6 w-10" /> : count);
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md" data-testid="staging-counts">
      <StatTile label="Staging teams" value={value(teams)} icon={<Database />} />
      <StatTile label="Staging games" value={value(games)} icon={<CalendarDays />} />
    </div>
  );
}
