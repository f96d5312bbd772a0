import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One test file's cost: its project, its path and its time (collect + tests and hooks), in ms. */
export interface FileTime {
  project: string;
  file: string;
  ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * What a run cost, as the README's test section reports it (docs/development.md#test-projects):
 * per project the files and the sum of their times, then the `slowest` files. Files of one project
 * run side by side, so a project's sum is its cost, not its wall time.
 */
export function timingSummary(files: readonly FileTime[], wallMs: number, slowest = 10): string {
  const projects = new Map<string, { files: number; ms: number }>();
  for (const f of files) {
    const p = projects.get(f.project) ?? { files: 0, ms: 0 };
    projects.set(f.project, { files: p.files + 1, ms: p.ms + f.ms });
  }
  const lines = [`test time: ${seconds(wallMs)} wall`];
  for (const [name, p] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) lines.push(`  ${name}: ${p.files} files, ${seconds(p.ms)}`);
  lines.push(`slowest ${Math.min(slowest, files.length)} files:`);
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, slowest)) lines.push(`  ${seconds(f.ms)}  ${f.project}  ${f.file}`);
  return lines.join('\n');
}

/** One failure: a test, or a file that failed outside its tests (a hook, an import). */
export interface Failure {
  project: string;
  file: string;
  /** The test's full name; empty for a failure of the file itself. */
  test: string;
  /** The first line of the first error. */
  message: string;
}

/**
 * The failures, one line each, for the last lines of a long log: the default reporter prints them
 * with their stacks where they happen, thousands of lines above the end of a CI run.
 */
export function failureSummary(failures: readonly Failure[]): string {
  if (failures.length === 0) return '';
  const lines = [`failed ${failures.length}:`];
  for (const f of failures) lines.push(`  ${f.project}  ${f.file}${f.test ? ` > ${f.test}` : ''}: ${f.message}`);
  return lines.join('\n');
}

const firstLine = (error: { message?: string } | undefined) => (error?.message ?? 'failed').split('\n')[0] ?? '';

/** A vitest reporter that prints timingSummary, then failureSummary, at the end of a run (beside the default reporter). */
export default class TimingReporter implements Reporter {
  private start = Date.now();
  private seed: number | undefined;

  onInit(vitest: Vitest): void {
    this.seed = vitest.config.sequence.seed;
  }

  onTestRunStart(): void {
    this.start = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return { project: m.project.name, file: m.relativeModuleId, ms: d.collectDuration + d.duration };
    });
    if (files.length > 1) process.stdout.write(`\n${timingSummary(files, Date.now() - this.start)}\n`);
    // The projects whose tests ran in a shuffled order (vitest.config.ts, SHUFFLED_TESTS): the seed replays it.
    const shuffled = [...new Set(modules.filter((m) => m.project.config.runner?.endsWith('shuffled-tests-runner.ts')).map((m) => m.project.name))];
    if (shuffled.length > 0)
      process.stdout.write(`\ntests shuffled (${shuffled.join(', ')}) with seed ${this.seed}: the same order again with --sequence.seed=${this.seed}\n`);
    const failures: Failure[] = modules.flatMap((m) => {
      const at = { project: m.project.name, file: m.relativeModuleId };
      const ofFile = m.errors().map((e) => ({ ...at, test: '', message: firstLine(e) }));
      const ofTests = [...m.children.allTests('failed')].map((t) => {
        const result = t.result();
        return { ...at, test: t.fullName, message: firstLine(result.state === 'failed' ? result.errors[0] : undefined) };
      });
      return [...ofFile, ...ofTests];
    });
    if (failures.length > 0) process.stdout.write(`\n${failureSummary(failures)}\n`);
  }
}
