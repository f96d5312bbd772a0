/**
 * The browsers of bench/live-stream.bench.ts, in a child process (they must not share the app's
 * event loop or CPU): BENCH_STREAMS real HTTP connections to the live leaderboard stream, each
 * parsing its own event stream. Tells the parent when every stream has its snapshot, then, for
 * every round, when every stream has that round's change (a patch, or the games frame of a score), with each arrival time (epoch ms).
 *
 * A Sunday (bench/many-pools.bench.ts BENCH_SUNDAY): the parent tells each provider update it
 * publishes ({ published: { gameId, at } }, `at` also the game's updatedAt). Each frame a stream
 * receives brings its games up to the updatedAt they carry; every update published since the
 * stream's last one of that game is then seen, and the oldest of them gives how far behind the
 * provider the stream had fallen (arrival - its publication). On { sundayEnd: true } it reports
 * the percentiles of those lags, the worst, and how many were over 2 s.
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

/** A Sunday under way: each game's publication times, and per stream the last one seen of each game. */
let sunday: { published: Map<string, number[]>; seen: Array<Map<string, number>>; lags: number[] } | null = null;

/** The games (id, updatedAt) a frame carries: a games frame's facts, a patch's games. */
function gamesOf(data: string): Array<{ gameId: string; updatedAt: string }> {
  const event = JSON.parse(data) as { games?: Array<{ gameId: string; updatedAt: string }> };
  return event.games ?? [];
}

/** Stream `i` has the games of `data` at `arrived`: every update it had not seen up to their updatedAt counts its lag. */
function sundayArrival(i: number, data: string, arrived: number): void {
  if (!sunday) return;
  const seen = (sunday.seen[i] ??= new Map());
  for (const game of gamesOf(data)) {
    const times = sunday.published.get(game.gameId);
    if (!times) continue;
    const upTo = Date.parse(game.updatedAt);
    const last = seen.get(game.gameId) ?? 0;
    if (upTo <= last) continue;
    // The oldest update published after the last one seen: how far behind the stream was.
    const oldest = times.find((t) => t > last && t <= upTo);
    if (oldest !== undefined) sunday.lags.push(arrived - oldest);
    seen.set(game.gameId, upTo);
  }
}

/** The Sunday's lags, and per stream and game the updates never seen (still behind at the end). */
function sundayReport(): Record<string, number> {
  const lags = sunday!.lags.sort((a, b) => a - b);
  const at = (p: number) => lags[Math.min(lags.length - 1, Math.ceil((p / 100) * lags.length) - 1)] ?? NaN;
  const end = now();
  let unseen = 0;
  let worstUnseen = 0;
  for (let i = 0; i < arrivals.length; i++) {
    for (const [gameId, times] of sunday!.published) {
      const last = sunday!.seen[i]?.get(gameId) ?? 0;
      const missing = times.find((t) => t > last);
      if (missing !== undefined) {
        unseen += 1;
        worstUnseen = Math.max(worstUnseen, end - missing);
      }
    }
  }
  return { samples: lags.length, p50: at(50), p99: at(99), max: lags.at(-1) ?? NaN, over2s: lags.filter((l) => l > 2000).length, unseen, worstUnseen };
}

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
          if (sunday) {
            sundayArrival(i, frame.data, now());
            return;
          }
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

process.on(
  'message',
  (message: { stop?: boolean; status?: boolean; sundayStart?: boolean; sundayEnd?: boolean; published?: { gameId: string; at: number } }) => {
    if (message.sundayStart) {
      sunday = { published: new Map(), seen: [], lags: [] };
      return;
    }
    if (message.published && sunday) {
      const times = sunday.published.get(message.published.gameId);
      if (times) times.push(message.published.at);
      else sunday.published.set(message.published.gameId, [message.published.at]);
      return;
    }
    if (message.sundayEnd && sunday) {
      send({ sunday: sundayReport() });
      sunday = null;
      return;
    }
    if (message.status) {
      status();
      return;
    }
    if (message.stop) {
      stopping = true;
      agent.destroy();
      process.exit(0);
    }
  },
);

// Open in batches (the listen backlog is finite), then wait for the snapshots.
for (let i = 0; i < count; i += 250) {
  await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)));
}
