/**
 * `tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile spent its time.
 * Prints self time grouped by package (or our workspace folder), the top functions by self time,
 * and the total (inclusive) time of our own code's functions, so a reader sees which layer costs.
 */
import { readFile } from 'node:fs/promises';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;

/** `fastify`, `@fastify/reply-from`, `gateway`, `services/identity`, `(program)`... */
function groupOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/work\/[^/]+\/((?:services|libs)\/[^/]+|gateway|deploy\/[^/]+|bench)\//.exec(url);
  return m ? m[1]! : url;
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + 14);
  return url.replace(/^file:\/\/\/work\/[^/]+\//, '');
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  total += dt;
});

const groups = new Map<string, number>();
const functions = new Map<string, number>();
const ownInclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const g = groupOf(node.callFrame);
  groups.set(g, (groups.get(g) ?? 0) + us);
  const key = `${node.callFrame.functionName || '(anonymous)'}  ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  // Inclusive time of our own functions: walk up the stack, counting each function once per sample.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    if (!/\/work\/[^/]+\/(services|libs|gateway|deploy)\//.test(f.url) || f.url.includes('/node_modules/')) continue;
    const k = `${f.functionName || '(anonymous)'}  ${shortUrl(f.url)}:${f.lineNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    ownInclusive.set(k, (ownInclusive.get(k) ?? 0) + us);
  }
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package', groups, top);
print('self time by function', functions, top);
print('inclusive time of our own functions', ownInclusive, top);
