/**
 * Why a feature was refused and how to get it (#32): shown where the server answered
 * `PlanFeatureRequired`, instead of a bare failure. Names the team's plan, the plans that include
 * the feature, and links to the upgrade screen.
 */
import { Link } from '@tanstack/react-router';
import { type Feature, isFeatureAllowed, TENANT_PLAN_VERSIONS } from '../../../core/plan';
import { usePlansTranslation } from './i18n';
import { usePlan } from './plan';
import './plan.css';

export function PlanRequired({ feature }: { feature: Feature }) {
  const { t } = usePlansTranslation();
  const read = usePlan();
  const plan = read.status === 'ready' ? read.plan.effectiveVersion : 'FREE';
  const plans = TENANT_PLAN_VERSIONS.filter((version) => isFeatureAllowed(feature, { brand: 'second', version }));
  const featureName = t(`features.${feature}`);
  return (
    <section className="plan-required" role="alert" data-testid="plan-required">
      <h2>{t('required.title', { feature: featureName })}</h2>
      <p>
        {t('required.message', {
          feature: featureName,
          plan: t(`versions.${plan}`),
          plans: plans.map((version) => t(`versions.${version}`)).join(', '),
        })}
      </p>
      <Link to="/home/upgrade" className="button primary">
        {t('required.link')}
      </Link>
    </section>
  );
}
