import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { useCurrentUser } from './auth';
import { hasAnyRole } from './roles';
import type { AccessRule } from './roles';
import { redirectToLogin } from './unauthorized';

/**
 * Route guard for a group of routes (docs/roles.md#enforcement). The check is made in the
 * browser only; the services enforce roles themselves. Users without an allowed role see the
 * destructive toast 'Unauthorized' with the rule's message, then go to /api/login after 500 ms.
 */
export function RequireRole({ rule }: { rule: AccessRule }) {
  const { data: user } = useCurrentUser();
  const allowed = hasAnyRole(user?.role, rule.roles);
  const warned = useRef(false);

  useEffect(() => {
    if (allowed || warned.current) return;
    warned.current = true;
    toast({ title: 'Unauthorized', description: rule.deniedMessage, variant: 'destructive' });
    redirectToLogin();
  }, [allowed, rule.deniedMessage]);

  if (!allowed) return <LoadingScreen label="Redirecting..." />;
  return <Outlet />;
}
