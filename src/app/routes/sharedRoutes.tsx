import { createRoute } from '@tanstack/react-router';
import { PrintScreen } from '../preview/PreviewScreen';
import { LandingScreen } from '../screens/Landing';
import { placeholder } from '../screens/Placeholder';
import { rootRoute } from './root';

// Paths both route tables define; registered once.
const landing = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingScreen });
const print = createRoute({ getParentRoute: () => rootRoute, path: '/print', component: PrintScreen });
const printDocx = createRoute({
  getParentRoute: () => rootRoute,
  path: '/print-docx',
  ...placeholder('screens.printDocx'),
});

export const sharedRoutes = [landing, print, printDocx] as const;
