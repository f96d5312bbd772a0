/**
 * What the staging screen shows while an import or a migration streams (docs/screens.md#staging): the log lines so far, the latest progress, and how it ended. Pure, so the
 * screen and the unit tests share one set of rules.
 */

/** One event of an import or migration stream, as far as the screen needs it. */
export type StreamEvent =
  | { type: 'log'; message: string }
  | { type: 'error'; message: string }
  | { type: 'progress'; current: number; total: number; item?: string | null | undefined }
  | { type: 'complete'; message?: string | null | undefined };

export type LogLevel = 'info' | 'error' | 'success';

export interface LogLine {
  /** Position in the run, for React keys. */
  id: number;
  level: LogLevel;
  text: string;
}

export interface ProgressState {
  current: number;
  total: number;
  item: string | null;
}

export interface RunState {
  /** Import teams, import games or migrate: what the log belongs to. */
  label: string | null;
  status: 'idle' | 'running' | 'complete' | 'failed';
  logs: LogLine[];
  progress: ProgressState | null;
  /** The message of the first error event, if any. */
  error: string | null;
}

export const IDLE_RUN: RunState = { label: null, status: 'idle', logs: [], progress: null, error: null };

/** Keeps the log readable in a long import; the newest lines matter. */
export const MAX_LOG_LINES = 500;

/** A fresh running state for `label`. */
export function startRun(label: string): RunState {
  return { label, status: 'running', logs: [], progress: null, error: null };
}

/** Adds one line to the log (oldest dropped past MAX_LOG_LINES). */
export function appendLog(state: RunState, level: LogLevel, text: string): RunState {
  const id = (state.logs.at(-1)?.id ?? 0) + 1;
  const logs = [...state.logs, { id, level, text }];
  return { ...state, logs: logs.length > MAX_LOG_LINES ? logs.slice(logs.length - MAX_LOG_LINES) : logs };
}

/** Applies one stream event. An error event is logged and remembered; the run ends with `finishRun`. */
export function applyStreamEvent(state: RunState, event: StreamEvent): RunState {
  switch (event.type) {
    case 'log':
      return appendLog(state, 'info', event.message);
    case 'error':
      return { ...appendLog(state, 'error', event.message), error: state.error ?? event.message };
    case 'progress':
      return {
        ...state,
        progress: { current: event.current, total: event.total, item: event.item ?? null },
      };
    case 'complete': {
      const done = event.message ? appendLog(state, 'success', event.message) : state;
      return { ...done, status: done.error === null ? 'complete' : 'failed' };
    }
  }
}

/**
 * Ends a run as failed. A failure from outside the stream (HTTP error, no body, lost connection)
 * is added to the log; one the stream already reported as an error event is not repeated.
 */
export function failRun(state: RunState, message: string): RunState {
  if (state.logs.some((line) => line.level === 'error' && line.text === message)) {
    return { ...state, status: 'failed', error: state.error ?? message };
  }
  return { ...appendLog(state, 'error', message), status: 'failed', error: state.error ?? message };
}

/** Whole percent done, 0 when the total is unknown. */
export function progressPercent(progress: ProgressState | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress.current / progress.total) * 100)));
}
