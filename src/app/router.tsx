import { createRouter } from '@tanstack/react-router';
import { hostRoutes } from './routes/hostRoutes';
import { rootRoute } from './routes/root';
import { sharedRoutes } from './routes/sharedRoutes';
import { standaloneRoutes } from './routes/standaloneRoutes';
import { NotFoundScreen } from './screens/NotFound';
import { LOADING_MASK_DELAY_MS, LoadingMask } from './shell/LoadingMask';

/**
 * Both route tables are mounted: their paths do not collide apart from the shared ones, so every
 * route of either table is reachable. `defaultRoute` (config.ts) picks the header tabs, the landing
 * page's lead action and the sign-in screen, not which routes exist.
 */
const routeTree = rootRoute.addChildren([...sharedRoutes, ...hostRoutes, ...standaloneRoutes]);

// Keep query values as strings: the default parser would turn `?approvalCode=123` into a number.
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createAppRouter() {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundScreen,
    // The router waits this long before showing a pending screen; the mask itself then shows at once.
    defaultPendingMs: LOADING_MASK_DELAY_MS,
    defaultPendingComponent: () => <LoadingMask delayMs={0} />,
    scrollRestoration: true,
  });
}
