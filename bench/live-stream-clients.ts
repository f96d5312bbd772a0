/**
 * The browsers of bench/live-stream.bench.ts, in a child process (they must not share the app's
 * event loop or CPU): BENCH_STREAMS real HTTP connections to the live leaderboard stream, each
 * parsing its own event stream. Tells the parent when every stream has its snapshot, then, for
 * every round, when every stream has that round's patch, with each arrival time (epoch ms).
 */
import http from 'node:http';
import { createSseParser } from '../libs/testing/src/event-stream.js';

const { url, headers, count } = JSON.parse(process.argv[2]!) as { url: string; headers: Record<string, string>; count: number };
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** Per stream: the arrival time of each patch. */
const arrivals: number[][] = [];
let snapshots = 0;
let failures = 0;
let reported = 0;
let stopping = false;
/** The size of each patch (of the first stream). */
const patchBytes: number[] = [];

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    arrivals[i] = [];
    const req = http.get(url, { agent, headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
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
          if (snapshots + failures === count) send({ ready: snapshots, failures });
        } else if (frame.data.startsWith('{"type":"patch"')) {
          arrivals[i]!.push(now());
          if (i === 0) patchBytes.push(Buffer.byteLength(frame.data));
          checkRound();
        }
      });
      res.on('data', (chunk: string) => parser.feed(chunk));
      res.on('close', () => {
        if (!stopping) failures += 1;
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

process.on('message', (message: { stop?: boolean }) => {
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
