/**
 * The editor of Word, Excel and PowerPoint templates (spec 001 §3.5 DocxTemplate, XlsxTemplate,
 * PptxTemplate): the file's tags mapped to the bound table's or approval's fields, the template's
 * problems with their part and the text around them, replace and download the file, and a
 * preview of the filled result for a chosen record, rendered in the render worker, offline.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../core/errors';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { EMPTY_SOURCE, renderPreview } from '../services/printing';
import { getStorage } from '../services/storage';
import { downloadBytes, fileBytes } from './download';
import { ErrorPanel } from './ErrorPanel';
import { useOfficeTranslation } from './i18n/useOfficeTranslation';
import { mapTags } from './mapping';
import { OfficePreview } from './OfficePreview';
import {
  base64Size,
  base64ToBytes,
  fileSizeLabel,
  OFFICE_ACCEPT,
  OFFICE_MIME,
  type OfficeContent,
  officeContentFromUpload,
  officeContentOf,
  withFile,
} from './officeFile';
import { PrintPanel } from './PrintPanel';
import { type Binding, bindingSource, instanceLabel, loadBinding, recordName } from './sources';
import { officeTemplateTags } from './tags';
import { useFilledFile } from './useFilledFile';
import './office.css';

const NONE = 'none';

/** Checks new content in the render worker before it is saved: a hostile or broken file never is. */
export async function checkInWorker(content: OfficeContent): Promise<unknown> {
  try {
    await renderPreview({ key: `check:${Date.now()}:${content.fileName}`, content }, EMPTY_SOURCE);
    return undefined;
  } catch (error) {
    // Tag problems still leave a well-formed file the designer is working on: it is saved.
    if (isQuireError(error, 'TemplateError')) return undefined;
    return error;
  }
}

export function OfficeEditorScreen({ templateId, backHref }: { templateId: string; backHref?: string }) {
  const { t, i18n } = useOfficeTranslation();
  const [storage, setStorage] = useState<Storage | null>(null);
  const [row, setRow] = useState<TemplateRow | null | undefined>(undefined);
  const [binding, setBinding] = useState<Binding>({ kind: 'none', fields: [] });
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [replaceError, setReplaceError] = useState<unknown>();
  const [note, setNote] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const db = await getStorage();
      const found = await db.templates.get(templateId);
      if (!alive) return;
      setStorage(db);
      setRow(found ?? null);
      if (found) {
        const loaded = await loadBinding(db, found.tableId);
        if (!alive) return;
        setBinding(loaded);
        setChoice(
          loaded.kind === 'table'
            ? loaded.records[0]?.id
            : loaded.kind === 'approval'
              ? loaded.instances[0]?.code
              : undefined,
        );
      }
    })();
    return () => {
      alive = false;
    };
  }, [templateId]);

  const content = useMemo(() => (row ? officeContentOf(row.content) : undefined), [row]);
  const templateRef = useMemo(
    () => (row && content ? { key: `${row.id}@${row.revision}`, content: row.content } : undefined),
    [row, content],
  );
  const sourceChoice = choice ?? NONE;
  const loadSource = useCallback(
    async () =>
      storage ? bindingSource(storage, binding, sourceChoice === NONE ? undefined : sourceChoice) : EMPTY_SOURCE,
    [storage, binding, sourceChoice],
  );
  const { state, cancel, retry } = useFilledFile(
    storage ? templateRef : undefined,
    `${binding.kind}:${sourceChoice}`,
    loadSource,
    row ? { rule: '{NAME}_{FIRST_FIELD}', templateName: row.name, printTime: Date.now() } : undefined,
  );

  // The tags are read once the worker accepted the package (no zip bomb or DTD reaches the UI thread).
  const packageOk =
    state.status === 'ready' || (state.status === 'error' && isQuireError(state.error, 'TemplateError'));
  const tags = useMemo(() => {
    if (!content || !packageOk) return undefined;
    try {
      return officeTemplateTags(content.kind, base64ToBytes(content.file), content.settings?.delimiters ?? 'single');
    } catch {
      return undefined;
    }
  }, [content, packageOk]);
  const mapped = useMemo(() => (tags ? mapTags(tags, binding.fields) : undefined), [tags, binding.fields]);
  const unknown = mapped?.filter((m) => m.status === 'unknown').length ?? 0;
  const problems = state.status === 'error' && isQuireError(state.error, 'TemplateError') ? state.error.issues : [];
  const onPreviewError = useCallback((error: unknown) => console.warn('preview', error), []);

  if (row === undefined) return <p className="of-muted" aria-busy="true" />;
  if (row === null || !content)
    return (
      <section className="screen of-list" role="alert">
        <p>{t('missing')}</p>
      </section>
    );

  const replace = async (file: File) => {
    setReplaceError(undefined);
    setNote('');
    try {
      const next = withFile(content, officeContentFromUpload(await fileBytes(file), file.name, content.kind));
      const problem = await checkInWorker(next);
      if (problem) throw problem;
      const db = storage ?? (await getStorage());
      const saved = await db.templates.save(row.id, { content: JSON.stringify(next) }, row.revision);
      setRow(saved);
      setNote(t('replaced', { file: next.fileName, revision: saved.revision }));
    } catch (error) {
      setReplaceError(error);
    }
  };

  const downloadTemplate = () =>
    downloadBytes(base64ToBytes(content.file), content.fileName, OFFICE_MIME[content.kind]);
  const filled = state.status === 'ready' ? state.file : undefined;
  const recordIds = binding.kind === 'table' ? binding.records.map((r) => r.id) : [];

  return (
    <article className="of" data-testid="office-editor" data-kind={content.kind}>
      <aside className="of-side">
        <div>
          {backHref ? (
            <a className="of-back" href={backHref}>
              ← {t('templates')}
            </a>
          ) : null}
          <p>
            <span className="of-kind" data-kind={content.kind}>
              {t(`kindTemplate.${content.kind}`)}
            </span>
          </p>
          <h1>{row.name}</h1>
        </div>
        <dl className="of-facts">
          <dt>{t('file')}</dt>
          <dd data-testid="office-file-name">{content.fileName}</dd>
          <dt>{t('size')}</dt>
          <dd>{fileSizeLabel(base64Size(content.file), i18n.language)}</dd>
          <dt>{t('boundTo')}</dt>
          <dd>
            {binding.kind === 'table'
              ? binding.table.name
              : binding.kind === 'approval'
                ? binding.definition.name
                : t('unbound')}
          </dd>
        </dl>
        <div className="of-actions">
          <button type="button" className="button secondary small" onClick={() => fileInput.current?.click()}>
            {t('replaceFile')}
          </button>
          <button type="button" className="button ghost small" onClick={downloadTemplate}>
            {t('downloadTemplate')}
          </button>
          <input
            ref={fileInput}
            type="file"
            hidden
            data-testid="office-replace-input"
            accept={OFFICE_ACCEPT[content.kind]}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void replace(file);
            }}
          />
        </div>
        {note ? (
          <p className="of-note" role="status">
            {note}
          </p>
        ) : null}
        {replaceError !== undefined ? <ErrorPanel error={replaceError} /> : null}
        {problems.length > 0 ? (
          <section className="of-problems" data-testid="office-problems">
            <h2>{t('problems')}</h2>
            <ul>
              {problems.map((issue) => (
                <li key={`${issue.path}|${issue.reason}`}>
                  <code>{issue.path}</code> {issue.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="of-tags-title">
          <h2 id="of-tags-title">{t('tags')}</h2>
          <p className="of-muted">{t('tagsHint')}</p>
          {unknown > 0 ? <p className="of-unknown">{t('unknownCount', { count: unknown })}</p> : null}
          {mapped && mapped.length === 0 ? <p className="of-muted">{t('noTags')}</p> : null}
          {mapped && mapped.length > 0 ? (
            <table className="of-tags" data-testid="office-tags">
              <thead>
                <tr>
                  <th scope="col">{t('tag')}</th>
                  <th scope="col">{t('field')}</th>
                  <th scope="col">{t('where')}</th>
                </tr>
              </thead>
              <tbody>
                {mapped.map((tag) => (
                  <tr key={tag.path} data-status={tag.status} data-tag={tag.path}>
                    <td>
                      <code>{tag.path}</code>
                      {tag.loop ? <span className="of-loop">{t('loop')}</span> : null}
                    </td>
                    <td>
                      {tag.status === 'unknown' ? (
                        <span className="of-unknown">{t('unknownField')}</span>
                      ) : (
                        tag.fields.join(' › ')
                      )}
                    </td>
                    <td className="of-where">{tag.parts.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
        {storage && binding.kind === 'table' ? (
          <PrintPanel
            storage={storage}
            template={row}
            tableId={binding.table.id}
            currentId={choice}
            allIds={recordIds}
          />
        ) : null}
      </aside>
      <section className="of-main" aria-label={t('preview')}>
        <div className="of-toolbar">
          <SourcePicker binding={binding} value={sourceChoice} onChange={setChoice} />
          <div className="of-status" role="status" data-state={state.status}>
            {state.status === 'filling' ? (
              <>
                {t('filling')}
                <button type="button" className="button ghost small" onClick={cancel}>
                  {t('cancel')}
                </button>
              </>
            ) : state.status === 'cancelled' ? (
              <>
                {t('cancelled')}
                <button type="button" className="button ghost small" onClick={retry}>
                  {t('retry')}
                </button>
              </>
            ) : null}
          </div>
          {filled ? (
            <button
              type="button"
              className="button primary small"
              onClick={() => downloadBytes(filled.bytes, filled.fileName ?? content.fileName, filled.mime)}
            >
              {t('download', { kind: t(`kind.${content.kind}`) })}
            </button>
          ) : null}
        </div>
        <div className="of-stage">
          {state.status === 'error' ? <ErrorPanel error={state.error} onRetry={retry} retryLabel={t('retry')} /> : null}
          {filled ? <OfficePreview kind={content.kind} bytes={filled.bytes} onError={onPreviewError} /> : null}
        </div>
      </section>
    </article>
  );
}

/** Records of the bound table, or instances of the bound approval (who applied, what, its state). */
export function SourcePicker({
  binding,
  value,
  onChange,
}: {
  binding: Binding;
  value: string;
  onChange: (choice: string) => void;
}) {
  const { t } = useOfficeTranslation();
  if (binding.kind === 'none') return null;
  return (
    <label className="of-field">
      <span>{binding.kind === 'table' ? t('record') : t('instance')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {binding.kind === 'table'
          ? binding.records.map((r) => (
              <option key={r.id} value={r.id}>
                {recordName(binding.table, r)}
              </option>
            ))
          : binding.instances.map((i) => (
              <option key={i.code} value={i.code}>
                {instanceLabel(i)}
              </option>
            ))}
        <option value={NONE}>{t('noRecord')}</option>
      </select>
    </label>
  );
}
