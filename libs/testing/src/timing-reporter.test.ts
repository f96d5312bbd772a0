import { describe, expect, it } from 'vitest';
import { failureSummary, timingSummary } from './timing-reporter.js';

describe('timingSummary', () => {
  it('should sum each project, most costly first, and list the slowest files', () => {
    const text = timingSummary(
      [
        { project: 'unit', file: 'a.test.ts', ms: 1_000 },
        { project: 'e2e', file: 'b.test.ts', ms: 60_000 },
        { project: 'unit', file: 'c.test.ts', ms: 2_500 },
        { project: 'e2e', file: 'd.test.ts', ms: 30_000 },
      ],
      95_000,
      3,
    );
    expect(text.split('\n')).toEqual([
      'test time: 95.0 s wall',
      '  e2e: 2 files, 90.0 s',
      '  unit: 2 files, 3.5 s',
      'slowest 3 files:',
      '  60.0 s  e2e  b.test.ts',
      '  30.0 s  e2e  d.test.ts',
      '  2.5 s  unit  c.test.ts',
    ]);
  });
});

describe('failureSummary', () => {
  it('should list each failure on one line, a file failure without a test name', () => {
    const text = failureSummary([
      { project: 'cluster', file: 'a.test.ts', test: 'board > should hold', message: 'expected 1 to be 2' },
      { project: 'e2e', file: 'b.test.ts', test: '', message: 'Hook timed out in 120000ms' },
    ]);
    expect(text.split('\n')).toEqual([
      'failed 2:',
      '  cluster  a.test.ts > board > should hold: expected 1 to be 2',
      '  e2e  b.test.ts: Hook timed out in 120000ms',
    ]);
  });

  it('should print nothing when nothing failed', () => {
    expect(failureSummary([])).toBe('');
  });
});
