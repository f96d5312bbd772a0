/**
 * `tsx bench/trace-summary.ts <file.trace.json> [minTaskMs]`: where a page's main thread spent a
 * Chromium performance trace (`AUDIT_TRACE` of bench/audit.ts). A CPU profile shows the
 * scripts and lumps style, layout and paint into "(program)"; the trace names them. Prints the
 * renderer main thread's busy time by kind of work, then each task of at least `minTaskMs`
 * (default 50, what Lighthouse counts as a long task) with what filled it.
 */
import { readFile } from 'node:fs/promises';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; functionName?: string; stackTrace?: { url?: string }[] } };
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/trace-summary.ts <file.trace.json> [minTaskMs]');
  process.exit(2);
}
const minTaskMs = Number(process.argv[3] ?? 50);
const raw = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The page's main thread: the renderer's CrRendererMain with the most complete events.
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const counts = new Map<string, number>();
for (const e of events) if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!main) {
  console.error('no renderer main thread in the trace');
  process.exit(1);
}
const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
const start = onMain[0]!.ts;

/** A script's file name (the bundle's chunk), for the kinds of work that run one. */
function labelOf(e: TraceEvent): string {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
  const script = url
    ? ` ${
        url
          .split('/')
          .pop()!
          .replace(/-[\w-]{8}\.js$/, '.js')
          .split('?')[0]
      }`
    : '';
  return ['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule'].includes(e.name) ? `${e.name}${script}` : e.name;
}

interface Task {
  at: number;
  dur: number;
  self: Map<string, number>;
}

// Self time of each event: its duration less its children's, nested by time on the one thread.
const tasks: Task[] = [];
const total = new Map<string, number>();
const stack: { e: TraceEvent; end: number; label: string; child: number }[] = [];
let task: Task | undefined;
const settleTop = (until: number) => {
  while (stack.length > 0 && stack.at(-1)!.end <= until) {
    const done = stack.pop()!;
    const self = done.e.dur! - done.child;
    if (stack.length > 0) stack.at(-1)!.child += done.e.dur!;
    total.set(done.label, (total.get(done.label) ?? 0) + self);
    if (task) task.self.set(done.label, (task.self.get(done.label) ?? 0) + self);
  }
};
for (const e of onMain) {
  settleTop(e.ts);
  if (stack.length === 0) {
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
    task = { at: e.ts, dur: e.dur!, self: new Map() };
    tasks.push(task);
  }
  stack.push({ e, end: e.ts + e.dur!, label: labelOf(e), child: 0 });
}
settleTop(Number.POSITIVE_INFINITY);

const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .filter(([name]) => name !== 'RunTask' && name !== 'ThreadControllerImpl::RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);

const busy = tasks.reduce((sum, t) => sum + t.dur, 0);
console.log(`${file}: main thread busy ${ms(busy)} in ${tasks.length} tasks over ${ms(onMain.at(-1)!.ts - start)}\n\nbusy time by kind of work (self)`);
for (const [name, us] of top(total, 25)) console.log(`  ${ms(us)}  ${name}`);
// Lighthouse's simulation (mobile) multiplies each task of an unthrottled trace by 4: what the tasks weigh in its TBT.
const at4x = tasks.reduce((sum, t) => sum + Math.max(0, 4 * t.dur - 50_000), 0);
console.log(`\nblocking time if every task took 4x as long (Lighthouse's simulation of an unthrottled trace): ${ms(at4x)}`);
const long = tasks.filter((t) => t.dur >= minTaskMs * 1000);
console.log(
  `\n${long.length} tasks of ${minTaskMs} ms or more (${ms(long.reduce((s, t) => s + t.dur, 0))}; blocking beyond 50 ms each: ${ms(long.reduce((s, t) => s + Math.max(0, t.dur - 50_000), 0))})`,
);
for (const t of long) {
  console.log(
    `  at ${ms(t.at - start)}, ${ms(t.dur)}: ${top(t.self, 6)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
      .join(', ')}`,
  );
}
