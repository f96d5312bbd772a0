import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { prefetchScreen } from './app/prefetch';
import { queryClient } from './lib/query-client';
import './index.css';
import { registerServiceWorker } from './lib/service-worker';

// Before the first render: the calls of the screen the visit opens on start now, together, before
// its code arrives (app/prefetch.ts).
// React Router keeps a link's state (Make Picks' pool) in the history entry's `usr`.
prefetchScreen(queryClient, {
  pathname: window.location.pathname,
  search: window.location.search,
  state: (window.history.state as { usr?: unknown } | null)?.usr,
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition, so React renders the app in slices that leave the main thread free in between
// (docs/screens.md#main-thread-time) rather than in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
