import { useId, type ComponentProps } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/utils/cn';
import { Input } from './input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the wrapper (width, max width). */
  wrapperClassName?: string;
};

/**
 * A search box with a leading magnifier icon: the search field of every list screen. It always has
 * an id (its own unless given one) so browsers can autofill and audits do not flag a nameless field.
 */
export function SearchInput({ value, onValueChange, wrapperClassName, className, id, ...props }: SearchInputProps) {
  const ownId = useId();
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input id={id ?? ownId} type="search" value={value} onChange={(e) => onValueChange(e.target.value)} className={cn('pl-9', className)} {...props} />
    </div>
  );
}
