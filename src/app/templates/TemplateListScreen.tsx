import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { approvalCodeOf, isApprovalBinding } from '../../core/binding';
import { isQuireError } from '../../core/errors';
import { createTemplateContent, serializeTemplateContent } from '../../core/model';
import type { PendingWrite } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { useDialogs } from '../services/dialogs/ConfirmDialog';
import { useEditorTranslation } from '../services/i18n/editor';
import { officeKindOf } from '../services/officeFile';
import { loadSampleTemplate, SAMPLE_NAMES, type SampleName, sampleKey } from '../services/samples';
import { getStorage } from '../services/storage';
import { StorageNotices } from '../services/storageNotices';
import { trackSave } from '../services/storageWrites';
import { SyncStatusLine, TemplateSyncPanel } from '../services/sync/TemplateSync';
import { NewAttachmentTemplate } from '../services/templateKinds/NewAttachmentTemplate';
import { NewCanvasTemplate } from '../services/templateKinds/NewCanvasTemplate';
import { NewOfficeTemplate } from '../services/templateKinds/NewOfficeTemplate';
import { OfficeKindLabel } from '../services/templateKinds/OfficeKindLabel';
import { approvalBinding, approvalTemplates, type BindingTargets, loadBindingTargets } from '../services/templates';
import { documentTemplate } from './newTemplate';
import './templates.css';
import { Select } from '../shell/Select';

export function editorHref(templateId: string, standalone?: { teamId: string; docId: string }): string {
  if (standalone) return `/o/${standalone.teamId}/docs/${standalone.docId}/templates/${encodeURIComponent(templateId)}`;
  return `/baseplugin/t/editor/${encodeURIComponent(templateId)}${window.location.search}`;
}

/** The approval template editor route (spec 000 §2), naming the template to open. */
export function approvalEditorHref(approvalCode: string, templateId: string): string {
  return `/approval/editor/${encodeURIComponent(approvalCode)}?templateId=${encodeURIComponent(templateId)}`;
}

/** Where a template opens: approval-bound ones in the approval editor route. */
function hrefFor(row: TemplateRow, approvalCode?: string): string {
  if (approvalCode) return approvalEditorHref(approvalCode, row.id);
  if (isApprovalBinding(row.tableId)) return approvalEditorHref(approvalCodeOf(row.tableId), row.id);
  return editorHref(row.id);
}

function blankContent(): string {
  const content = createTemplateContent();
  return serializeTemplateContent(content);
}

function relativeTime(ms: number, lang: string): string {
  const seconds = Math.round((ms - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

/** A full disk or storage that cannot be opened: the write was kept in memory and will be retried. */
function isStorageFailure(error: unknown): boolean {
  return isQuireError(error, 'StorageQuotaExceeded') || isQuireError(error, 'StorageUnavailable');
}

/** What storage refused for one template (a rename, a category, a delete), kept until it is written. */
interface UnsavedTemplate {
  name?: string;
  category?: 1 | 2;
  deleting?: boolean;
  /** Created while storage refused writes: not in storage at all yet (it cannot be opened until it is). */
  created?: boolean;
}

interface UnsavedTemplates {
  byId: ReadonlyMap<string, UnsavedTemplate>;
  /** Templates created while storage refused writes, as they will be stored. */
  created: readonly TemplateRow[];
}

/** This tab's refused template-list writes, by template id (the editor's content saves are its own). */
function useUnsavedTemplates(): UnsavedTemplates {
  const [items, setItems] = useState<readonly PendingWrite[]>([]);
  useEffect(() => {
    let off: (() => unknown) | undefined;
    let alive = true;
    void getStorage().then((storage) => {
      if (!alive) return;
      setItems(storage.pending.list());
      off = storage.pending.subscribe(setItems);
    });
    return () => {
      alive = false;
      off?.();
    };
  }, []);
  return useMemo(() => {
    const byId = new Map<string, UnsavedTemplate>();
    const created: TemplateRow[] = [];
    for (const item of items) {
      const match = /^template:([^:#]+)(:delete)?$/.exec(item.key);
      const payload = item.payload as { content?: unknown; createdAt?: unknown; name?: unknown; category?: unknown };
      if (!match || typeof payload !== 'object' || payload === null) continue;
      const entry = byId.get(match[1]!) ?? {};
      if (match[2]) entry.deleting = true;
      else if (payload.content === undefined && payload.createdAt === undefined) {
        if (typeof payload.name === 'string') entry.name = payload.name;
        if (payload.category === 1 || payload.category === 2) entry.category = payload.category;
      } else if (typeof payload.createdAt === 'number' && typeof payload.content === 'string') {
        // A whole new row (the create's payload): listed until storage has it.
        entry.created = true;
        created.push(payload as unknown as TemplateRow);
      } else continue;
      byId.set(match[1]!, entry);
    }
    return { byId, created };
  }, [items]);
}

/** An object URL for a stored thumbnail, revoked when the card goes. */
function useThumbnail(hash: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hash) return;
    let created: string | null = null;
    let alive = true;
    void getStorage()
      .then((s) => s.assets.getBlob(hash))
      .then((blob) => {
        if (!blob || !alive) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      });
    return () => {
      alive = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [hash]);
  return url;
}

function TemplateCard({
  row,
  approvalCode,
  onChange,
  unsaved,
}: {
  row: TemplateRow;
  approvalCode?: string;
  onChange: () => void;
  /** Storage refused a write of this card (kept in memory, retried): shown, marked as not saved. */
  unsaved?: UnsavedTemplate;
}) {
  const { t, lang } = useEditorTranslation();
  const navigate = useNavigate();
  const { confirm, dialog } = useDialogs();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(row.name);
  const href = hrefFor(row, approvalCode);
  const open = () => void navigate({ href });
  const thumbnail = useThumbnail(row.thumbnailHash);
  const officeKind = useMemo(() => officeKindOf(row.content), [row.content]);

  // A write storage refused is kept (the banner offers it as a download) and retried; the card shows
  // it meanwhile, so nothing the user did seems undone.
  const kept = (write: () => Promise<unknown>) =>
    trackSave(write).then(
      () => true,
      (error: unknown) => {
        if (!isStorageFailure(error)) throw error;
        return false;
      },
    );
  const rename = async () => {
    const db = await getStorage();
    await kept(() => db.templates.save(row.id, { name: name.trim() || row.name }, row.revision));
    setRenaming(false);
    onChange();
  };
  const duplicate = async () => {
    const db = await getStorage();
    await kept(() =>
      db.templates.create({
        name: t('list.copyOf', { name: row.name }),
        baseId: row.baseId,
        tableId: row.tableId,
        category: row.category,
        type: row.type,
        content: row.content,
      }),
    );
    onChange();
  };
  const remove = async () => {
    const sure = await confirm({
      title: t('list.confirmDelete', { name: row.name }),
      confirmLabel: t('list.delete'),
      danger: true,
    });
    if (!sure) return;
    const db = await getStorage();
    await kept(() => db.templates.delete(row.id));
    onChange();
  };
  const setCategory = async (category: 1 | 2) => {
    const db = await getStorage();
    await kept(() => db.templates.save(row.id, { category }, row.revision));
    onChange();
  };
  const shownName = unsaved?.name ?? row.name;
  const shownCategory = unsaved?.category ?? row.category;
  if (unsaved?.created) return <UnsavedNewCard row={row} />;

  return (
    <li
      className={`tpl-card${unsaved ? ' unsaved' : ''}${unsaved?.deleting ? ' deleting' : ''}`}
      data-unsaved={unsaved ? 'true' : undefined}
    >
      <button type="button" className="tpl-thumb" onClick={open} aria-label={`${t('list.open')}: ${row.name}`}>
        {thumbnail ? (
          <img className="tpl-thumb-img" src={thumbnail} alt="" />
        ) : officeKind ? (
          <OfficeKindLabel kind={officeKind} />
        ) : (
          <span className="tpl-thumb-page" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        )}
      </button>
      <div className="tpl-body">
        {renaming ? (
          <form
            className="tpl-rename"
            onSubmit={(event) => {
              event.preventDefault();
              void rename();
            }}
          >
            <input aria-label={t('list.name')} value={name} onChange={(e) => setName(e.target.value)} />
            <button type="submit" className="btn btn-small">
              {t('list.save')}
            </button>
            <button type="button" className="btn btn-small btn-quiet" onClick={() => setRenaming(false)}>
              {t('list.cancel')}
            </button>
          </form>
        ) : (
          <h2 className="tpl-name">
            <a
              href={href}
              onClick={(e) => {
                e.preventDefault();
                open();
              }}
            >
              {shownName}
            </a>
          </h2>
        )}
        <p className="tpl-meta">
          {t('list.lastEdited', { time: relativeTime(row.updatedAt, lang) })}
          {unsaved && <span className="tpl-unsaved-mark">{t('list.notSaved')}</span>}
        </p>
        <label className="tpl-category">
          <span>{t('list.category')}</span>
          <Select value={shownCategory} onChange={(e) => void setCategory(Number(e.target.value) as 1 | 2)}>
            <option value={1}>{t('list.recordView')}</option>
            <option value={2}>{t('list.boardView')}</option>
          </Select>
        </label>
        <TemplateSyncPanel localId={row.id} />
        <div className="tpl-actions">
          {row.tableId && !isApprovalBinding(row.tableId) && !approvalCode && (
            // The router's own link: the preview opens inside the app, no page load.
            <Link
              className="btn btn-small btn-quiet"
              to={`/baseplugin/t/${encodeURIComponent(row.tableId)}/preview/${encodeURIComponent(row.id)}`}
            >
              {t('editor.preview')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setName(shownName);
              setRenaming(true);
            }}
          >
            {t('list.rename')}
          </button>
          <button type="button" className="btn btn-small btn-quiet" onClick={() => void duplicate()}>
            {t('list.duplicate')}
          </button>
          <button type="button" className="btn btn-small btn-danger" onClick={() => void remove()}>
            {t('list.delete')}
          </button>
        </div>
      </div>
      {dialog}
    </li>
  );
}

/**
 * A template created while storage refused writes: listed, marked, not openable yet (the editor reads
 * what storage holds). The banner's download has it; it is written once there is room.
 */
function UnsavedNewCard({ row }: { row: TemplateRow }) {
  const { t } = useEditorTranslation();
  return (
    <li className="tpl-card unsaved" data-unsaved="true">
      <span className="tpl-thumb" aria-hidden="true">
        <span className="tpl-thumb-page">
          <span />
          <span />
          <span />
        </span>
      </span>
      <div className="tpl-body">
        <h2 className="tpl-name">{row.name}</h2>
        <p className="tpl-meta">
          <span className="tpl-unsaved-mark">{t('list.notSaved')}</span>
        </p>
        <p className="muted tpl-unsaved-note">{t('list.notSavedNew')}</p>
      </div>
    </li>
  );
}

/** Creates a blank template bound to an approval definition (named after it) and returns it. */
export async function createApprovalTemplate(code: string, name: string): Promise<TemplateRow> {
  const db = await getStorage();
  return db.templates.create(
    documentTemplate({ name, baseId: 'local', tableId: approvalBinding(code), content: blankContent() }),
  );
}

/** Approval definitions on this device, for “New approval template”. */
function useApprovalChoices(enabled: boolean) {
  const [choices, setChoices] = useState<BindingTargets['approvals']>([]);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    void loadBindingTargets().then((found) => alive && setChoices(found.approvals));
    return () => {
      alive = false;
    };
  }, [enabled]);
  return choices;
}

/**
 * A table's templates (`/baseplugin/t/:tableId/preview`), or, given `approvalCode`, an approval
 * definition's templates (`/approval/:approvalCode`).
 */
export function TemplateListScreen({ approvalCode }: { approvalCode?: string } = {}) {
  const { t } = useEditorTranslation();
  const params = useParams({ strict: false }) as { tableId?: string };
  const tableId = approvalCode ? approvalBinding(approvalCode) : (params.tableId ?? 'local');
  const navigate = useNavigate();
  const [rows, setRows] = useState<TemplateRow[] | null>(null);
  const [approvalName, setApprovalName] = useState<string | null>(null);
  const [tableName, setTableName] = useState<string | null>(null);
  const approvals = useApprovalChoices(!approvalCode);
  const unsaved = useUnsavedTemplates();
  // Stored templates, then the ones created here that storage has not taken yet (newest first).
  const listed = useMemo(() => {
    if (rows === null) return null;
    const stored = new Set(rows.map((r) => r.id));
    const waiting = unsaved.created.filter((r) => r.tableId === tableId && !stored.has(r.id));
    return [...waiting.reverse(), ...rows];
  }, [rows, unsaved.created, tableId]);

  const reload = useCallback(async () => {
    if (approvalCode) {
      const db = await getStorage();
      setApprovalName((await db.approvals.getDefinition(approvalCode))?.name ?? approvalCode);
      setRows(await approvalTemplates(approvalCode));
      return;
    }
    const db = await getStorage();
    setTableName((await db.tables.get(tableId))?.name ?? null);
    const list = await db.templates.list({ tableId });
    setRows(list.sort((a, b) => b.updatedAt - a.updatedAt));
  }, [tableId, approvalCode]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Templates written by another tab or by sync (someone else's version, a reset), or refused writes
  // stored by this tab's retry once there is room again, show without a reload.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let alive = true;
    void getStorage().then((storage) => {
      if (!alive) return;
      stop = storage.changes.subscribe((change) => {
        if (change.stores.includes('templates')) void reload();
      });
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, [reload]);

  const create = async (sample?: SampleName) => {
    const db = await getStorage();
    const table = await db.tables.get(tableId);
    const content = sample ? ((await loadSampleTemplate(sample)) ?? blankContent()) : blankContent();
    let row: TemplateRow;
    try {
      row = await trackSave(async () => {
        const created = await db.templates.create(
          documentTemplate({
            name: sample ? t(`list.samples.${sample}`) : t('list.untitled'),
            baseId: table?.baseId ?? 'local',
            tableId,
            content,
          }),
        );
        if (sample) await db.settings.set(sampleKey(created.id), sample);
        return created;
      });
    } catch (error) {
      // Refused: kept (the banner's download), listed as not saved, and created once there is room.
      if (isStorageFailure(error)) return;
      throw error;
    }
    await navigate({ href: hrefFor(row, approvalCode) });
  };

  const createForApproval = async (code: string) => {
    const choice = approvals.find((a) => a.code === code);
    let row: TemplateRow;
    try {
      row = await trackSave(() => createApprovalTemplate(code, choice?.name ?? t('list.untitled')));
    } catch (error) {
      if (isStorageFailure(error)) return;
      throw error;
    }
    await navigate({ href: approvalEditorHref(code, row.id) });
  };

  return (
    <section className="screen tpl-list" aria-labelledby="tpl-list-title">
      <StorageNotices />
      <header className="tpl-list-head">
        <div>
          {/* Back to the records these templates print (a newcomer goes list → editor → list → grid). */}
          {!approvalCode && tableName !== null && (
            <Link to={`/baseplugin/t/${encodeURIComponent(tableId)}`} className="tpl-back">
              ← {tableName}
            </Link>
          )}
          <h1 id="tpl-list-title">{approvalCode ? t('binding.approvalTemplates') : t('list.title')}</h1>
          <p className="muted">
            {approvalCode ? t('binding.approvalSubtitle', { name: approvalName ?? approvalCode }) : t('list.subtitle')}
          </p>
        </div>
        <div className="tpl-create">
          <button type="button" className="btn btn-primary" onClick={() => void create()}>
            {t('list.newBlank')}
          </button>
          <label className="tpl-sample">
            <span className="qe-sr">{t('list.fromSample')}</span>
            <Select
              value=""
              onChange={(e) => {
                if (e.target.value) void create(e.target.value as SampleName);
              }}
            >
              <option value="">{t('list.fromSample')}</option>
              {SAMPLE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`list.samples.${name}`)}
                </option>
              ))}
            </Select>
          </label>
          <NewOfficeTemplate
            tableId={tableId}
            onCreated={(row) => void navigate({ href: hrefFor(row, approvalCode) })}
          />
          {!approvalCode && (
            <NewCanvasTemplate tableId={tableId} onCreated={(row) => void navigate({ href: hrefFor(row) })} />
          )}
          {!approvalCode && (
            <NewAttachmentTemplate tableId={tableId} onCreated={(row) => void navigate({ href: hrefFor(row) })} />
          )}
          {!approvalCode && approvals.length > 0 && (
            <label className="tpl-sample">
              <span className="qe-sr">{t('binding.newApproval')}</span>
              <Select
                value=""
                onChange={(e) => {
                  if (e.target.value) void createForApproval(e.target.value);
                }}
              >
                <option value="">{t('binding.newApproval')}</option>
                {approvals.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </label>
          )}
        </div>
      </header>
      {!approvalCode && <SyncStatusLine offerConnect />}
      {listed === null ? (
        <p className="muted">{t('list.loading')}</p>
      ) : listed.length === 0 ? (
        <p className="tpl-empty">{t('list.empty')}</p>
      ) : (
        <ul className="tpl-grid">
          {listed.map((row) => (
            <TemplateCard
              key={row.id}
              row={row}
              approvalCode={approvalCode}
              onChange={() => void reload()}
              {...(unsaved.byId.has(row.id) ? { unsaved: unsaved.byId.get(row.id) } : {})}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
