import { LIVE_SUBJECTS, type LiveBoardChanged } from '@powerpool/contracts';
import type { Bus, KitLogger } from '@powerpool/service-kit';

/**
 * Broadcast LIVE_SUBJECTS.boardChanged after a change that may have moved boards committed: every
 * process serving streams then reads the live change log (serving/live-changes.ts), which names
 * the boards. So one message says it all, however many boards changed: calls while a broadcast is
 * under way share the one that follows it. A core message: losing one costs a browser a few
 * seconds (the streams' safety net reads the log anyway), so a failure is logged and never fails
 * the change.
 */
export function createAnnouncer(bus: Bus, logger: KitLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const broadcast = async () => {
    const message: LiveBoardChanged = { at: new Date().toISOString() };
    try {
      await bus.broadcast(LIVE_SUBJECTS.boardChanged, message);
    } catch (err) {
      logger.warn({ err }, 'could not announce a live board change (the streams catch up on their own)');
    }
  };
  const start = (): Promise<void> => {
    const run = broadcast().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    // A broadcast already under way may have left before this caller's change committed: one more after it, shared.
    queued ??= running.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
