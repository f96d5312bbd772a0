/**
 * The browsers of bench/live-stream.bench.ts, in a child process (they must not share the app's
 * event loop or CPU): BENCH_STREAMS real HTTP connections to the live leaderboard stream, each
 * parsing its own event stream. Tells the parent when every stream has its snapshot, then, for
 * every round, when every stream has that round's change (a patch, or the games frame of a score), with each arrival time (epoch ms).
 */
import http from 'node:http';
import { createSseParser } from '../libs/testing/src/event-stream.js';

// `urls`: streams are spread over them in turn (bench/many-pools.bench.ts: one per pool); `url`: all on one.
const { url, urls, headers, count } = JSON.parse(process.argv[2]!) as { url?: string; urls?: string[]; headers: Record<string, string>; count: number };
const targets = urls ?? [url!];
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** Per stream: the arrival time of each patch. */
const arrivals: number[][] = [];
/** Per stream: snapshots received, and whether it closed (the status report when a round does not finish). */
const snapshotsOf: number[] = [];
const closedStreams = new Set<number>();
let snapshots = 0;
let failures = 0;
let reported = 0;
let stopping = false;
/** The size of each patch (of the first stream). */
const patchBytes: number[] = [];

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    arrivals[i] = [];
    snapshotsOf[i] = 0;
    const req = http.get(targets[i % targets.length]!, { agent, headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        failures += 1;
        res.resume();
        resolve();
        return;
      }
      res.setEncoding('utf8');
      const parser = createSseParser((frame) => {
        if (frame.kind !== 'event') return;
        if (frame.data.startsWith('{"type":"snapshot"')) {
          snapshots += 1;
          snapshotsOf[i]! += 1;
          if (snapshots + failures === count) send({ ready: snapshots, failures });
        } else if (frame.data.startsWith('{"type":"patch"') || frame.data.startsWith('{"type":"games"')) {
          arrivals[i]!.push(now());
          if (i === 0) patchBytes.push(Buffer.byteLength(frame.data));
          checkRound();
        }
      });
      res.on('data', (chunk: string) => parser.feed(chunk));
      res.on('close', () => {
        if (stopping) return;
        failures += 1;
        closedStreams.add(i);
      });
      resolve();
    });
    req.on('error', () => {
      failures += 1;
      resolve();
    });
  });
}

/** When every stream has round k's patch, report the arrivals of round k. */
function checkRound(): void {
  const round = reported + 1;
  for (const a of arrivals) if (a.length < round) return;
  reported = round;
  send({ round, arrivals: arrivals.map((a) => a[round - 1]!), bytes: patchBytes[round - 1] });
}

/** Why a round has not finished: the streams still without its patch, how many snapshots each got, which closed. */
function status(): void {
  const round = reported + 1;
  const waiting = arrivals.flatMap((a, i) => (a.length < round ? [i] : []));
  const bySnapshots: Record<string, number> = {};
  for (const i of waiting) bySnapshots[snapshotsOf[i]!] = (bySnapshots[snapshotsOf[i]!] ?? 0) + 1;
  send({
    status: {
      round,
      streams: arrivals.length,
      waiting: waiting.length,
      waitingClosed: waiting.filter((i) => closedStreams.has(i)).length,
      waitingBySnapshots: bySnapshots,
      waitingTargets: [...new Set(waiting.map((i) => targets[i % targets.length]!))].length,
      firstWaiting: waiting
        .slice(0, 5)
        .map((i) => ({ stream: i, target: targets[i % targets.length], patches: arrivals[i]!.length, snapshots: snapshotsOf[i] })),
    },
  });
}

process.on('message', (message: { stop?: boolean; status?: boolean }) => {
  if (message.status) {
    status();
    return;
  }
  if (message.stop) {
    stopping = true;
    agent.destroy();
    process.exit(0);
  }
});

// Open in batches (the listen backlog is finite), then wait for the snapshots.
for (let i = 0; i < count; i += 250) {
  await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)));
}
