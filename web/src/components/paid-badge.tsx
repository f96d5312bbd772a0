import { Badge } from './ui/badge';

/** Whether a person has paid their pool entry, one look wherever people are listed (members, payments, site admin users). */
export function PaidBadge({ hasPaid, className }: { hasPaid: boolean; className?: string }) {
  return (
    <Badge variant={hasPaid ? 'success' : 'warning'} className={className}>
      {hasPaid ? 'Paid' : 'Unpaid'}
    </Badge>
  );
}

/** The paid badge as the button that changes it (the members tab and the payments screen). */
export function PaidBadgeButton({ hasPaid, label, onClick, disabled }: { hasPaid: boolean; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="shrink-0 rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
    >
      <PaidBadge hasPaid={hasPaid} className="cursor-pointer" />
    </button>
  );
}
