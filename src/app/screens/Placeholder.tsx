import { useMatch, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function Values({ labelKey, values }: { labelKey: string; values: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  return (
    <section className="route-values">
      <h2>{t(labelKey)}</h2>
      <dl>
        {entries.map(([key, value]) => (
          <div key={key} className="route-value">
            <dt>{key}</dt>
            <dd data-param={key}>{String(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A screen a later issue builds: it says so plainly and shows what the route received. */
export function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as Record<string, unknown>;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const title = t(titleKey);
  return (
    <article className="screen placeholder">
      <h1>{title}</h1>
      <p className="not-built">
        <span className="not-built-dot" aria-hidden="true" />
        {t('common.notBuilt', { screen: title })}
      </p>
      <p className="muted">{t('common.notBuiltHint')}</p>
      <Values labelKey="common.params" values={params} />
      <Values labelKey="common.query" values={search} />
    </article>
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the screen's title, for placeholder screens. */
    titleKey?: string;
  }
}

/** The route component of every not-yet-built screen; its title comes from the route's static data. */
export function PlaceholderScreen() {
  const titleKey = useMatch({ strict: false, select: (match) => match.staticData?.titleKey });
  return <Placeholder titleKey={titleKey ?? 'notFound.title'} />;
}

/** Route options for a placeholder screen, so the route tables read as tables. */
export function placeholder(titleKey: string) {
  return { staticData: { titleKey }, component: PlaceholderScreen } as const;
}
