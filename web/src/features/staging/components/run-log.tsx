import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { progressPercent } from '@/features/staging/utils/import-progress';
import type { RunState } from '@/features/staging/utils/import-progress';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress';

/** Progress bar and log lines of the running (or last) import or migration (docs/screens.md#staging). */
export function RunLog({ run }: { run: RunState }) {
  const log = useRef<HTMLOListElement>(null);
  const lastId = run.logs.at(-1)?.id;
  // The log's own box follows its last line; the page stays where the person left it (docs/screens.md:
  // scrolling the last line into view moved the whole page, the screen's title under the sticky header).
  useEffect(() => {
    const list = log.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  if (run.status === 'idle' || run.label === null) return null;
  const percent = progressPercent(run.progress);
  return (
    <Card data-testid="run-log">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle className="text-base">{run.label}</CardTitle>
        {run.status === 'running' ? (
          <Badge variant="info">
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Running
          </Badge>
        ) : run.status === 'complete' ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" />
            Complete
          </Badge>
        ) : (
          <Badge variant="destructive">
            <CircleX aria-hidden="true" />
            Failed
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {run.progress ? (
          <div className="space-y-1.5" data-testid="run-progress">
            <ProgressBar value={percent} label={`${run.label} progress`} />
            <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
              <span className="min-w-0 truncate">{run.progress.item}</span>
              <span className="shrink-0 tabular-nums">
                {run.progress.current} / {run.progress.total} ({percent}%)
              </span>
            </div>
          </div>
        ) : null}
        <ol
          ref={log}
          aria-label={`${run.label} log`}
          aria-live="polite"
          className="max-h-56 space-y-0.5 overflow-y-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed"
        >
          {run.logs.length === 0 ? <li className="text-muted-foreground">Starting...</li> : null}
          {run.logs.map((line) => (
            <li
              key={line.id}
              className={cn('break-words', line.level === 'error' && 'text-destructive', line.level === 'success' && 'font-semibold text-success')}
            >
              {line.text}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
