import { Link, useMatch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';

/**
 * A screen a later release builds: its title and one plain sentence for the user, with a way out.
 * Route values are not shown: they mean nothing to a user (issue 12).
 */
export function Placeholder({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <article className="screen placeholder">
      <h1>{title}</h1>
      <p className="not-built">{t('common.notBuilt', { screen: title })}</p>
      <p>
        <Link to="/" className="button secondary">
          {t('common.backHome')}
        </Link>
      </p>
    </article>
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the screen's title, for placeholder screens. */
    titleKey?: MessageKey;
  }
}

/** The route component of every not-yet-built screen; its title comes from the route's static data. */
function PlaceholderScreen() {
  const titleKey = useMatch({ strict: false, select: (match) => match.staticData?.titleKey });
  return <Placeholder titleKey={titleKey ?? 'notFound.title'} />;
}

/** Route options for a placeholder screen, so the route tables read as tables. */
export function placeholder(titleKey: MessageKey) {
  return { staticData: { titleKey }, component: PlaceholderScreen } as const;
}
