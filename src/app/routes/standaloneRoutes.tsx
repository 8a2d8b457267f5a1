import { createRoute, lazyRouteComponent, Outlet, redirect, useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundScreen } from '../screens/NotFound';
import { safeInternalPath, signinHref } from '../services/auth/session';
import { serverLogin } from '../services/sync/server';
import { SidebarLayout } from '../shell/SidebarLayout';
import { rootRoute } from './root';

// Standalone (open platform) route table, spec 000 §2.

const teams = createRoute({
  getParentRoute: () => rootRoute,
  path: '/o',
  component: lazyRouteComponent(() => import('../platform/TeamsScreen'), 'TeamsScreen'),
});

function UserSettingsLayout() {
  return (
    <SidebarLayout
      links={[
        { to: '/o/settings/profile', labelKey: 'screens.profile' },
        { to: '/o/settings/change-password', labelKey: 'screens.changePassword' },
      ]}
    />
  );
}

const userSettings = createRoute({
  getParentRoute: () => rootRoute,
  path: '/o/settings',
  component: UserSettingsLayout,
});
const userSettingsIndex = createRoute({
  getParentRoute: () => userSettings,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: '/o/settings/profile' });
  },
});
const profile = createRoute({
  getParentRoute: () => userSettings,
  path: 'profile',
  component: lazyRouteComponent(() => import('../platform/account/ProfileScreen'), 'ProfileScreen'),
});
const changePassword = createRoute({
  getParentRoute: () => userSettings,
  path: 'change-password',
  component: lazyRouteComponent(() => import('../platform/account/ChangePasswordScreen'), 'ChangePasswordScreen'),
});

function TeamHomeLayout() {
  const { teamId } = useParams({ strict: false }) as { teamId: string };
  const base = `/o/${encodeURIComponent(teamId)}`;
  return (
    <SidebarLayout
      links={[
        { to: base, labelKey: 'nav.documents', exact: true },
        { to: `${base}/create`, labelKey: 'nav.newDocument' },
        { to: `${base}/api-keys`, labelKey: 'nav.apiKeys' },
        { to: `${base}/settings/basic`, labelKey: 'nav.basic' },
        { to: `${base}/settings/members`, labelKey: 'nav.members' },
      ]}
    />
  );
}

const team = createRoute({ getParentRoute: () => rootRoute, path: '/o/$teamId', component: Outlet });
const teamHome = createRoute({ getParentRoute: () => team, id: 'home', component: TeamHomeLayout });
const teamHomeIndex = createRoute({
  getParentRoute: () => teamHome,
  path: '/',
  component: lazyRouteComponent(() => import('../platform/docs/DocsHomeScreen'), 'DocsHomeScreen'),
});
const teamCreate = createRoute({
  getParentRoute: () => teamHome,
  path: 'create',
  component: lazyRouteComponent(() => import('../platform/docs/CreateDocScreen'), 'CreateDocScreen'),
});
const teamApiKeys = createRoute({
  getParentRoute: () => teamHome,
  path: 'api-keys',
  component: lazyRouteComponent(() => import('../platform/ApiKeysScreen'), 'ApiKeysScreen'),
});
const teamSettings = createRoute({ getParentRoute: () => teamHome, path: 'settings', component: Outlet });
const teamSettingsIndex = createRoute({
  getParentRoute: () => teamSettings,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/o/${encodeURIComponent((params as { teamId: string }).teamId)}/settings/basic` });
  },
});
const teamSettingsBasic = createRoute({
  getParentRoute: () => teamSettings,
  path: 'basic',
  component: lazyRouteComponent(() => import('../platform/team/TeamBasicScreen'), 'TeamBasicScreen'),
});
const teamSettingsMembers = createRoute({
  getParentRoute: () => teamSettings,
  path: 'members',
  component: lazyRouteComponent(() => import('../platform/team/MembersScreen'), 'MembersScreen'),
});

// A document's tabs (src/app/platform/docs); its template opens in the app's editor through sync.
const docScreen = (name: string) => lazyRouteComponent(() => import('../platform/docs/screens'), name as 'DocLayout');
const doc = createRoute({ getParentRoute: () => team, path: 'docs/$docId', component: docScreen('DocLayout') });
const docTemplateTab = createRoute({ getParentRoute: () => doc, path: '/', component: docScreen('TemplateTab') });
const DOC_TAB_SCREENS = {
  data: 'DataTab',
  settings: 'SettingsTab',
  docs: 'ApiDocsTab',
  history: 'HistoryTab',
  api: 'ApiTab',
  playground: 'PlaygroundTab',
} as const;
const docTabs = Object.entries(DOC_TAB_SCREENS).map(([tab, screen]) =>
  createRoute({ getParentRoute: () => doc, path: tab, component: docScreen(screen) }),
);
const DocTemplateGate = lazy(() =>
  import('../platform/docs/DocTemplateGate').then((m) => ({ default: m.DocTemplateGate })),
);
const TemplateEditor = lazy(() => import('./TemplateEditor').then((m) => ({ default: m.TemplateEditor })));
function DocTemplateEditorRoute() {
  return (
    <Suspense fallback={null}>
      <DocTemplateGate
        editor={(localId, backHref, doc) => (
          <TemplateEditor key={localId} templateId={localId} backHref={backHref} openDoc={doc} />
        )}
      />
    </Suspense>
  );
}
const docTemplateEditor = createRoute({
  getParentRoute: () => team,
  path: 'docs/$docId/templates/$templateId',
  component: DocTemplateEditorRoute,
});
const docInstancePreview = createRoute({
  getParentRoute: () => team,
  path: 'docs/$docId/preview/$instanceId',
  component: docScreen('InstancePreviewScreen'),
});

// /goto/<encoded path> continues to that in-app path, through the server sign-in when needed;
// anything but an in-app path (another site, a scheme, a loop back to /goto) shows not-found.
const goto = createRoute({
  getParentRoute: () => rootRoute,
  path: '/goto/$goto',
  beforeLoad: ({ params }) => {
    const target = safeInternalPath((params as { goto: string }).goto, '');
    if (!target || /^\/goto(\/|$)/.test(target)) return;
    throw redirect({ href: serverLogin() ? target : signinHref({ context: 'open', target }) });
  },
  component: NotFoundScreen,
});

const login = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('../platform/account/LoginScreen'), 'LoginScreen'),
});
const resetPassword = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('../platform/account/ResetPasswordScreen'), 'ResetPasswordScreen'),
});
const logout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  component: lazyRouteComponent(() => import('../platform/account/LogoutScreen'), 'LogoutScreen'),
});
const invitation = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitation/$code',
  component: lazyRouteComponent(() => import('../platform/account/InvitationScreen'), 'InvitationScreen'),
});
const publicPreview = createRoute({
  getParentRoute: () => rootRoute,
  path: '/open/t/$teamId/docs/$docId/preview/$instanceId',
  component: lazyRouteComponent(() => import('../platform/docs/PreviewScreens'), 'PublicPreviewScreen'),
});

export const standaloneRoutes = [
  teams,
  userSettings.addChildren([userSettingsIndex, profile, changePassword]),
  team.addChildren([
    teamHome.addChildren([
      teamHomeIndex,
      teamCreate,
      teamApiKeys,
      teamSettings.addChildren([teamSettingsIndex, teamSettingsBasic, teamSettingsMembers]),
    ]),
    doc.addChildren([docTemplateTab, ...docTabs]),
    docTemplateEditor,
    docInstancePreview,
  ]),
  goto,
  login,
  resetPassword,
  logout,
  invitation,
  publicPreview,
] as const;
