/**
 * The editor of attachment templates (editor mode AttachmentTemplate, issue #30): which attachment
 * fields of the bound table print, in which order, an optional cover copied from one of the
 * table's document templates, and the page images are fitted to. Every change goes through the one
 * save pipeline (journalled, saved on its revision, conflicts decided in the dialog).
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type AttachmentTemplate, parseAttachmentTemplate } from '../../core/attachments/template';
import { PAGE_SIZES } from '../../core/model/defaults';
import { parseTemplateContent } from '../../core/model/parse';
import type { PageSizeType } from '../../core/model/types';
import { readOutputKind } from '../../core/outputs/kind';
import type { TemplateRow } from '../../storage/types';
import { InAppLink } from '../services/InAppLink';
import { useOfficeTranslation } from '../services/i18n/office';
import { previewHref, templateListHref } from '../services/links';
import { ErrorPanel } from '../services/print/ErrorPanel';
import { SaveConflict, SaveIndicator, SaveStorageBanner, useLeaveGuard } from '../services/saving/SaveNotices';
import { type SavePipelineInput, useSavePipeline } from '../services/saving/useSavePipeline';
import { getStorage } from '../services/storage';
import { attachmentFieldsOf, type FieldChoice, moveField, toggleField } from './fields';
import './attachments.css';

interface Loaded {
  row: TemplateRow;
  template: AttachmentTemplate | undefined;
  error?: unknown;
  fields: FieldChoice[];
  covers: TemplateRow[];
}

async function load(templateId: string): Promise<Loaded | null> {
  const db = await getStorage();
  const row = await db.templates.get(templateId);
  if (!row) return null;
  const table = row.tableId ? await db.tables.get(row.tableId) : undefined;
  const siblings = row.tableId ? await db.templates.list({ tableId: row.tableId }) : [];
  const covers = siblings.filter((t) => t.id !== row.id && readOutputKind(t.content) === 'document');
  const fields = attachmentFieldsOf(table?.fields ?? []);
  try {
    return { row, template: parseAttachmentTemplate(row.content), fields, covers };
  } catch (error) {
    return { row, template: undefined, error, fields, covers };
  }
}

export function AttachmentEditorScreen({ templateId, backHref }: { templateId: string; backHref?: string }) {
  const { t } = useOfficeTranslation();
  const [loaded, setLoaded] = useState<Loaded | null | undefined>();
  useEffect(() => {
    let alive = true;
    void load(templateId).then((value) => alive && setLoaded(value));
    return () => {
      alive = false;
    };
  }, [templateId]);
  if (loaded === undefined) return <p className="at-muted" aria-busy="true" />;
  if (loaded === null)
    return (
      <section className="screen" role="alert">
        <p>{t('missing')}</p>
      </section>
    );
  if (!loaded.template) return <ErrorPanel error={loaded.error} />;
  return <AttachmentEditor loaded={{ ...loaded, template: loaded.template }} backHref={backHref} />;
}

const SIZES: PageSizeType[] = ['A4', 'A3', 'A5', 'A6', 'Letter'];

function AttachmentEditor({
  loaded,
  backHref,
}: {
  loaded: Loaded & { template: AttachmentTemplate };
  backHref?: string;
}) {
  const { t } = useOfficeTranslation();
  const [row, setRow] = useState(loaded.row);
  const [template, setTemplate] = useState(loaded.template);
  const [input] = useState<SavePipelineInput>(() => ({ row: loaded.row, draft: null }));
  const latest = useRef(loaded.row.content);
  const pipeline = useSavePipeline(input, row.name, row.tableId, {
    serialize: () => latest.current,
    showExternal: (next) => {
      latest.current = next.content;
      flushSync(() => {
        setRow(next);
        try {
          setTemplate(parseAttachmentTemplate(next.content));
        } catch {
          // Another tab's version this screen cannot read: the stored text stays as it is.
        }
      });
    },
  });
  const leaveDialog = useLeaveGuard(pipeline);

  const change = (next: AttachmentTemplate) => {
    setTemplate(next);
    latest.current = JSON.stringify(next);
    pipeline.changed();
  };

  const byId = new Map(loaded.fields.map((field) => [field.id, field]));
  const chosen = template.fields.map((id) => byId.get(id) ?? { id, name: id, missing: true });
  const preview = previewHref(row.tableId, row.id);
  const setCover = (id: string) => {
    const source = loaded.covers.find((cover) => cover.id === id);
    change({ ...template, cover: source ? parseTemplateContent(source.content) : null });
  };
  const setSize = (sizeType: PageSizeType) =>
    change({ ...template, pageSetting: { ...template.pageSetting, sizeType, ...PAGE_SIZES[sizeType as 'A4'] } });

  return (
    <article className="at screen" data-testid="attachment-editor">
      <SaveStorageBanner
        pipeline={pipeline}
        template={() => ({ id: row.id, name: row.name, content: pipeline.unsavedContent() })}
      />
      <SaveConflict pipeline={pipeline} />
      {leaveDialog}
      <nav className="at-back">
        <InAppLink href={backHref ?? templateListHref(row.tableId)}>← {t('templates')}</InAppLink>
        {preview ? (
          <>
            {' · '}
            <InAppLink href={preview}>{t('openPreview')}</InAppLink>
          </>
        ) : null}
      </nav>
      <p className="at-kind">{t('attachment.kind')}</p>
      <h1>{row.name}</h1>
      <SaveIndicator pipeline={pipeline} />
      <p className="at-muted">{t('attachment.explain')}</p>

      <section aria-labelledby="at-fields">
        <h2 id="at-fields">{t('attachment.fields')}</h2>
        {loaded.fields.length === 0 ? (
          <p role="alert" data-testid="attachment-no-field">
            {t('attachment.noField')}
          </p>
        ) : (
          <ul className="at-choices">
            {loaded.fields.map((field) => (
              <li key={field.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={template.fields.includes(field.id)}
                    onChange={() => change({ ...template, fields: toggleField(template.fields, field.id) })}
                  />{' '}
                  {field.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        {chosen.length > 0 ? (
          <ol className="at-order" data-testid="attachment-order">
            {chosen.map((field, index) => (
              <li key={field.id}>
                <span>{field.name}</span>
                {'missing' in field ? <em> {t('attachment.missingField')}</em> : null}
                <button
                  type="button"
                  className="button ghost small"
                  disabled={index === 0}
                  aria-label={t('attachment.up', { name: field.name })}
                  onClick={() => change({ ...template, fields: moveField(template.fields, index, -1) })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button ghost small"
                  disabled={index === chosen.length - 1}
                  aria-label={t('attachment.down', { name: field.name })}
                  onClick={() => change({ ...template, fields: moveField(template.fields, index, 1) })}
                >
                  ↓
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="at-muted">{t('attachment.noneChosen')}</p>
        )}
      </section>

      <section aria-labelledby="at-layout">
        <h2 id="at-layout">{t('attachment.layout')}</h2>
        <label>
          {t('attachment.cover')}{' '}
          <select
            data-testid="attachment-cover"
            value=""
            onChange={(event) => {
              if (event.target.value) setCover(event.target.value === '-' ? '' : event.target.value);
            }}
          >
            <option value="">{template.cover ? t('attachment.coverSet') : t('attachment.noCover')}</option>
            {template.cover ? <option value="-">{t('attachment.removeCover')}</option> : null}
            {loaded.covers.map((cover) => (
              <option key={cover.id} value={cover.id}>
                {cover.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('attachment.page')}{' '}
          <select
            value={template.pageSetting.sizeType}
            onChange={(event) => setSize(event.target.value as PageSizeType)}
          >
            {SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          <input
            type="checkbox"
            checked={template.pageSetting.direction === 'horizontal'}
            onChange={(event) =>
              change({
                ...template,
                pageSetting: { ...template.pageSetting, direction: event.target.checked ? 'horizontal' : 'vertical' },
              })
            }
          />{' '}
          {t('attachment.landscape')}
        </label>
      </section>
    </article>
  );
}
