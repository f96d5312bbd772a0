import { VALIDATION_ADVICE, VALIDATION_CHECKS, VALIDATION_CHECK_LABELS } from '@powerpool/contracts';
import type { CheckResult, OverallStatus, ValidationCheck, ValidationReport } from '@powerpool/contracts';

/**
 * How the validation report reads (docs/screens.md#staging): the overall status's tone and
 * advice, and the seven checks in display order. Texts come from the contract, shared with the
 * service.
 */

export type StatusTone = 'success' | 'warning' | 'destructive';

export const STATUS_TONE: Record<OverallStatus, StatusTone> = {
  PASSED: 'success',
  WARNINGS: 'warning',
  FAILED: 'destructive',
};

/** The advice under the overall status (docs/screens.md#staging, "Validation advice"). */
export function validationAdvice(status: OverallStatus): string {
  return VALIDATION_ADVICE[status];
}

export interface CheckRow {
  key: ValidationCheck;
  label: string;
  result: CheckResult;
}

/** The report's checks in the product's order, with their display names. */
export function checkRows(report: ValidationReport): CheckRow[] {
  return VALIDATION_CHECKS.map((key) => ({ key, label: VALIDATION_CHECK_LABELS[key], result: report.validationResults[key] }));
}

/** Why push to production is off, or null when it may run (docs/screens.md#staging). */
export function pushBlockedReason(stagingTeams: number, stagingGames: number): string | null {
  if (stagingTeams === 0 && stagingGames === 0) return 'Import teams and games before pushing to production.';
  if (stagingTeams === 0) return 'Import teams before pushing to production.';
  if (stagingGames === 0) return 'Import games before pushing to production.';
  return null;
}
