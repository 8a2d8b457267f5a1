/**
 * The editor of Word, Excel and PowerPoint templates (spec 001 §3.5 DocxTemplate, XlsxTemplate,
 * PptxTemplate): the file's tags mapped to the bound table's or approval's fields, the template's
 * problems with their part and the text around them, replace and download the file, and a
 * preview of the filled result for a chosen record, rendered in the render worker, offline.
 */
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isQuireError } from '../../core/errors';
import { acceptOf, FILE_FORMATS } from '../../core/outputs/catalogue';
import type { TemplateRow } from '../../storage/types';
import { downloadBytes, fileBytes } from '../services/download';
import { InAppLink } from '../services/InAppLink';
import { useOfficeTranslation } from '../services/i18n/office';
import { previewHref, templateListHref } from '../services/links';
import { base64Size, base64ToBytes, fileSizeLabel, officeContentFromUpload, withFile } from '../services/officeFile';
import type { OpenDocInput } from '../services/openSource';
import { ErrorPanel } from '../services/print/ErrorPanel';
import { checkInWorker } from '../services/print/workerCheck';
import { SaveConflict, SaveIndicator, SaveStorageBanner, useLeaveGuard } from '../services/saving/SaveNotices';
import { type SavePipelineInput, useSavePipeline } from '../services/saving/useSavePipeline';
import { getStorage } from '../services/storage';
import { FilledView } from './FilledView';
import { mapTags } from './mapping';
import { SessionPrintPanel } from './SessionPrintPanel';
import { TagTable } from './TagTable';
import { officeTemplateTags } from './tags';
import { type OfficeSession, useOfficeSession } from './useOfficeSession';
import '../services/print/office.css';

export function OfficeEditorScreen({
  templateId,
  backHref,
  openDoc,
}: {
  templateId: string;
  backHref?: string;
  /** A team document's template: tags are checked against, and filled with, the document's data source. */
  openDoc?: OpenDocInput;
}) {
  const { t } = useOfficeTranslation();
  const session = useOfficeSession(templateId, undefined, openDoc, true);
  if (session.row === undefined) return <p className="of-muted" aria-busy="true" />;
  if (session.row === null || !session.content)
    return (
      <section className="screen of-list" role="alert">
        <p>{t('missing')}</p>
      </section>
    );
  return <OfficeEditor session={session} row={session.row} backHref={backHref} />;
}

/**
 * The editor of a loaded template. A replaced file goes through the one save pipeline like every
 * template edit: journalled, saved on the revision it was made on, a conflict with another tab
 * decided in the dialog, a full disk shown with Retry and a download of the unsaved file.
 */
function OfficeEditor({ session, row, backHref }: { session: OfficeSession; row: TemplateRow; backHref?: string }) {
  const { t, i18n } = useOfficeTranslation();
  const { storage, content, binding } = session;
  const [input] = useState<SavePipelineInput>(() => ({ row, draft: session.draft }));
  const latest = useRef(session.draft?.content ?? row.content);
  const pipeline = useSavePipeline(input, row.name, row.tableId, {
    serialize: () => latest.current,
    showExternal: (next) => {
      latest.current = next.content;
      flushSync(() => session.setRow(next));
    },
  });
  const leaveDialog = useLeaveGuard(pipeline);
  const { state } = session.filled;
  const [replaceError, setReplaceError] = useState<unknown>();
  const [note, setNote] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

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
  const templateError =
    state.status === 'error' && isQuireError(state.error, 'TemplateError') ? state.error : undefined;
  const problems = templateError?.issues ?? [];
  // The catalogue's code (100004), as `quire validate` prints it.
  const templateErrorCode = templateError ? String(templateError.code) : '';

  if (!content) return null;

  const replace = async (file: File) => {
    setReplaceError(undefined);
    setNote('');
    try {
      const next = withFile(content, officeContentFromUpload(await fileBytes(file), file.name, content.kind));
      const problem = await checkInWorker(next);
      if (problem) throw problem;
      latest.current = JSON.stringify(next);
      pipeline.changed();
      const stored = await pipeline.flushAndWait();
      const db = storage ?? (await getStorage());
      const saved = stored ? await db.templates.get(row.id) : undefined;
      // Not stored yet (a full disk, another tab's version): the screen shows the new file, the
      // banner or the conflict dialog says what happens to it.
      session.setRow(saved ?? { ...row, content: latest.current });
      if (saved) setNote(t('replaced', { file: next.fileName, revision: saved.revision }));
    } catch (error) {
      setReplaceError(error);
    }
  };

  const downloadTemplate = () =>
    downloadBytes(base64ToBytes(content.file), content.fileName, FILE_FORMATS[content.kind].mime);
  // The workspace's preview screen prints its table's records: not a document's template.
  const preview = binding.kind === 'open' ? undefined : previewHref(row.tableId, row.id);

  return (
    <article className="of" data-testid="office-editor" data-kind={content.kind}>
      <SaveStorageBanner
        pipeline={pipeline}
        template={() => ({ id: row.id, name: row.name, content: pipeline.unsavedContent() })}
      />
      <SaveConflict pipeline={pipeline} />
      {leaveDialog}
      <aside className="of-side">
        <div>
          <nav className="of-back">
            <InAppLink href={backHref ?? templateListHref(row.tableId)}>← {t('templates')}</InAppLink>
            {preview ? (
              <>
                {' · '}
                <InAppLink href={preview}>{t('openPreview')}</InAppLink>
              </>
            ) : null}
          </nav>
          <p>
            <span className="of-kind" data-kind={content.kind}>
              {t(`kindTemplate.${content.kind}`)}
            </span>
          </p>
          <h1>{row.name}</h1>
          <SaveIndicator pipeline={pipeline} />
        </div>
        <dl className="of-facts">
          <dt>{t('file')}</dt>
          <dd data-testid="office-file-name">{content.fileName}</dd>
          <dt>{t('size')}</dt>
          <dd>{fileSizeLabel(base64Size(content.file), i18n.language)}</dd>
          <dt>{t('boundTo')}</dt>
          <dd data-testid="office-bound-to">
            {binding.kind === 'table'
              ? binding.table.name
              : binding.kind === 'approval'
                ? binding.definition.name
                : binding.kind === 'open'
                  ? t('boundToDoc', { name: binding.context.docName })
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
            accept={acceptOf(content.kind)}
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
            <h2>
              {t('problems')} <code>{templateErrorCode}</code>
            </h2>
            <ul>
              {problems.map((issue) => (
                <li key={`${issue.path}|${issue.reason}`}>
                  <code>{issue.path}</code> {issue.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <TagTable mapped={mapped} forDoc={binding.kind === 'open'} />
        <SessionPrintPanel session={session} />
      </aside>
      <FilledView session={session} content={content} />
    </article>
  );
}
