import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { BasePluginLayout, hostOr } from '../host/baseContext';
import { AuthCallbackScreen, CanceledScreen, NeedLoginScreen, SignInScreen, SignOutScreen } from '../screens/Auth';
import { usePlan } from '../services/plan/plan';
import { SidebarLayout, type SidebarLink } from '../shell/SidebarLayout';
import { refuseUnlistedFramer, requireHostUser, requireServerSeatManager, requireStandardLogin } from './guards';
import { rootRoute } from './root';

// Screens load with their route (issue 18: the first load carries the landing page, not every screen).
const ApprovalHostGate = lazyRouteComponent(() => import('../host/ApprovalHost'), 'ApprovalHostGate');
const ApprovalEntryScreen = lazyRouteComponent(() => import('../host/ApprovalEntry'), 'ApprovalEntryScreen');
const ApprovalPreviewGate = lazyRouteComponent(() => import('./ApprovalPreviewGate'), 'ApprovalPreviewGate');
const HostAddTemplateScreen = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostAddTemplateScreen');
const HostEditorGate = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostEditorGate');
const HostPreviewScreen = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostPreviewScreen');
const HostTableScreen = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostTableScreen');
const HostTablesScreen = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostTablesScreen');
const HostUpgradeScreen = lazyRouteComponent(() => import('../host/BaseScreens'), 'HostUpgradeScreen');
const OfficeTemplatesScreen = lazyRouteComponent(() => import('../office/OfficeScreens'), 'OfficeTemplatesScreen');
const BasePreviewScreen = lazyRouteComponent(() => import('./previewScreens'), 'BasePreviewScreen');
const ApprovalTemplateListScreen = lazyRouteComponent(
  () => import('../templates/ApprovalScreens'),
  'ApprovalTemplateListScreen',
);
const TemplateListScreen = lazyRouteComponent(() => import('../templates/TemplateListScreen'), 'TemplateListScreen');
const ExtensionScreen = lazyRouteComponent(() => import('../templates/PickerScreens'), 'ExtensionScreen');
const TemplateGalleryScreen = lazyRouteComponent(() => import('../templates/PickerScreens'), 'TemplateGalleryScreen');
const AddTemplateScreen = lazyRouteComponent(() => import('../templates/AddTemplateScreen'), 'AddTemplateScreen');
const ApprovalsScreen = lazyRouteComponent(() => import('../workspace'), 'ApprovalsScreen');
const HomeScreen = lazyRouteComponent(() => import('../workspace'), 'HomeScreen');
const TableScreen = lazyRouteComponent(() => import('../workspace'), 'TableScreen');
const TablesScreen = lazyRouteComponent(() => import('../workspace'), 'TablesScreen');
const SignatureScreen = lazyRouteComponent(() => import('../signature/SignatureScreen'), 'SignatureScreen');
const SignatureQrScreen = lazyRouteComponent(() => import('../signature/SignatureQrScreen'), 'SignatureQrScreen');
const UpgradeScreen = lazyRouteComponent(() => import('../plans/UpgradeScreen'), 'UpgradeScreen');
const PaySuccessScreen = lazyRouteComponent(() => import('../plans/PaySuccessScreen'), 'PaySuccessScreen');
const AdminIndexScreen = lazyRouteComponent(() => import('../plans/AdminScreens'), 'AdminIndexScreen');
const SeatsScreen = lazyRouteComponent(() => import('../plans/AdminScreens'), 'SeatsScreen');

// Host-brand route table, spec 000 §2. `/`, `/print` and `/print-docx` are shared with the
// standalone table and live in sharedRoutes.tsx.

const signin = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signin',
  // Never a sign-in card inside a page that is not Quire's nor a configured host's.
  beforeLoad: refuseUnlistedFramer,
  component: () => <SignInScreen context="standard" />,
});
const authCallback = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  component: AuthCallbackScreen,
});
const signout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signout',
  component: () => <SignOutScreen context="standard" />,
});
const canceled = createRoute({ getParentRoute: () => rootRoute, path: '/canceled', component: CanceledScreen });

const HOME_LINKS: SidebarLink[] = [
  { to: '/home', labelKey: 'nav.overview', exact: true },
  { to: '/home/base', labelKey: 'nav.baseTemplates' },
  { to: '/home/approval', labelKey: 'nav.approvalTemplates' },
  { to: '/home/signature', labelKey: 'nav.signature' },
  { to: '/home/upgrade', labelKey: 'nav.upgrade' },
];
// Administration and seats only for those the seat-management rule lets in (spec 000 §2, §6).
const ADMIN_LINKS: SidebarLink[] = [
  { to: '/home/admin', labelKey: 'nav.admin', exact: true },
  { to: '/home/admin/seats', labelKey: 'nav.seats' },
];

function HomeLayout() {
  // The server's answer for the team's plan (#32): its seat access is spec 000 §6 computed there.
  const plan = usePlan();
  const admin = plan.status === 'ready' && plan.plan.seatAccess.allowed;
  return <SidebarLayout links={admin ? [...HOME_LINKS, ...ADMIN_LINKS] : HOME_LINKS} />;
}

const home = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  beforeLoad: requireStandardLogin,
  component: HomeLayout,
});
const homeIndex = createRoute({ getParentRoute: () => home, path: '/', component: HomeScreen });
const homeBase = createRoute({ getParentRoute: () => home, path: 'base', component: TablesScreen });
const homeApproval = createRoute({ getParentRoute: () => home, path: 'approval', component: ApprovalsScreen });
const homeUpgrade = createRoute({
  getParentRoute: () => home,
  path: 'upgrade',
  staticData: { titleKey: 'nav.upgrade' },
  component: UpgradeScreen,
});
// The home's Signatures entry is the signing screen itself (#31), inside the home's sidebar.
const homeSignature = createRoute({
  getParentRoute: () => home,
  path: 'signature',
  staticData: { titleKey: 'nav.signature' },
  component: SignatureScreen,
});
const homeAdmin = createRoute({
  getParentRoute: () => home,
  path: 'admin',
  beforeLoad: () => requireServerSeatManager(),
  component: Outlet,
});
const homeAdminIndex = createRoute({
  getParentRoute: () => homeAdmin,
  path: '/',
  staticData: { titleKey: 'nav.admin' },
  component: AdminIndexScreen,
});
const homeAdminSeats = createRoute({
  getParentRoute: () => homeAdmin,
  path: 'seats',
  staticData: { titleKey: 'nav.seats' },
  component: SeatsScreen,
});
const homePaySuccess = createRoute({
  getParentRoute: () => home,
  path: 'pay-success',
  staticData: { titleKey: 'nav.paySuccess' },
  component: PaySuccessScreen,
});

const approvalEntry = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approval-entry',
  staticData: { titleKey: 'screens.approvalEntry' },
  // Inside an approval host: the host's current instance (or approval); elsewhere the approvals here.
  component: ApprovalEntryScreen,
});
// The code may also arrive as a query parameter; without one the user needs the approval host.
const approval = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approval',
  beforeLoad: ({ search }) => {
    const code = (search as Record<string, unknown>).approvalCode;
    if (typeof code === 'string' && code) throw redirect({ href: `/approval/${encodeURIComponent(code)}` });
  },
  component: NeedLoginScreen,
});
// Inside an approval host the host's design is kept on the device first (ApprovalHostGate).
const approvalList = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approval/$approvalCode',
  component: () => (
    <ApprovalHostGate>
      <ApprovalTemplateListScreen />
    </ApprovalHostGate>
  ),
});
const ApprovalEditorGate = lazyRouteComponent(() => import('./ApprovalEditorGate'), 'ApprovalEditorGate');
// Opens `?templateId=` (else the approval's last edited template) in the editor; with none, creating
// one is the user's explicit choice (ApprovalEditorGate).
const approvalEditor = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approval/editor/$approvalCode',
  component: () => (
    <ApprovalHostGate>
      <ApprovalEditorGate />
    </ApprovalHostGate>
  ),
});
// The instance the approval host supplies (or one kept on this device), printed.
const approvalPreview = createRoute({
  getParentRoute: () => rootRoute,
  path: '/approval/preview/$instanceCode',
  staticData: { titleKey: 'screens.approvalPreview' },
  component: ApprovalPreviewGate,
});

const basePlugin = createRoute({
  getParentRoute: () => rootRoute,
  path: '/baseplugin',
  beforeLoad: requireHostUser,
  // Framed by a configured base host: the host's base; otherwise the local workspace stands in.
  component: BasePluginLayout,
});
// The plugin's entry has nothing of its own to show: it opens the tables, keeping the host's query.
const basePluginIndex = createRoute({
  getParentRoute: () => basePlugin,
  path: '/',
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/baseplugin/t${location.searchStr ?? ''}` });
  },
});
const baseTables = createRoute({ getParentRoute: () => basePlugin, path: 't', component: Outlet });
const baseTablesIndex = createRoute({
  getParentRoute: () => baseTables,
  path: '/',
  component: hostOr(HostTablesScreen, TablesScreen),
});
const baseTable = createRoute({ getParentRoute: () => baseTables, path: '$tableId', component: Outlet });
const baseTableIndex = createRoute({
  getParentRoute: () => baseTable,
  path: '/',
  component: hostOr(HostTableScreen, TableScreen),
});
const basePreview = createRoute({ getParentRoute: () => baseTable, path: 'preview', component: Outlet });
const basePreviewIndex = createRoute({
  getParentRoute: () => basePreview,
  path: '/',
  component: hostOr(HostPreviewScreen, () => <TemplateListScreen />),
});
const basePreviewAdd = createRoute({
  getParentRoute: () => basePreview,
  path: 'add',
  staticData: { titleKey: 'screens.basePreviewAdd' },
  // Outside a host: the same starter record card for a table on this device (#32).
  component: hostOr(HostAddTemplateScreen, AddTemplateScreen),
});
const basePreviewTemplate = createRoute({
  getParentRoute: () => basePreview,
  path: '$templateId',
  component: hostOr(HostPreviewScreen, BasePreviewScreen),
});
const TemplateEditorRoute = lazyRouteComponent(() => import('./TemplateEditorRoute'), 'TemplateEditorRoute');
const TemplateEditor = lazyRouteComponent(() => import('./TemplateEditor'), 'TemplateEditor');
const baseEditor = createRoute({
  getParentRoute: () => baseTables,
  path: 'editor/$templateId',
  // A locked table's templates open read-only in a host (its preview).
  component: hostOr(
    () => <HostEditorGate Editor={TemplateEditor} />,
    () => <TemplateEditorRoute />,
  ),
});
// In a second-brand host the upgrade goes to /home/upgrade with the language (its deep link).
const baseUpgrade = createRoute({
  getParentRoute: () => basePlugin,
  path: 'upgrade',
  staticData: { titleKey: 'nav.upgrade' },
  component: hostOr(() => <HostUpgradeScreen Screen={UpgradeScreen} />, UpgradeScreen),
});

const extension = createRoute({
  getParentRoute: () => rootRoute,
  path: '/extension',
  staticData: { titleKey: 'screens.extension' },
  component: ExtensionScreen,
});
const docx = createRoute({ getParentRoute: () => rootRoute, path: '/docx', component: Outlet });
// The Word, Excel and PowerPoint templates on this device, each with its editor and print entry.
const docxIndex = createRoute({
  getParentRoute: () => docx,
  path: '/',
  staticData: { titleKey: 'screens.docx' },
  component: OfficeTemplatesScreen,
});
const templateGallery = createRoute({
  getParentRoute: () => rootRoute,
  path: '/templates/$code',
  staticData: { titleKey: 'screens.templateGallery' },
  component: TemplateGalleryScreen,
});
const signatureSign = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signature/sign',
  staticData: { titleKey: 'screens.signatureSign' },
  component: SignatureScreen,
});
const signatureQr = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signature/qr',
  staticData: { titleKey: 'screens.signatureQr' },
  component: SignatureQrScreen,
});

export const hostRoutes = [
  signin,
  authCallback,
  signout,
  canceled,
  home.addChildren([
    homeIndex,
    homeBase,
    homeApproval,
    homeUpgrade,
    homeSignature,
    homeAdmin.addChildren([homeAdminIndex, homeAdminSeats]),
    homePaySuccess,
  ]),
  approvalEntry,
  approval,
  approvalList,
  approvalEditor,
  approvalPreview,
  basePlugin.addChildren([
    basePluginIndex,
    baseTables.addChildren([
      baseTablesIndex,
      baseTable.addChildren([
        baseTableIndex,
        basePreview.addChildren([basePreviewIndex, basePreviewAdd, basePreviewTemplate]),
      ]),
      baseEditor,
    ]),
    baseUpgrade,
  ]),
  extension,
  docx.addChildren([docxIndex]),
  templateGallery,
  signatureSign,
  signatureQr,
] as const;
