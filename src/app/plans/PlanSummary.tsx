import type { PlanDto } from '../../api/contract';
import { usePlansTranslation } from '../services/plan/i18n';

/** "Your team X is on the Y plan (state)", with its end date when it has one. */
export function PlanSummary({ plan }: { plan: PlanDto }) {
  const { t, i18n } = usePlansTranslation();
  const until =
    plan.expiresAt === null
      ? ''
      : ` ${t('until', { date: new Date(plan.expiresAt).toLocaleDateString(i18n.language) })}`;
  return (
    <p className="plan-summary" data-testid="plan-summary">
      {t('upgrade.current', {
        team: plan.teamName,
        plan: t(`versions.${plan.version}`),
        state: t(`states.${plan.state}`),
      })}
      {until}
    </p>
  );
}
