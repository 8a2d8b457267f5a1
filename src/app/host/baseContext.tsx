/**
 * The base host as every /baseplugin screen sees it: the connection, the host's selection
 * (followed every 500 ms while visible) and the base's initialisation (token, recovery). The
 * layout follows the host's current table: when it changes, Quire goes to /baseplugin/t/{id}.
 */
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { QuireError } from '../../core/errors';
import { deviceTokenAuthority, type SharedStore, serverCheckedAuthority } from '../../host/baseToken';
import { initialiseBase, metaTokenAuthority, readDemoInfo } from '../../host/initBase';
import { openMetaTable } from '../../host/metaTable';
import type { Selection } from '../../host/protocol';
import { ErrorPage } from '../shell/ErrorPage';
import { type BaseInit, baseGate } from './baseGate';
import { baseServer, isServerRefusal } from './baseServer';
import type { HostConnection } from './connection';
import { restoreDemoTemplates } from './demoTemplates';
import { useHostTranslation } from './i18n/useHostTranslation';
import { useHost } from './useHost';
import { useHostSelection } from './useSelection';

export interface BaseHost {
  connection: HostConnection;
  selection: Selection | undefined;
  selectionError: unknown;
  /** The base's access token once initialised. */
  token: string | undefined;
}

const BaseHostContext = createContext<BaseHost | undefined>(undefined);

/** The base host, or undefined on a page no host frames (the local workspace stands in). */
export function useBaseHost(): BaseHost | undefined {
  return useContext(BaseHostContext);
}

const TAB_ID = `tab-${Math.random().toString(36).slice(2, 10)}`;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function useBaseInit(connection: HostConnection | undefined, baseId: string | null | undefined): BaseInit {
  const [state, setState] = useState<BaseInit>({ status: 'idle' });
  useEffect(() => {
    if (!connection || !baseId) return;
    let alive = true;
    const store: SharedStore = window.localStorage;
    const { bridge } = connection;
    const meta = () => openMetaTable(bridge, baseId);
    setState({ status: 'running' });
    (async () => {
      // A host without a meta table still gets a token, bound on this device instead of in the base.
      const hasMeta = await meta().then(
        () => true,
        (error: unknown) => {
          if (error instanceof QuireError && error.errorName === 'MetaTableNotFound') return false;
          throw error;
        },
      );
      const local = hasMeta ? metaTokenAuthority(bridge, meta, randomId) : deviceTokenAuthority(store, randomId);
      // Signed in to a Quire server: the token is bound there too, and checked by every call.
      const server = baseServer(baseId, store);
      const authority = server
        ? serverCheckedAuthority(local, (_base, token) => server.bind(token), isServerRefusal)
        : local;
      const result = await initialiseBase({
        baseId,
        store,
        authority,
        owner: TAB_ID,
        onWaiting: () => alive && setState({ status: 'waiting' }),
        // A base made from Quire's demo (demo info in its meta table, refused when it names another
        // base) gets the demo's templates back; they reach the server with the table's next sync.
        restoreTemplates: async () => {
          if (!hasMeta) return 0;
          const info = await readDemoInfo(bridge, baseId, await meta(), (e) => console.warn(e.message));
          return info ? restoreDemoTemplates(bridge, baseId) : 0;
        },
      });
      if (alive) setState({ status: 'done', token: result.token });
    })().catch((error: unknown) => {
      // An uncatalogued failure shows only the common message: the console keeps what it was.
      console.error('Quire: preparing the host base failed', error);
      if (alive) setState({ status: 'failed', error });
    });
    return () => {
      alive = false;
    };
  }, [connection, baseId]);
  return state;
}

function FollowCurrentTable({ selection }: { selection: Selection | undefined }) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const last = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const tableId = selection?.tableId;
    if (!tableId || tableId === last.current) return;
    const first = last.current === undefined;
    last.current = tableId;
    const onTables = /^\/baseplugin\/t\/?$/.test(pathname) || /^\/baseplugin\/?$/.test(pathname);
    const target = `/baseplugin/t/${encodeURIComponent(tableId)}`;
    // At start only the tables index follows (a deep link stays); every later change redirects.
    if ((first && onTables) || (!first && !pathname.startsWith(`${target}`)))
      void navigate({ href: target, replace: first });
  }, [selection?.tableId, pathname, navigate]);
  return null;
}

/** Offline inside a host is not a failure: the host's data comes through the bridge. */
function OfflineNote() {
  const { t } = useHostTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online ? null : (
    <p className="host-muted host-offline" role="status" data-testid="host-offline">
      {t('offline')}
    </p>
  );
}

function ConnectedBase({ connection, children }: { connection: HostConnection; children: ReactNode }) {
  const { t } = useHostTranslation();
  const { selection, error } = useHostSelection(connection);
  const init = useBaseInit(connection, selection?.baseId);
  // No selection yet and the reads fail: an error page with the code (reads go on; see baseGate).
  const gate = baseGate(selection, error, init);
  if (gate.show === 'error') return <ErrorPage error={gate.error} />;
  if (gate.show !== 'base') {
    return (
      <p
        className="host-status"
        role="status"
        data-testid={gate.show === 'waitingForTab' ? 'base-token-waiting' : 'base-preparing'}
      >
        {t(gate.show)}
      </p>
    );
  }
  const value: BaseHost = { connection, selection, selectionError: error, token: gate.token };
  return (
    <BaseHostContext.Provider value={value}>
      <FollowCurrentTable selection={selection} />
      <OfflineNote />
      {children}
    </BaseHostContext.Provider>
  );
}

/** `/baseplugin`: the host's base when a configured host frames Quire, else the local workspace. */
export function BasePluginLayout() {
  const { t } = useHostTranslation();
  const host = useHost();
  if (host.status === 'none') return <Outlet />;
  if (host.status === 'connecting')
    return (
      <p className="host-status" role="status">
        {t('connecting')}
      </p>
    );
  if (host.status === 'failed') return <ErrorPage error={host.error} onRefresh={host.retry} />;
  if (host.connection.hello.host.kind === 'approval')
    return <ErrorPage error={new QuireError('NotInHost', { detail: 'an approval host does not show a base' })} />;
  return (
    <ConnectedBase connection={host.connection}>
      <Outlet />
    </ConnectedBase>
  );
}

/** A route component that shows the host's screen inside a base host, the local one elsewhere. */
export function hostOr<P extends object>(Host: (props: P) => ReactNode, Local: (props: P) => ReactNode) {
  return function HostOrLocal(props: P) {
    return useBaseHost() ? <Host {...props} /> : <Local {...props} />;
  };
}
