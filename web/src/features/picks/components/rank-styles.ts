import type { ConfidenceRank } from '@powerpool/contracts';

/** Confidence colours (visual only): 3pt gold, 2pt teal, 1pt blue. */
export const RANK_CLASSES: Record<ConfidenceRank, string> = {
  3: 'bg-confidence-3 text-confidence-3-foreground border-confidence-3',
  2: 'bg-confidence-2 text-confidence-2-foreground border-confidence-2',
  1: 'bg-confidence-1 text-confidence-1-foreground border-confidence-1',
};

export const POWER_CLASSES = 'bg-primary text-primary-foreground border-primary';
