import type { Page, Request } from 'playwright-core';

/** Which requests a check is about: the URL's path (and query) matched by a pattern. */
type PathPattern = RegExp;

/**
 * The page's requests in the order the browser reported them: each one's start, and its end (the
 * reply read, or the request failed). Positions in this log say what waited for what, without
 * timing anything: a request that starts before another one's end did not wait for it.
 */
export interface RequestLog {
  /** Position in the log of the start of the first request whose path matches; throws when none started. */
  startOf(path: PathPattern): number;
  /** Position in the log of the end of the first request whose path matches; throws when none ended. */
  endOf(path: PathPattern): number;
  /** How many requests with a matching path started. */
  count(path: PathPattern): number;
  /** The current position (events after it have not happened yet). */
  now(): number;
  /** Paths of the scripts (`.js`) that started before `position`. */
  scriptsBefore(position: number): string[];
}

/** Records the page's requests from now on (web/e2e/picks.test.ts: the chain before Make Picks' first paint). */
export function recordRequests(page: Page): RequestLog {
  const events: Array<{ kind: 'start' | 'end'; path: string }> = [];
  const pathOf = (request: Request) => {
    const url = new URL(request.url());
    return `${url.pathname}${url.search}`;
  };
  page.on('request', (request) => void events.push({ kind: 'start', path: pathOf(request) }));
  page.on('requestfinished', (request) => void events.push({ kind: 'end', path: pathOf(request) }));
  page.on('requestfailed', (request) => void events.push({ kind: 'end', path: pathOf(request) }));

  const position = (kind: 'start' | 'end', path: PathPattern) => {
    const at = events.findIndex((event) => event.kind === kind && path.test(event.path));
    if (at < 0) throw new Error(`no request matching ${String(path)} ${kind === 'start' ? 'started' : 'ended'}; seen: ${events.map((e) => e.path).join(', ')}`);
    return at;
  };
  return {
    startOf: (path) => position('start', path),
    endOf: (path) => position('end', path),
    count: (path) => events.filter((event) => event.kind === 'start' && path.test(event.path)).length,
    now: () => events.length,
    scriptsBefore: (at) => events.slice(0, at).flatMap((event) => (event.kind === 'start' && /\.js$/.test(event.path) ? [event.path] : [])),
  };
}
