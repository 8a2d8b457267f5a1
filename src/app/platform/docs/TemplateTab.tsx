/**
 * The template tab: the document's templates on the server (draft version, latest release), a
 * new one of any kind the app makes — document, canvas, or an uploaded Word/Excel/PowerPoint
 * file — opened in the editor, published (locked to the version shown) or deleted.
 */
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useState } from 'react';
import type { TemplateDto } from '../../../api/contract';
import { createTemplateContent, serializeTemplateContent } from '../../../core/model';
import { EditorMode } from '../../../core/model/types';
import {
  acceptOf,
  isOfficeKind,
  TEMPLATE_KIND_LIST,
  TEMPLATE_KINDS,
  type TemplateKind,
} from '../../../core/outputs/catalogue';
import { blankCanvas } from '../../services/canvasContent';
import { ConfirmDialog } from '../../services/dialogs/ConfirmDialog';
import { officeContentFromUpload } from '../../services/officeFile';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { kindOfContent } from './kinds';
import { useDocView } from './shared';

export function TemplateTab() {
  const { teamId, docId } = useDocView();
  const { t, i18n } = useDocsTranslation();
  const errorText = useErrorText();
  const [templates, setTemplates] = useState<TemplateDto[] | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TemplateKind>('document');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TemplateDto | null>(null);

  const reload = useCallback(async () => {
    try {
      setTemplates((await serverApi().templates.list(teamId, docId, { pageSize: 200 })).list);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [teamId, docId, errorText]);
  useEffect(() => void reload(), [reload]);

  const run = async (job: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await job();
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  async function contentFor(chosen: TemplateKind): Promise<{ content: string; type: number; name?: string }> {
    if (chosen === 'document')
      return { content: serializeTemplateContent(createTemplateContent()), type: EditorMode.Docs };
    if (chosen === 'canvas') return { content: JSON.stringify(blankCanvas()), type: EditorMode.Design };
    // Not offered below (its fields are picked in the app's editor), but content of it renders here.
    if (chosen === 'attachment')
      return { content: JSON.stringify({ kind: 'attachment', fields: [] }), type: EditorMode.AttachmentTemplate };
    if (!file) throw new Error('no file');
    const content = officeContentFromUpload(new Uint8Array(await file.arrayBuffer()), file.name, chosen);
    return {
      content: JSON.stringify(content),
      type: TEMPLATE_KINDS[chosen].upload.editorMode,
      name: file.name.replace(/\.[^.]+$/, ''),
    };
  }

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await contentFor(kind);
      await serverApi().templates.create(teamId, docId, {
        name: name.trim() || made.name || t(`kinds.${kind}`),
        content: made.content,
        type: made.type,
      });
      setName('');
      setFile(null);
    });
  };

  const publish = (template: TemplateDto) =>
    run(() => serverApi().templates.publish(teamId, docId, template.id, { lastVersion: template.version }));
  const remove = (template: TemplateDto) => {
    setDeleting(null);
    void run(() => serverApi().templates.remove(teamId, docId, template.id));
  };

  const office = isOfficeKind(kind);
  const kindLabel = (content: string) => {
    const stored = kindOfContent(content);
    return stored ? t(`kinds.${stored}`) : '—';
  };
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="docs-tab" aria-labelledby="template-tab-title">
      <h2 id="template-tab-title">{t('templatesTitle')}</h2>
      <p className="muted">{t('templatesIntro')}</p>
      {templates === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : templates.length === 0 ? (
        <p>{t('noTemplates')}</p>
      ) : (
        <table className="platform-table docs-table" data-testid="template-list">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('kind')}</th>
              <th scope="col">{t('draft')}</th>
              <th scope="col">{t('release')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.map((template) => (
              <tr key={template.id} data-template={template.id}>
                <td>
                  <strong>{template.name}</strong>
                  <br />
                  <code className="muted">{template.id}</code>
                </td>
                <td>{kindLabel(template.content)}</td>
                <td>{t('versionAt', { version: template.version, when: when(template.updatedAt) })}</td>
                <td data-testid="release">
                  {template.releaseNo > 0 ? t('releaseNo', { n: template.releaseNo }) : t('notPublished')}
                </td>
                <td>
                  <span className="docs-actions">
                    <Link
                      to="/o/$teamId/docs/$docId/templates/$templateId"
                      params={{ teamId, docId, templateId: template.id }}
                      className="button secondary small"
                    >
                      {t('open')}
                    </Link>
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={busy}
                      onClick={() => void publish(template)}
                    >
                      {t('publish')}
                    </button>
                    <button
                      type="button"
                      className="button ghost small"
                      disabled={busy}
                      onClick={() => setDeleting(template)}
                    >
                      {t('delete')}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="platform-form docs-form docs-inline-form" onSubmit={create} aria-labelledby="new-template-title">
        <h3 id="new-template-title">{t('newTemplate')}</h3>
        <label>
          {t('kind')}
          <select name="kind" value={kind} onChange={(event) => setKind(event.target.value as TemplateKind)}>
            {TEMPLATE_KIND_LIST.filter((k) => k !== 'attachment').map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('name')}
          <input name="templateName" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </label>
        {office && (
          <label>
            {t('officeFile')}
            <input
              type="file"
              name="officeFile"
              accept={isOfficeKind(kind) ? acceptOf(kind) : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
        )}
        <button type="submit" className="button primary" disabled={busy || (office && !file)}>
          {t('createTemplate')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTemplateTitle')}
          message={t('deleteTemplateMessage', { name: deleting.name })}
          confirmLabel={t('delete')}
          danger
          onAnswer={(confirmed) => (confirmed ? remove(deleting) : setDeleting(null))}
        />
      )}
    </section>
  );
}
