import { useNavigation } from 'react-router-dom';

/**
 * A thin bar across the top while the router is busy, i.e. while the code of a screen that loads
 * on demand is on its way (app/router.tsx); the current screen stays until the next is ready.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden">
      <span className="block h-full w-1/3 rounded-full bg-primary" />
    </div>
  );
}
