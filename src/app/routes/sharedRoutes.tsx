import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LandingScreen } from '../screens/Landing';
import { rootRoute } from './root';

// Screens other than the landing page load with their route (issue 18: a lean first load).
const PrintDocxScreen = lazyRouteComponent(() => import('../office/OfficeScreens'), 'PrintDocxScreen');
const PrintScreen = lazyRouteComponent(() => import('./previewScreens'), 'PrintScreen');
const SyncScreen = lazyRouteComponent(() => import('../sync/SyncScreen'), 'SyncScreen');

// Paths both route tables define; registered once.
const landing = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingScreen });
const print = createRoute({ getParentRoute: () => rootRoute, path: '/print', component: PrintScreen });
// The print entry for Word, Excel and PowerPoint templates, as /print is for document templates.
const printDocx = createRoute({
  getParentRoute: () => rootRoute,
  path: '/print-docx',
  staticData: { titleKey: 'screens.printDocx' },
  component: PrintDocxScreen,
});

// Connecting to a Quire server and linking workspaces to team documents (issue 14).
const sync = createRoute({ getParentRoute: () => rootRoute, path: '/sync', component: SyncScreen });

export const sharedRoutes = [landing, print, printDocx, sync] as const;
