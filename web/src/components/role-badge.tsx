import type { Role } from '@powerpool/contracts';
import { ShieldCheck } from 'lucide-react';
import { ROLE_LABELS } from '@/lib/format';
import { Badge } from './ui/badge';

/**
 * The viewer's role in the header of the admin screens (docs/screens.md#navigation: "a badge reading
 * Super Admin or Pool Commissioner"): one look on /admin, /site-admin and week management.
 */
export function RoleBadge({ role }: { role: Extract<Role, 'super_admin' | 'pool_commissioner'> }) {
  return (
    <Badge variant={role === 'super_admin' ? 'destructive' : 'info'} size="lg" data-testid="role-badge">
      <ShieldCheck aria-hidden="true" />
      {ROLE_LABELS[role]}
    </Badge>
  );
}
