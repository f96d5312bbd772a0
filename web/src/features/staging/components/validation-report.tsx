import type { OverallStatus, ValidationReport as Report } from '@powerpool/contracts';
import { CircleCheck, CircleX, ClipboardCheck, ShieldAlert, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { STATUS_TONE, checkRows, validationAdvice } from '@/features/staging/utils/validation-status';
import { Badge } from '@/components/ui/badge';
import { InlineError } from '@/components/layout/query-states';
import { EmptyState, ListSkeleton } from './parts';

export interface ValidationQuery {
  data: Report | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

const STATUS_ICON: Record<OverallStatus, typeof CircleCheck> = {
  PASSED: CircleCheck,
  WARNINGS: TriangleAlert,
  FAILED: CircleX,
};

/**
 * The data validation report (docs/screens.md#staging): overall PASSED / WARNINGS / FAILED,
 * the advice, and each check with its details and errors. Runs when the admin asks for it.
 */
export function ValidationReport({
  requested,
  onValidate,
  query,
  disabled,
}: {
  requested: boolean;
  onValidate: () => void;
  query: ValidationQuery;
  disabled: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="space-y-1.5">
          <CardTitle>Data Validation</CardTitle>
          <CardDescription>Checks the staged season before it goes to production.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onValidate} disabled={disabled || query.isFetching}>
          <ClipboardCheck aria-hidden="true" />
          {query.isFetching ? 'Validating...' : requested ? 'Validate Again' : 'Validate Data'}
        </Button>
      </CardHeader>
      <CardContent>
        <Body requested={requested} query={query} />
      </CardContent>
    </Card>
  );
}

function Body({ requested, query }: { requested: boolean; query: ValidationQuery }) {
  if (!requested) {
    return <EmptyState icon={<ShieldAlert aria-hidden="true" />}>Run validation to check the staged games before pushing to production.</EmptyState>;
  }
  if (query.isPending) return <ListSkeleton rows={3} label="Validating staged games" />;
  if (query.isError || !query.data) {
    return (
      <InlineError
        title="Validation could not run"
        message={query.error ? `Validation failed: ${query.error.message}` : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const report = query.data;
  const status = report.summary.overallStatus;
  const tone = STATUS_TONE[status];
  const Icon = STATUS_ICON[status];
  return (
    <div className="space-y-4" data-testid="validation-report">
      <div
        className={cn(
          'flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:gap-4',
          tone === 'success' && 'border-success/30 bg-success/5',
          tone === 'warning' && 'border-amber-500/40 bg-amber-500/5',
          tone === 'destructive' && 'border-destructive/30 bg-destructive/5',
        )}
      >
        <Badge variant={tone} className="self-start px-3 py-1 text-sm sm:self-center" data-testid="validation-status">
          <Icon aria-hidden="true" />
          {status}
        </Badge>
        <div className="space-y-0.5 text-sm">
          <p className="font-medium">{validationAdvice(status)}</p>
          <p className="text-muted-foreground">
            {report.summary.passed} of {report.summary.totalChecks} checks passed · {report.totalGames} games checked
          </p>
        </div>
      </div>
      <ul className="divide-y rounded-lg border">
        {checkRows(report).map(({ key, label, result }) => (
          <li key={key} className="space-y-1.5 p-3 text-sm" data-testid={`check-${key}`}>
            <div className="flex items-start gap-2">
              {result.passed ? (
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              ) : result.severity === 'critical' ? (
                <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              ) : (
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{label}</span>
                  <Badge variant={result.passed ? 'success' : result.severity === 'critical' ? 'destructive' : 'warning'}>
                    {result.passed ? 'Passed' : result.severity === 'critical' ? 'Failed' : 'Warning'}
                  </Badge>
                </div>
                <p className="mt-0.5 text-muted-foreground">{result.details}</p>
              </div>
            </div>
            {result.errors.length > 0 ? (
              <ul
                className={cn(
                  'ml-6 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-4 text-xs break-words',
                  result.severity === 'critical' ? 'text-destructive' : 'text-warning',
                )}
                aria-label={`${label} errors`}
              >
                {result.errors.map((error, i) => (
                  <li key={i}>{error}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
