import type { CheckResult, ValidationReport } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { STATUS_TONE, checkRows, pushBlockedReason, validationAdvice } from './validation-status';

const ok: CheckResult = { passed: true, severity: 'critical', details: 'fine', errors: [] };

describe('validation advice and tone', () => {
  it('should say there are critical issues to fix before production when the report FAILED', () => {
    expect(STATUS_TONE.FAILED).toBe('destructive');
    expect(validationAdvice('FAILED')).toMatch(/critical issues/i);
    expect(validationAdvice('FAILED')).toMatch(/before pushing to production/i);
  });

  it('should ask to review the issues when the report has WARNINGS', () => {
    expect(STATUS_TONE.WARNINGS).toBe('warning');
    expect(validationAdvice('WARNINGS')).toMatch(/review the issues/i);
  });

  it('should read as ready when the report PASSED', () => {
    expect(STATUS_TONE.PASSED).toBe('success');
    expect(validationAdvice('PASSED')).toMatch(/passed/i);
  });
});

describe('checkRows', () => {
  it("should list the seven checks in the product's order with their names when given a report", () => {
    const report: ValidationReport = {
      summary: { overallStatus: 'WARNINGS', passed: 6, failed: 1, totalChecks: 7 },
      totalGames: 272,
      validationResults: {
        oddsValidation: { passed: false, severity: 'warning', details: '3 games without odds', errors: ['a'] },
        winnerLogic: ok,
        dataIntegrity: ok,
        postseasonStructure: ok,
        preseasonStructure: ok,
        regularSeasonStructure: ok,
        teamStructure: ok,
      },
    };
    const rows = checkRows(report);
    expect(rows.map((r) => r.label)).toEqual([
      'Team structure',
      'Regular season structure',
      'Preseason structure',
      'Postseason structure',
      'Data integrity',
      'Winner logic',
      'Odds validation',
    ]);
    expect(rows.at(-1)?.result.errors).toEqual(['a']);
  });
});

describe('pushBlockedReason', () => {
  it('should block push when staging has no teams or no games', () => {
    expect(pushBlockedReason(0, 0)).not.toBeNull();
    expect(pushBlockedReason(32, 0)).toMatch(/games/);
    expect(pushBlockedReason(0, 272)).toMatch(/teams/);
  });

  it('should allow push when staging has teams and games', () => {
    expect(pushBlockedReason(32, 272)).toBeNull();
  });
});
