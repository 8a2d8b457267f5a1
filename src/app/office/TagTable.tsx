import { useOfficeTranslation } from '../services/i18n/office';
import type { MappedTag } from './mapping';

/**
 * Each tag of the file, the field of the bound table or approval (or the variable of a team
 * document's data source, `forDoc`) it prints, and where it is.
 */
export function TagTable({ mapped, forDoc = false }: { mapped: readonly MappedTag[] | undefined; forDoc?: boolean }) {
  const { t } = useOfficeTranslation();
  const unknown = mapped?.filter((m) => m.status === 'unknown').length ?? 0;
  return (
    <section aria-labelledby="of-tags-title">
      <h2 id="of-tags-title">{t('tags')}</h2>
      <p className="of-muted">{t('tagsHint')}</p>
      {unknown > 0 ? (
        <p className="of-unknown" data-testid="office-unknown-count">
          {forDoc ? t('unknownDoc', { count: unknown }) : t('unknownCount', { count: unknown })}
        </p>
      ) : null}
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
  );
}
