import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundScreen } from '../screens/NotFound';
import { UpdatePrompt } from '../services/pwa/UpdatePrompt';
import { ErrorPage, isUserFacingError } from '../shell/ErrorPage';
import { Header } from '../shell/Header';
import { RenderErrorPanel } from '../shell/RenderErrorPanel';
import { SyncBoot } from '../sync/SyncBoot';

function RootLayout() {
  return (
    <div className="app">
      <Header />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <UpdatePrompt />
      <SyncBoot />
    </div>
  );
}

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error }) =>
    isUserFacingError(error) ? <ErrorPage error={error} /> : <RenderErrorPanel error={error} />,
});
