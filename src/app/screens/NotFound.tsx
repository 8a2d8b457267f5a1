import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <article className="screen not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message', { path })}</p>
      <Link to="/" className="button primary">
        {t('common.backHome')}
      </Link>
    </article>
  );
}
