import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { PoolSelector } from '../../components/pool-selector';
import { paths } from '../../config/paths';
import { requestedPoolId, useUserPools } from '../../lib/user-pools';

/**
 * Make Picks (/ and /picks): picks screen, player spec section 2. Built by a later issue; until
 * then it shows the player's pool selector (only with more than one pool).
 */
export function PicksRoute() {
  const pools = useUserPools();
  const location = useLocation();
  const [poolId, setPoolId] = useState<string | undefined>(() => requestedPoolId(location.state));
  return (
    <>
      {pools.data ? <PoolSelector pools={pools.data} value={poolId} onChange={setPoolId} className="mb-6" /> : null}
      <ComingSoonPage title={paths.picks.title} />
    </>
  );
}
