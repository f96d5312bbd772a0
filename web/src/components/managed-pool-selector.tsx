import type { Pool } from '@powerpool/contracts';
import { useId } from 'react';
import { cn } from '@/utils/cn';
import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';

/** True when a super admin manages `pool` without commissioning it (its "As Admin" mark). */
export const managesAsAdmin = (pool: Pick<Pool, 'poolCommissionerId'>, userId: string, superAdmin: boolean): boolean =>
  superAdmin && pool.poolCommissionerId !== userId;

/**
 * The selector of the pools a commissioner or super admin manages (week management, Season
 * Leaderboard, Live Results): "As Admin" marks the pools a super admin manages without
 * commissioning them.
 */
export function ManagedPoolSelector({
  pools,
  value,
  userId,
  superAdmin,
  onSelect,
  label = 'Pool',
  placeholder,
  className,
  testId,
}: {
  pools: readonly Pool[];
  /** The chosen pool's id; '' with a placeholder shows the placeholder. */
  value: string;
  userId: string;
  superAdmin: boolean;
  onSelect: (poolId: string) => void;
  label?: string;
  /** A first, empty option ("Choose a pool"), for a selector that starts without a choice. */
  placeholder?: string;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid w-full gap-2 sm:w-80', className)} data-testid={testId}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onSelect(e.target.value)}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {pools.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.year}){managesAsAdmin(p, userId, superAdmin) ? ' · As Admin' : ''}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
