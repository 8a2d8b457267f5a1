/**
 * `/docx`: the Word, Excel and PowerPoint templates on this device, each opening its editor or its
 * preview. `/print-docx`: the print entry for them (spec 000 §2 "print entry screens"), like
 * `/print` for document templates — `?template=<id>` picks one, `?record=<id>` the record.
 */
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InAppLink } from '../services/InAppLink';
import { useOfficeTranslation } from '../services/i18n/office';
import { officeEditorHref } from '../services/links';
import { getStorage } from '../services/storage';
import { listOfficeTemplates, type OfficeTemplateEntry } from './library';
import { OfficePrintScreen } from './OfficePrintScreen';
import '../services/print/office.css';
import { Select } from '../shell/Select';

function useOfficeTemplates(): OfficeTemplateEntry[] | undefined {
  const [entries, setEntries] = useState<OfficeTemplateEntry[]>();
  useEffect(() => {
    let alive = true;
    void getStorage()
      .then(listOfficeTemplates)
      .then((found) => alive && setEntries(found));
    return () => {
      alive = false;
    };
  }, []);
  return entries;
}

function printDocxHref(templateId: string): string {
  return `/print-docx?template=${encodeURIComponent(templateId)}`;
}

function searchText(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value ? value : undefined;
}

export function OfficeTemplatesScreen() {
  const { t } = useOfficeTranslation();
  const entries = useOfficeTemplates();
  return (
    <section className="screen of-list" aria-labelledby="of-list-title" data-testid="office-templates">
      <h1 id="of-list-title">{t('list.title')}</h1>
      <p className="of-muted">{t('list.subtitle')}</p>
      {entries === undefined ? <p className="of-muted" aria-busy="true" /> : null}
      {entries?.length === 0 ? <p>{t('list.empty')}</p> : null}
      {entries && entries.length > 0 ? (
        <ul>
          {entries.map(({ row, kind, boundTo }) => (
            <li key={row.id} data-template={row.id}>
              <span className="of-kind" data-kind={kind}>
                {t(`kind.${kind}`)}
              </span>
              <span className="of-name">{row.name}</span>
              <span className="of-muted">
                {t('boundTo')}: {boundTo}
              </span>
              <InAppLink className="button secondary small" href={officeEditorHref(row.id)}>
                {t('list.open')}
              </InAppLink>
              <InAppLink className="button ghost small" href={printDocxHref(row.id)}>
                {t('openPreview')}
              </InAppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function PrintDocxScreen() {
  const { t } = useOfficeTranslation();
  const { t: tApp } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const entries = useOfficeTemplates();
  const [choice, setChoice] = useState(() => searchText(search, 'template'));
  if (entries === undefined) return <p className="of-muted" aria-busy="true" />;
  const templateId = choice ?? entries[0]?.row.id;
  if (!templateId)
    return (
      <section className="screen of-list" data-testid="print-docx-empty">
        <h1>{tApp('screens.printDocx')}</h1>
        <p>{t('list.empty')}</p>
      </section>
    );
  const picker = (
    <label className="of-field">
      <span>{t('templateLabel')}</span>
      <Select value={templateId} onChange={(e) => setChoice(e.target.value)} data-testid="office-template-choice">
        {entries.map(({ row, kind }) => (
          <option key={row.id} value={row.id}>
            {row.name} · {t(`kind.${kind}`)}
          </option>
        ))}
        {entries.some((e) => e.row.id === templateId) ? null : <option value={templateId}>{templateId}</option>}
      </Select>
    </label>
  );
  return (
    <OfficePrintScreen
      key={templateId}
      templateId={templateId}
      title={t('list.title')}
      initialRecord={templateId === searchText(search, 'template') ? searchText(search, 'record') : undefined}
      templatePicker={picker}
    />
  );
}
