/**
 * The document-mode template editor: loads a template from local storage, edits it through the pure
 * commands (state/commands.ts) with undo, autosaves every change, and previews it live.
 */

import { Link, useParams, useRouter } from '@tanstack/react-router';
import { createStore, Provider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import type { MouseEvent as ReactMouseEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { approvalCodeOf, parseBinding } from '../../core/binding';
import { type ParsedTemplateContent, pageDimensions, parseTemplateContent } from '../../core/model';
import type { TemplateRow } from '../../storage/types';
import { useEditorTranslation } from '../services/i18n/editor';
import { type OpenDocInput, openDocContext } from '../services/openSource';
import { sampleKey } from '../services/samples';
import type { UnsavedDraft } from '../services/saving/draft';
import { recoverUnsaved } from '../services/saving/recover';
import { SaveConflict, SaveIndicator, SaveStorageBanner, useLeaveGuard } from '../services/saving/SaveNotices';
import { getStorage } from '../services/storage';
import { EditorSyncBadge } from '../services/sync/TemplateSync';
import { EDITOR_BLOCKS, insertableBlocks } from './blocks';
import { blockBarSlotAtom, Canvas, MM_TO_PX } from './canvas/Canvas';
import { moveBlockStep } from './canvas/moves';
import { loadTableContext, type TableContext } from './data';
import { Icon } from './Icon';
import { BindingPicker, DocSourceBadge } from './panels/BindingPicker';
import { BlockPanel } from './panels/blocks/index';
import { DocumentPanel, PagePanel } from './panels/SettingsPanels';
import { PreviewPanel } from './preview/PreviewPanel';
import { FieldPicker } from './richtext/FieldPicker';
import { FormatBar } from './richtext/FormatBar';
import { insertVariable } from './richtext/slate';
import * as C from './state/commands';
import {
  activeSlateAtom,
  approvalBoundAtom,
  approvalGroupsAtom,
  canRedoAtom,
  canUndoAtom,
  editErrorAtom,
  editorStateAtom,
  fieldsAtom,
  hasColumnsAtom,
  openGroupsAtom,
  pageSettingAtom,
  presentAtom,
  selectedBlockAtom,
  tableNameAtom,
  useCommand,
} from './state/store';
import { useTemplateSaving } from './state/useTemplateSaving';
import { QuickGuide, Tip, usePreferences } from './Tips';
import { useCanvasZoom, useLivePreviewOpen, useStoredFlag } from './view/useCanvasZoom';
import { ZoomControl } from './view/ZoomControl';
import './editor.css';

interface Loaded {
  row: TemplateRow;
  content: ParsedTemplateContent;
  context: TableContext;
  sample: string | null;
  /** Unsaved text of an earlier session that met a conflict (opens the conflict dialog). */
  draft: UnsavedDraft | null;
}

/**
 * `templateId` and `backHref` come from the route: the base and standalone routes name the template in
 * the path; the approval route (/approval/editor/:approvalCode) resolves it first. `openDoc`: a team
 * document's template is designed on the document's data source and previews its sample instance.
 */
export function EditorScreen(props: { templateId?: string; backHref?: string; openDoc?: OpenDocInput } = {}) {
  const params = useParams({ strict: false }) as { templateId?: string; teamId?: string; docId?: string };
  const templateId = props.templateId ?? params.templateId ?? '';
  // The route keys the editor by template: the document it was opened with stays for its lifetime.
  const [openDoc] = useState(props.openDoc);
  const { t } = useEditorTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Read through a ref: a `t` that changes (a language arriving) must not load the template again,
  // which would recover the journal a second time.
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    let alive = true;
    setLoaded(null);
    setFailure(null);
    (async () => {
      const storage = await getStorage();
      // A storage failure while recovering must not keep the editor closed: the journal stays for next time.
      const draft = await recoverUnsaved(storage, templateId).catch(() => null);
      const row = await storage.templates.get(templateId);
      if (!row) throw new Error(tRef.current('list.notFound'));
      const content = parseTemplateContent(draft?.content ?? row.content);
      const open = openDoc ? openDocContext(openDoc) : undefined;
      const [context, sample] = await Promise.all([
        open ? { table: undefined, fields: open.fields, records: [], open } : loadTableContext(row.tableId),
        storage.settings.get<string | null>(sampleKey(row.id), null),
      ]);
      if (alive) setLoaded({ row, content, context, sample, draft });
    })().catch((error: unknown) => alive && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      alive = false;
    };
  }, [templateId, openDoc]);

  const store = useMemo(() => {
    if (!loaded) return null;
    const s = createStore();
    s.set(editorStateAtom, C.createEditorState(loaded.content));
    s.set(fieldsAtom, loaded.context.fields);
    s.set(tableNameAtom, loaded.context.table?.name ?? loaded.context.open?.docName ?? '');
    s.set(openGroupsAtom, loaded.context.open?.groups ?? []);
    s.set(approvalGroupsAtom, loaded.context.approval?.groups ?? []);
    s.set(approvalBoundAtom, Boolean(loaded.context.approval));
    return s;
  }, [loaded]);

  const listHref =
    props.backHref ??
    (params.teamId && params.docId
      ? `/o/${params.teamId}/docs/${params.docId}`
      : templateListHref(loaded?.row.tableId ?? '', Boolean(loaded?.context.approval)));

  if (failure) {
    return (
      <section className="screen qe-load-error" role="alert">
        <h1>{t('editor.loadError')}</h1>
        <p>{failure}</p>
        <Link to={listHref}>{t('list.backToList')}</Link>
      </section>
    );
  }
  if (!loaded || !store) return <p className="qe-loading" aria-busy="true" />;
  return (
    <Provider store={store}>
      <EditorLayout loaded={loaded} listHref={listHref} />
    </Provider>
  );
}

/** This editor's address with another template in it (the copy a conflict made). */
/** The list a template belongs to: its approval's templates, or its table's. */
function templateListHref(binding: string, approval: boolean): string {
  if (approval || parseBinding(binding).kind === 'approval')
    return `/approval/${encodeURIComponent(approvalCodeOf(binding))}`;
  return `/baseplugin/t/${encodeURIComponent(binding)}/preview${typeof window === 'undefined' ? '' : window.location.search}`;
}

function useShortcuts() {
  const run = useCommand();
  const store = useStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const target = event.target as HTMLElement | null;
      const inText = Boolean(target?.closest('input, select, textarea, [contenteditable="true"]'));
      const inForm = Boolean(target?.closest('input, select, textarea'));
      if (mod && event.key.toLowerCase() === 'z' && !inForm) {
        event.preventDefault();
        event.stopPropagation();
        run(event.shiftKey ? C.redo : C.undo);
        return;
      }
      if (mod && event.key.toLowerCase() === 'y' && !inForm) {
        event.preventDefault();
        event.stopPropagation();
        run(C.redo);
        return;
      }
      const blockId = store.get(editorStateAtom).selection.blockId;
      if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && blockId) {
        event.preventDefault();
        run(moveBlockStep, blockId, event.key === 'ArrowUp' ? -1 : 1);
        return;
      }
      if (inText) return;
      if (mod && event.key.toLowerCase() === 'c' && blockId) run(C.copyBlock, blockId);
      else if (mod && event.key.toLowerCase() === 'v' && store.get(editorStateAtom).clipboard) {
        event.preventDefault();
        run(C.pasteBlock);
      } else if (mod && event.key.toLowerCase() === 'd' && blockId) {
        event.preventDefault();
        run(C.duplicateBlock, blockId);
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && blockId) {
        event.preventDefault();
        run(C.deleteBlock, blockId);
      } else if (event.key === 'Escape') run(C.selectBlock, null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [run, store]);
}

/**
 * Puts the cursor in a block just inserted: its first editable text (a text block, a table's first
 * cell), else the block's handle, so typing or the keyboard goes on from the new block. The block
 * appears on the next renders (a lazily drawn page may take a few frames).
 */
function focusInsertedBlock(blockId: string, root: ParentNode = document, framesLeft = 30): void {
  const block = root.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(blockId)}"]`);
  if (!block) {
    if (framesLeft > 0) requestAnimationFrame(() => focusInsertedBlock(blockId, root, framesLeft - 1));
    return;
  }
  block.scrollIntoView({ block: 'nearest' });
  const target =
    block.querySelector<HTMLElement>('[contenteditable="true"]') ?? block.querySelector<HTMLElement>('.qe-handle');
  target?.focus({ preventScroll: true });
}

function InsertMenu() {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const store = useStore();
  const [open, setOpen] = useState(false);
  const approvalBound = useAtomValue(approvalBoundAtom);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return (
    <div className="qe-insert" ref={ref}>
      <button
        type="button"
        className="qe-btn qe-btn-primary"
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="plus" /> {t('editor.insert')}
      </button>
      {open && (
        <div
          className="qe-insert-menu"
          role="menu"
          aria-label={t('editor.insert')}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          {insertableBlocks(approvalBound).map((type, i) => (
            <button
              key={type}
              type="button"
              role="menuitem"
              className="qe-insert-item"
              // biome-ignore lint/a11y/noAutofocus: the menu was just opened on purpose
              autoFocus={i === 0}
              onClick={() => {
                run(C.insertBlock, type);
                setOpen(false);
                const inserted = store.get(editorStateAtom).selection.blockId;
                if (inserted) requestAnimationFrame(() => focusInsertedBlock(inserted));
              }}
            >
              <span className="qe-insert-icon">
                <Icon name={EDITOR_BLOCKS[type].icon} />
              </span>
              {t(`blocks.${type}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function FieldPanel() {
  const { t } = useEditorTranslation();
  const active = useAtomValue(activeSlateAtom);
  const { prefs, set } = usePreferences();
  if (!prefs) return null;
  if (prefs.editorHideField) {
    return (
      <button type="button" className="qe-fields-show" onClick={() => set('editorHideField', false)}>
        <Icon name="braces" /> {t('fields.show')}
      </button>
    );
  }
  return (
    <aside className="qe-fields" aria-label={t('editor.fields')}>
      <header className="qe-side-head">
        <h2>{t('editor.fields')}</h2>
        <button
          type="button"
          className="qe-icon-btn"
          aria-label={t('fields.hide')}
          title={t('fields.hide')}
          onClick={() => set('editorHideField', true)}
        >
          ‹
        </button>
      </header>
      <p className="qe-muted qe-small">{t('fields.insertHint')}</p>
      <FieldPicker
        id="side"
        onPick={(path) => {
          if (active) insertVariable(active.editor, path);
        }}
      />
    </aside>
  );
}

function SidePanel({ onHide }: { onHide: () => void }) {
  const { t } = useEditorTranslation();
  const block = useAtomValue(selectedBlockAtom);
  const [tab, setTab] = useState<'block' | 'page' | 'document'>('block');
  const tabs = [
    ['block', t('editor.properties')],
    ['page', t('editor.pageSettings')],
    ['document', t('editor.documentSettings')],
  ] as const;
  return (
    <aside className="qe-side" aria-label={t('editor.properties')}>
      <div className="qe-side-top">
        <div className="qe-tabs" role="tablist">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`qe-tab-${key}`}
              aria-controls={`qe-tabpanel-${key}`}
              aria-selected={tab === key}
              className="qe-tab"
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="qe-icon-btn qe-side-hide"
          aria-label={t('view.hidePanel')}
          title={t('view.hidePanel')}
          onClick={onHide}
        >
          ›
        </button>
      </div>
      <div role="tabpanel" id={`qe-tabpanel-${tab}`} aria-labelledby={`qe-tab-${tab}`} className="qe-tabpanel">
        {tab === 'block' ? (
          block ? (
            <BlockPanel key={block.id} block={block} />
          ) : (
            <p className="qe-muted qe-empty-panel">{t('editor.noSelection')}</p>
          )
        ) : tab === 'page' ? (
          <PagePanel />
        ) : (
          <DocumentPanel />
        )}
      </div>
    </aside>
  );
}

/**
 * The template's binding (a table or an approval) and the data it brings: switching it reloads the
 * field panel and the preview's records, and saves the binding with the template.
 */
function useBinding(loaded: Loaded) {
  const [binding, setBinding] = useState(loaded.row.tableId);
  const [context, setContext] = useState(loaded.context);
  const setFields = useSetAtom(fieldsAtom);
  const setTableName = useSetAtom(tableNameAtom);
  const setApprovalGroups = useSetAtom(approvalGroupsAtom);
  const setError = useSetAtom(editErrorAtom);
  const bind = (next: string) => {
    void loadTableContext(next)
      .then((found) => {
        setContext(found);
        setFields(found.fields);
        setTableName(found.table?.name ?? '');
        setApprovalGroups(found.approval?.groups ?? []);
        setBinding(next);
      })
      .catch((error: unknown) => setError(error instanceof Error ? error.message : String(error)));
  };
  return { binding, context, bind };
}

function EditorLayout({ loaded, listHref: routeListHref }: { loaded: Loaded; listHref: string }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const canUndo = useAtomValue(canUndoAtom);
  const canRedo = useAtomValue(canRedoAtom);
  const [name, setName] = useState(loaded.row.name);
  const [error, setError] = useAtom(editErrorAtom);
  const [previewOpen, setPreviewOpen] = useLivePreviewOpen();
  const { binding, context, bind } = useBinding(loaded);
  const router = useRouter();
  const saving = useTemplateSaving(loaded, name, binding, {
    onExternal: (row) => setName(row.name),
  });
  const leaveDialog = useLeaveGuard(saving);
  const goTo = (event: ReactMouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // A page load would drop what is not stored yet: the router navigates inside the app.
    event.preventDefault();
    router.history.push(href);
  };
  const goToList = (event: ReactMouseEvent<HTMLAnchorElement>) => goTo(event, listHref);
  // After a switch between a table and an approval, “back” leads to the list the template now shows in.
  const listHref =
    binding === loaded.row.tableId ? routeListHref : templateListHref(binding, Boolean(context.approval));
  // The preview screen (records or approval instances to pick, print, download) for a bound template.
  const previewScreenHref =
    !binding || context.open
      ? undefined
      : context.approval || parseBinding(binding).kind === 'approval'
        ? `/print?template=${encodeURIComponent(loaded.row.id)}`
        : `/baseplugin/t/${encodeURIComponent(binding)}/preview/${encodeURIComponent(loaded.row.id)}`;
  useShortcuts();
  const canvasRef = useRef<HTMLElement>(null);
  const pageSetting = useAtomValue(pageSettingAtom);
  const pageWidth = pageDimensions(pageSetting).width * MM_TO_PX;
  const hasColumns = useAtomValue(hasColumnsAtom);
  const zoom = useCanvasZoom(canvasRef, pageWidth);
  const [sideHidden, setSideHidden] = useStoredFlag('quire.editor.hideSide');
  const [previewWide, setPreviewWide] = useStoredFlag('quire.editor.widePreview');
  const setBlockBarSlot = useSetAtom(blockBarSlotAtom);

  return (
    <div className="qe" data-mode="design">
      <header className="qe-top">
        <a className="qe-back" href={listHref} onClick={goToList}>
          <Icon name="back" /> {t('editor.back')}
        </a>
        <input className="qe-name" aria-label={t('list.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <SaveIndicator pipeline={saving} />
        <EditorSyncBadge localId={loaded.row.id} />
        {context.open ? (
          <DocSourceBadge name={context.open.docName} />
        ) : (
          <BindingPicker binding={binding} context={context} onBind={bind} />
        )}
        <span className="qe-top-spacer" />
        <button
          type="button"
          className="qe-tool"
          aria-label={t('editor.undo')}
          title={`${t('editor.undo')} (Ctrl+Z)`}
          disabled={!canUndo}
          onClick={() => run(C.undo)}
        >
          <Icon name="undo" />
        </button>
        <button
          type="button"
          className="qe-tool"
          aria-label={t('editor.redo')}
          title={`${t('editor.redo')} (Ctrl+Shift+Z)`}
          disabled={!canRedo}
          onClick={() => run(C.redo)}
        >
          <Icon name="redo" />
        </button>
        <InsertMenu />
        <ZoomControl zoom={zoom.zoom} setting={zoom.setting} fit={zoom.fit} onChange={zoom.choose} />
        <button
          type="button"
          className="qe-btn"
          aria-pressed={previewOpen}
          onClick={() => setPreviewOpen(!previewOpen)}
        >
          {t('previewPanel.title')}
        </button>
        {previewScreenHref && (
          <a className="qe-btn" href={previewScreenHref} onClick={(event) => goTo(event, previewScreenHref)}>
            {t('editor.preview')}
          </a>
        )}
      </header>
      <SaveStorageBanner
        pipeline={saving}
        template={() => ({ id: loaded.row.id, name, content: saving.unsavedContent() })}
      />
      <SaveConflict pipeline={saving} />
      <div className="qe-topbars">
        <FormatBar onTip={<Tip flag="hideFontSizeTooltip" text={t('tips.fontSize')} className="qe-tip-float" />} />
        <div className="qe-blockbar-slot" ref={setBlockBarSlot} />
      </div>
      {error && (
        <div className="qe-error" role="alert">
          {t('editor.editError', { message: error })}
          <button type="button" className="qe-icon-btn" aria-label={t('tips.dismiss')} onClick={() => setError(null)}>
            ×
          </button>
        </div>
      )}
      <div
        className={`qe-main${previewOpen ? ' qe-with-preview' : ''}${previewOpen && previewWide ? ' qe-preview-wide' : ''}`}
      >
        <FieldPanel />
        <section className="qe-canvas" ref={canvasRef} aria-label={t('editor.canvas')}>
          <QuickGuide />
          <Tip flag="hideEditorPageTip" text={t('tips.editorPage')} />
          {hasColumns && <Tip flag="hideResizeTip" text={t('tips.resize')} />}
          <Canvas zoom={zoom.zoom} />
        </section>
        {sideHidden ? (
          <button type="button" className="qe-side-show" onClick={() => setSideHidden(false)}>
            {t('view.showPanel')}
          </button>
        ) : (
          <SidePanel onHide={() => setSideHidden(true)} />
        )}
        {previewOpen && (
          <LivePreview
            key={binding}
            templateId={loaded.row.id}
            name={name}
            context={context}
            sample={loaded.sample}
            tip={<Tip flag="hidePreviewPageTip" text={t('tips.previewPage')} />}
            wide={previewWide}
            onToggleWide={() => setPreviewWide(!previewWide)}
            onClose={() => setPreviewOpen(false)}
          />
        )}
      </div>
      {leaveDialog}
    </div>
  );
}

/** The preview is the one part of the layout that follows every edit: it alone reads the content. */
function LivePreview(props: Omit<Parameters<typeof PreviewPanel>[0], 'content'>) {
  const content = useAtomValue(presentAtom);
  return <PreviewPanel {...props} content={content} />;
}
