/**
 * A small semaphore: at most `limit` tasks run at once, the rest wait in order. A finishing task
 * hands its slot straight to the next in line, so a task arriving meanwhile never runs beside it
 * over the limit. Used for the provider's requests (sports-data-staging's ESPN client) and the
 * live streams' rebuilds (picks-scoring: queued in memory, not for a database connection).
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`createLimiter: ${limit} is not a positive whole number`);
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
