/**
 * `/baseplugin/t/:tableId/preview/add` outside a host (#32), as the host's one does: a new document
 * template for the table on this device, starting as a record card of the table's first fields,
 * then its editor. Created once per visit; a refusal (storage full) is the error page.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useEditorTranslation } from '../services/i18n/editor';
import { starterContent } from '../services/starterContent';
import { getStorage } from '../services/storage';
import { trackSave } from '../services/storageWrites';
import { ErrorPage } from '../shell/ErrorPage';
import { documentTemplate } from './newTemplate';
import { editorHref } from './TemplateListScreen';

export function AddTemplateScreen() {
  const { t } = useEditorTranslation();
  const navigate = useNavigate();
  const { tableId = 'local' } = useParams({ strict: false }) as { tableId?: string };
  const [error, setError] = useState<unknown>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one template per visit of this address
  useEffect(() => {
    let alive = true;
    (async () => {
      const db = await getStorage();
      const table = await db.tables.get(tableId);
      const row = await trackSave(() =>
        db.templates.create(
          documentTemplate({
            name: table ? `${table.name} · ${t('list.untitled')}` : t('list.untitled'),
            baseId: table?.baseId ?? 'local',
            tableId,
            content: starterContent(table?.fields ?? []),
          }),
        ),
      );
      if (alive) await navigate({ href: editorHref(row.id), replace: true });
    })().catch((failure: unknown) => alive && setError(failure));
    return () => {
      alive = false;
    };
  }, [tableId]);
  if (error) return <ErrorPage error={error} />;
  return <p aria-busy="true">{t('list.untitled')}…</p>;
}
