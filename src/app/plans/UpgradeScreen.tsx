/**
 * `/home/upgrade` and `/baseplugin/upgrade` (#32): what each plan includes, the team's plan as the
 * server states it, and the way to buy — the server's QUIRE_UPGRADE_URL in a new window, with the
 * app's language. Quire takes no payments: the operator sets the plan bought (`quire plan set`).
 * (A second-brand host opens this screen with `?lng=`; BaseScreens' HostUpgradeScreen sends it here.)
 */
import { Link } from '@tanstack/react-router';
import { FEATURES, isFeatureAllowed, TENANT_PLAN_VERSIONS } from '../../core/plan';
import { usePlansTranslation } from '../services/plan/i18n';
import { upgradeLink, usePlan } from '../services/plan/plan';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import { PlanSummary } from './PlanSummary';
import './plans.css';

export function UpgradeScreen() {
  const { t, i18n } = usePlansTranslation();
  const read = usePlan();
  const errorText = useErrorText();
  const plan = read.status === 'ready' ? read.plan : undefined;
  const buy = upgradeLink(plan?.upgradeUrl, i18n.language);
  return (
    <article className="screen plans-screen" data-testid="upgrade-screen">
      <h1>{t('upgrade.title')}</h1>
      <p className="muted">{t('upgrade.intro')}</p>
      {read.status === 'none' && <p>{t('upgrade.noServer')}</p>}
      {read.status === 'failed' && <ErrorLine error={errorText(read.error)} />}
      {plan && <PlanSummary plan={plan} />}
      <ul className="plan-cards">
        {TENANT_PLAN_VERSIONS.map((version) => {
          const features = FEATURES.filter((feature) => isFeatureAllowed(feature, { brand: 'second', version }));
          const current = plan?.effectiveVersion === version;
          return (
            <li
              key={version}
              className={current ? 'plan-card current' : 'plan-card'}
              aria-current={current || undefined}
            >
              <h2>{t(`versions.${version}`)}</h2>
              <p>{t(`upgrade.${version}`)}</p>
              <p className="muted">
                {t('upgrade.included')}:{' '}
                {[t('upgrade.nothingExtra'), ...features.map((feature) => t(`features.${feature}`))].join(', ')}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="plan-actions">
        {buy ? (
          <a className="button primary" href={buy} target="_blank" rel="noopener noreferrer" data-testid="upgrade-link">
            {t('upgrade.buy')}
          </a>
        ) : (
          <span className="muted">{t('upgrade.noUrl')}</span>
        )}
        {plan && (
          <Link to="/home/pay-success" className="button secondary">
            {t('upgrade.afterPaying')}
          </Link>
        )}
      </p>
    </article>
  );
}
