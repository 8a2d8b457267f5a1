/**
 * Inside an approval host: the host supplies the approval's design and instances through the
 * bridge. Quire keeps the design (and the instance shown) on the device, so the approval's
 * template list, its editor and the instance preview work as they do for local approvals, and
 * keep working offline. The screens speak the approval languages (zh-CN, en-US, ja-JP).
 */
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalBindings } from '../../core/binding';
import { QuireError } from '../../core/errors';
import type { PrintSource } from '../../core/print/sources';
import { approvalLanguage } from '../../host/approval';
import type { HostBridge } from '../../host/bridge';
import type { TemplateRow } from '../../storage/types';
import { savedSignaturesForPrint } from '../services/signatureGate';
import { getStorage } from '../services/storage';
import { ErrorPage } from '../shell/ErrorPage';
import { Select } from '../shell/Select';
import type { HostConnection } from './connection';
import { HostDocument } from './HostDocument';
import { HostNotice } from './HostNotice';
import { createApprovalHostTemplate } from './hostTemplates';
import { useHostTranslation } from './i18n/useHostTranslation';
import { useHost } from './useHost';
import './host.css';

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Stores the host's design (and an instance) on the device; returns the design. */
async function keepApproval(bridge: HostBridge, approvalCode: string, instanceCode?: string) {
  const design = asRecord(await bridge.request('approval.getDefinition', { approvalCode }));
  const instance = instanceCode ? asRecord(await bridge.request('approval.getInstance', { instanceCode })) : undefined;
  const storage = await getStorage();
  const now = Date.now();
  const name = typeof design.approval_name === 'string' ? design.approval_name : approvalCode;
  await storage.approvals.put(
    { code: approvalCode, name, design, updatedAt: now },
    instance && instanceCode ? [{ code: instanceCode, approvalCode, instance, updatedAt: now }] : [],
  );
  return { design, instance };
}

/** The approval languages: the host's language, or the nearest of zh-CN, en-US and ja-JP. */
function useApprovalLanguage(lang: string | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const target = approvalLanguage(lang ?? i18n.language);
    if (i18n.language !== target) void i18n.changeLanguage(target);
  }, [lang, i18n]);
}

function Connecting() {
  const { t } = useHostTranslation();
  return (
    <p className="host-status" role="status" aria-busy="true">
      {t('connecting')}
    </p>
  );
}

function useApprovalHost(): { connection?: HostConnection; element?: ReactNode } {
  const host = useHost();
  useApprovalLanguage(host.status === 'connected' ? host.connection.hello.user.lang : undefined);
  if (host.status === 'none') return {};
  if (host.status === 'connecting') return { element: <Connecting /> };
  if (host.status === 'failed') return { element: <ErrorPage error={host.error} onRefresh={host.retry} /> };
  if (host.connection.hello.host.kind !== 'approval')
    return { element: <ErrorPage error={new QuireError('NotInHost', { detail: 'not an approval host' })} /> };
  return { connection: host.connection };
}

/**
 * `/approval/:code` and `/approval/editor/:code`: inside an approval host the host's design is
 * kept on the device first, then the local screen shows it; elsewhere the local screen as it is.
 */
export function ApprovalHostGate({ children }: { children: ReactNode }) {
  const { approvalCode = '' } = useParams({ strict: false }) as { approvalCode?: string };
  const { connection, element } = useApprovalHost();
  const [state, setState] = useState<'loading' | 'ready' | { error: unknown }>('loading');
  useEffect(() => {
    if (!connection) return;
    let alive = true;
    keepApproval(connection.bridge, approvalCode).then(
      () => alive && setState('ready'),
      (error: unknown) => alive && setState({ error }),
    );
    return () => {
      alive = false;
    };
  }, [connection, approvalCode]);
  if (element) return element;
  if (!connection || state === 'ready') return children;
  if (state === 'loading') return <Connecting />;
  return <ErrorPage error={state.error} />;
}

/** `/approval/preview/:instanceCode`: the instance the host supplies, printed with the approval's template. */
export function ApprovalPreviewScreen() {
  const { t } = useHostTranslation();
  const { instanceCode = '' } = useParams({ strict: false }) as { instanceCode?: string };
  const { connection, element } = useApprovalHost();
  const [loaded, setLoaded] = useState<
    | { status: 'loading' }
    | {
        status: 'ready';
        code: string;
        design: Record<string, unknown>;
        source: PrintSource;
        templates: TemplateRow[];
      }
    | { status: 'failed'; error: unknown }
  >({ status: 'loading' });
  const [choice, setChoice] = useState<string | undefined>();
  const [created, setCreated] = useState(0);
  const [createError, setCreateError] = useState<unknown>();
  const blocked = element !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: created is the explicit reload after "New template"
  useEffect(() => {
    if (blocked) return;
    let alive = true;
    (async () => {
      const storage = await getStorage();
      let code: string;
      let design: Record<string, unknown>;
      let instance: Record<string, unknown> | undefined;
      if (connection) {
        const context = await connection.bridge.request('approval.getContext', {});
        code = context.approvalCode;
        ({ design, instance } = await keepApproval(connection.bridge, code, instanceCode));
      } else {
        // Outside a host: an instance kept on this device (imported, or shown by a host before).
        const row = await storage.approvals.getInstance(instanceCode);
        const definition = row ? await storage.approvals.getDefinition(row.approvalCode) : undefined;
        if (!row || !definition) throw new QuireError('NoData', { detail: `approval instance ${instanceCode}` });
        code = row.approvalCode;
        design = definition.design;
        instance = row.instance;
      }
      const context = { approvalCode: code };
      const templates = (
        await Promise.all(approvalBindings(context.approvalCode).map((tableId) => storage.templates.list({ tableId })))
      ).flat();
      // The signatures saved on this device print for approved entries the host sent without an image (#31).
      const signatures = instance ? await savedSignaturesForPrint(storage) : [];
      const source: PrintSource = {
        kind: 'approval',
        definition: design,
        ...(instance ? { instance } : {}),
        ...(signatures.length > 0 ? { signatures } : {}),
      };
      return { status: 'ready' as const, code: context.approvalCode, design, source, templates };
    })().then(
      (value) => alive && setLoaded(value),
      (error: unknown) => alive && setLoaded({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [connection, blocked, instanceCode, created]);
  if (element) return element;
  if (loaded.status === 'loading') return <Connecting />;
  if (loaded.status === 'failed') return <ErrorPage error={loaded.error} />;
  const template = loaded.templates.find((row) => row.id === choice) ?? loaded.templates[0];
  const create = () => {
    const approvalName = typeof loaded.design.approval_name === 'string' ? loaded.design.approval_name : loaded.code;
    createApprovalHostTemplate({
      approvalCode: loaded.code,
      name: t('table.newTemplateName', { table: approvalName }),
      design: loaded.design,
    }).then((row) => {
      setChoice(row.id);
      setCreated((n) => n + 1);
    }, setCreateError);
  };
  return (
    <section className="screen host-screen host-preview" data-instance={instanceCode}>
      <h1>{t('approval.instance', { code: instanceCode })}</h1>
      <p className="host-muted">{t('approval.title', { code: loaded.code })}</p>
      {template ? (
        <>
          <label className="host-field">
            <span>{t('preview.template')}</span>
            <Select value={template.id} onChange={(event) => setChoice(event.target.value)}>
              {loaded.templates.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </Select>
          </label>
          <HostDocument template={template} source={loaded.source} />
        </>
      ) : (
        <>
          <p>
            {t('approval.noTemplates')}{' '}
            <Link to={`/approval/${encodeURIComponent(loaded.code)}`}>{t('approval.templates')}</Link>
          </p>
          <button type="button" className="button primary" onClick={create}>
            {t('table.newTemplate')}
          </button>
        </>
      )}
      {createError ? <HostNotice error={createError} mode="modal" onDismiss={() => setCreateError(undefined)} /> : null}
    </section>
  );
}
