import { describe, expect, it } from 'vitest';
import { IDLE_RUN, MAX_LOG_LINES, appendLog, applyStreamEvent, failRun, progressPercent, startRun } from './import-progress';
import type { RunState, StreamEvent } from './import-progress';

function run(events: StreamEvent[], from: RunState = startRun('Import teams')): RunState {
  return events.reduce(applyStreamEvent, from);
}

describe('applyStreamEvent', () => {
  it('should log lines, track progress and end complete when the stream has no error', () => {
    const state = run([
      { type: 'log', message: 'Fetching teams for 2025' },
      { type: 'progress', current: 1, total: 32, item: 'Arizona Cardinals' },
      { type: 'progress', current: 2, total: 32 },
      { type: 'complete', message: 'Imported 32 teams' },
    ]);
    expect(state.status).toBe('complete');
    expect(state.progress).toEqual({ current: 2, total: 32, item: null });
    expect(state.logs.map((l) => [l.level, l.text])).toEqual([
      ['info', 'Fetching teams for 2025'],
      ['success', 'Imported 32 teams'],
    ]);
    expect(state.error).toBeNull();
  });

  it('should end failed and keep the first error when the stream reported errors', () => {
    const state = run([{ type: 'error', message: 'Teams must be imported before games' }, { type: 'error', message: 'second' }, { type: 'complete' }]);
    expect(state.status).toBe('failed');
    expect(state.error).toBe('Teams must be imported before games');
    expect(state.logs).toHaveLength(2);
  });

  it('should stay running when no complete event has arrived yet', () => {
    expect(run([{ type: 'log', message: 'x' }]).status).toBe('running');
  });
});

describe('failRun and appendLog', () => {
  it('should mark the run failed with the message when the request itself failed', () => {
    const state = failRun(startRun('Import games'), 'Unable to read response stream');
    expect(state).toMatchObject({ status: 'failed', error: 'Unable to read response stream', label: 'Import games' });
    expect(state.logs[0]).toMatchObject({ level: 'error', text: 'Unable to read response stream' });
  });

  it('should not repeat the message when the stream already reported it as an error', () => {
    const streamed = run([{ type: 'error', message: 'ESPN did not answer' }]);
    const state = failRun(streamed, 'ESPN did not answer');
    expect(state.status).toBe('failed');
    expect(state.logs).toHaveLength(1);
  });

  it('should keep only the newest lines when the log grows past the limit', () => {
    let state = IDLE_RUN;
    for (let i = 0; i < MAX_LOG_LINES + 5; i += 1) state = appendLog(state, 'info', `line ${i}`);
    expect(state.logs).toHaveLength(MAX_LOG_LINES);
    expect(state.logs[0]?.text).toBe('line 5');
    expect(new Set(state.logs.map((l) => l.id)).size).toBe(MAX_LOG_LINES);
  });
});

describe('progressPercent', () => {
  it('should round the share done when the total is known', () => {
    expect(progressPercent({ current: 1, total: 3, item: null })).toBe(33);
    expect(progressPercent({ current: 272, total: 272, item: null })).toBe(100);
  });

  it('should be 0 when there is no progress or no total', () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ current: 3, total: 0, item: null })).toBe(0);
  });
});
