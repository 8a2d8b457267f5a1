/**
 * Two compact template pickers (#32).
 *
 * - `/extension`: what a host's extension slot opens (the spec leaves it open; decided here): the
 *   templates on this device in one compact list and a Print button that opens the chosen
 *   template's preview for the current selection — the query (`recordId`, `userId`…) is kept, so
 *   the preview prints the record the host selected.
 * - `/templates/:code`: the gallery entry of a demo template (`code` is a sample's name): copied
 *   into one of the user's tables, then opened in the editor. Sharing a published template by code
 *   is not built yet (see the report).
 */
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApprovalBinding } from '../../core/binding';
import type { TableRow, TemplateRow } from '../../storage/types';
import { useEditorTranslation } from '../services/i18n/editor';
import { loadSampleTemplate, SAMPLE_NAMES, type SampleName, sampleKey } from '../services/samples';
import { getStorage } from '../services/storage';
import { trackSave } from '../services/storageWrites';
import { ErrorPage } from '../shell/ErrorPage';
import { Select } from '../shell/Select';
import { documentTemplate } from './newTemplate';
import { editorHref } from './TemplateListScreen';

export function ExtensionScreen() {
  const { t } = useTranslation();
  const { t: te } = useEditorTranslation();
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.searchStr });
  const [rows, setRows] = useState<TemplateRow[]>();
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    void getStorage()
      .then((db) => db.templates.list())
      .then((all) => {
        const printable = all
          .filter((row) => !isApprovalBinding(row.tableId))
          .sort((a, b) => b.updatedAt - a.updatedAt);
        setRows(printable);
        setChosen(printable[0]?.id ?? '');
      });
  }, []);
  const row = rows?.find((r) => r.id === chosen);
  return (
    <article className="screen extension-screen" data-testid="extension">
      <h1>{t('screens.extension')}</h1>
      {rows && rows.length === 0 && <p className="muted">{te('list.empty')}</p>}
      {rows && rows.length > 0 && (
        <p className="actions">
          <Select aria-label={t('screens.templateGallery')} value={chosen} onValueChange={setChosen} size="small">
            {rows.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
          <button
            type="button"
            className="button primary"
            disabled={!row}
            onClick={() =>
              row &&
              void navigate({
                href: `/baseplugin/t/${encodeURIComponent(row.tableId)}/preview/${encodeURIComponent(row.id)}${search ?? ''}`,
              })
            }
          >
            {t('screens.print')}
          </button>
        </p>
      )}
    </article>
  );
}

const isSample = (code: string): code is SampleName => (SAMPLE_NAMES as readonly string[]).includes(code);

export function TemplateGalleryScreen() {
  const { t } = useTranslation();
  const { t: te } = useEditorTranslation();
  const navigate = useNavigate();
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const [tables, setTables] = useState<TableRow[]>();
  const [tableId, setTableId] = useState('');
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    void (async () => {
      const db = await getStorage();
      const all = (await Promise.all((await db.bases.list()).map((base) => db.tables.listByBase(base.id)))).flat();
      setTables(all);
      setTableId(all[0]?.id ?? '');
    })();
  }, []);
  if (!isSample(code))
    return (
      <article className="screen">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.message', { path: `/templates/${code}` })}</p>
        <Link to="/" className="button secondary">
          {t('common.backHome')}
        </Link>
      </article>
    );
  if (error) return <ErrorPage error={error} />;
  const copy = async () => {
    try {
      const db = await getStorage();
      const table = tables?.find((x) => x.id === tableId);
      const content = await loadSampleTemplate(code);
      if (!table || !content) return;
      const row = await trackSave(() =>
        db.templates.create(
          documentTemplate({ name: te(`list.samples.${code}`), baseId: table.baseId, tableId: table.id, content }),
        ),
      );
      await db.settings.set(sampleKey(row.id), code);
      await navigate({ href: editorHref(row.id) });
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <article className="screen gallery-screen" data-testid="template-gallery">
      <h1>{te(`list.samples.${code}`)}</h1>
      {tables && tables.length > 0 ? (
        <p className="actions">
          <Select aria-label={t('screens.baseTables')} value={tableId} onValueChange={setTableId} size="small">
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.name}
              </option>
            ))}
          </Select>
          <button type="button" className="button primary" onClick={() => void copy()}>
            {te('list.fromSample')}
          </button>
        </p>
      ) : (
        <p className="muted">{te('list.empty')}</p>
      )}
    </article>
  );
}
