import type { MigrateTeamsReply, MigrationDetails, MigrationValidation } from '@powerpool/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { GamesMigrationResult } from '@/features/staging/api/migrate-games';
import { Badge } from '@/components/ui/badge';

export interface MigrationOutcome {
  teams: MigrateTeamsReply | null;
  games: GamesMigrationResult | null;
}

/** What the last push to production did, with each migration's validation (docs/screens.md#staging). */
export function MigrationResults({ outcome }: { outcome: MigrationOutcome }) {
  if (!outcome.teams && !outcome.games) return null;
  return (
    <Card data-testid="migration-results">
      <CardHeader className="pb-4">
        <CardTitle>Migration Results</CardTitle>
        <CardDescription>The last push to production.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        {outcome.teams ? <ResultPanel title="Teams" details={outcome.teams.details} validation={outcome.teams.validation} /> : null}
        {outcome.games ? <ResultPanel title="Games" details={outcome.games.result} validation={outcome.games.result.validation} /> : null}
      </CardContent>
    </Card>
  );
}

function ResultPanel({ title, details, validation }: { title: string; details: MigrationDetails; validation: MigrationValidation }) {
  return (
    <section className="space-y-3 rounded-lg border p-4" aria-label={`${title} migration`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <Badge variant={validation.passed ? 'success' : 'destructive'}>
          {validation.passed ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          {validation.passed ? 'Validation passed' : 'Validation issues'}
        </Badge>
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center">
        <Count label="Created" value={details.created} />
        <Count label="Updated" value={details.updated} />
        <Count label="Unchanged" value={details.unchanged} />
        <Count label="Deleted" value={details.deleted} />
      </dl>
      <ul className="space-y-1 text-sm">
        <Check ok={validation.stagingCount === validation.productionCount}>
          Staging {validation.stagingCount} · Production {validation.productionCount}
        </Check>
        <Check ok={validation.missingCount === 0}>{validation.missingCount} missing in production</Check>
        <Check ok={validation.weekValidationPassed}>Weeks {validation.weekValidationPassed ? 'match' : 'do not match'}</Check>
        <Check ok={validation.dataIntegrityPassed}>Data integrity {validation.dataIntegrityPassed ? 'passed' : 'failed'}</Check>
      </ul>
    </section>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md bg-muted/60 px-1 py-2">
      <dd className="text-lg leading-tight font-semibold tabular-nums">{value}</dd>
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
    </div>
  );
}

function Check({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      {ok ? (
        <CircleCheck className="size-4 shrink-0 text-success" aria-label="OK" />
      ) : (
        <CircleX className="size-4 shrink-0 text-destructive" aria-label="Problem" />
      )}
      <span>{children}</span>
    </li>
  );
}
