/**
 * Preview and print of a Word, Excel or PowerPoint template (`/baseplugin/t/$tableId/preview/$id`,
 * `/print?template=`, `/print-docx?template=`): the filled file for a chosen record, its download,
 * and printing this record or the list in every output the template offers, with progress and
 * cancel. Everything runs on this device, so it works offline.
 */
import type { ReactNode } from 'react';
import { InAppLink } from '../services/InAppLink';
import { useOfficeTranslation } from '../services/i18n/office';
import { officeEditorHref, templateListHref } from '../services/links';
import { FilledView } from './FilledView';
import { SessionPrintPanel } from './SessionPrintPanel';
import { useOfficeSession } from './useOfficeSession';
import '../services/print/office.css';

export function OfficePrintScreen({
  templateId,
  title,
  initialRecord,
  templatePicker,
}: {
  templateId: string;
  title: string;
  initialRecord?: string;
  templatePicker?: ReactNode;
}) {
  const { t } = useOfficeTranslation();
  const session = useOfficeSession(templateId, initialRecord);
  const { row, content } = session;

  if (row === undefined) return <p className="of-muted" aria-busy="true" />;
  if (row === null || !content)
    return (
      <section className="screen of-list" role="alert">
        {templatePicker}
        <p>{t('missing')}</p>
      </section>
    );

  return (
    <article className="of" data-testid="office-print-screen" data-kind={content.kind}>
      <aside className="of-side">
        <div>
          <nav className="of-back">
            <InAppLink href={officeEditorHref(row.id)}>← {t('openEditor')}</InAppLink>
            {' · '}
            <InAppLink href={templateListHref(row.tableId)}>{t('templates')}</InAppLink>
          </nav>
          <p className="of-muted">{title}</p>
          <p>
            <span className="of-kind" data-kind={content.kind}>
              {t(`kindTemplate.${content.kind}`)}
            </span>
          </p>
          <h1>{row.name}</h1>
        </div>
        <SessionPrintPanel session={session} fallback={<p className="of-muted">{t('print.noTable')}</p>} />
      </aside>
      <FilledView session={session} content={content} toolbarStart={templatePicker} />
    </article>
  );
}
