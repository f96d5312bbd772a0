import type { ValidationCheck } from './sports.schemas.js';

/** The validation report's check names, in display order (VALIDATION_CHECKS). */
export const VALIDATION_CHECK_LABELS: Record<ValidationCheck, string> = {
  teamStructure: 'Team structure',
  regularSeasonStructure: 'Regular season structure',
  preseasonStructure: 'Preseason structure',
  postseasonStructure: 'Postseason structure',
  dataIntegrity: 'Data integrity',
  winnerLogic: 'Winner logic',
  oddsValidation: 'Odds validation',
};

/** Advice text shown under the report (docs/screens.md#staging). */
export const VALIDATION_ADVICE = {
  FAILED: 'Critical issues found. Fix them before pushing to production.',
  WARNINGS: 'Some checks reported warnings. Review the issues before pushing to production.',
  PASSED: 'All checks passed. The staging data is ready for production.',
} as const;
