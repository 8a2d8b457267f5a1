import { createRoute, lazyRouteComponent, Outlet, redirect, useParams } from '@tanstack/react-router';
import { safeInternalPath, signinHref } from '../auth/session';
import { NotFoundScreen } from '../screens/NotFound';
import { placeholder } from '../screens/Placeholder';
import { serverLogin } from '../services/sync/server';
import { SidebarLayout } from '../shell/SidebarLayout';
import { TabbedLayout } from '../shell/TabbedLayout';
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
  ...placeholder('nav.documents'),
});
const teamCreate = createRoute({
  getParentRoute: () => teamHome,
  path: 'create',
  ...placeholder('nav.newDocument'),
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

const DOC_TABS = ['data', 'settings', 'docs', 'history', 'api', 'playground'] as const;

function DocLayout() {
  const { teamId, docId } = useParams({ strict: false }) as { teamId: string; docId: string };
  const base = `/o/${encodeURIComponent(teamId)}/docs/${encodeURIComponent(docId)}`;
  return (
    <TabbedLayout
      tabs={[
        { to: base, labelKey: 'docTabs.template', exact: true },
        ...DOC_TABS.map((tab) => ({ to: `${base}/${tab}`, labelKey: `docTabs.${tab}` })),
      ]}
    />
  );
}

const doc = createRoute({ getParentRoute: () => team, path: 'docs/$docId', component: DocLayout });
const docTemplateTab = createRoute({
  getParentRoute: () => doc,
  path: '/',
  ...placeholder('docTabs.template'),
});
const docTabs = DOC_TABS.map((tab) =>
  createRoute({ getParentRoute: () => doc, path: tab, ...placeholder(`docTabs.${tab}`) }),
);
const docTemplateEditor = createRoute({
  getParentRoute: () => team,
  path: 'docs/$docId/templates/$templateId',
  component: lazyRouteComponent(() => import('./TemplateEditorRoute'), 'TemplateEditorRoute'),
});
const docInstancePreview = createRoute({
  getParentRoute: () => team,
  path: 'docs/$docId/preview/$instanceId',
  ...placeholder('screens.instancePreview'),
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
  ...placeholder('screens.publicPreview'),
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
