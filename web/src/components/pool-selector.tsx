import { useId } from 'react';
import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';
import { cn } from '@/utils/cn';

export interface SelectablePool {
  id: string;
  name: string;
  year?: number;
}

/**
 * The player's pool selector (docs/screens.md#navigation): renders nothing unless there is more than
 * one pool to choose from.
 */
export function PoolSelector({
  pools,
  value,
  onChange,
  label = 'Pool',
  className,
}: {
  pools: readonly SelectablePool[];
  value: string | undefined;
  onChange: (poolId: string) => void;
  label?: string;
  className?: string;
}) {
  const id = useId();
  if (pools.length <= 1) return null;
  return (
    <div className={cn('grid w-full gap-2 sm:w-72', className)} data-testid="player-pool-selector">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? pools[0]?.id} onChange={(e) => onChange(e.target.value)}>
        {pools.map((p) => (
          <option key={p.id} value={p.id}>
            {p.year ? `${p.name} (${p.year})` : p.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
