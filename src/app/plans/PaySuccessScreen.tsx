/**
 * `/home/pay-success` (#32): where a payment page sends the buyer back. Quire takes no payments, so
 * the new plan arrives when the operator sets it: the screen asks the server every few seconds and
 * confirms once the plan is no longer free (or no longer the one it first saw).
 */
import { useEffect, useRef, useState } from 'react';
import type { PlanDto } from '../../api/contract';
import { usePlansTranslation } from '../services/plan/i18n';
import { readPlan } from '../services/plan/plan';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import './plans.css';

/** How often the server is asked again while the plan has not changed. */
const POLL_MS = 3000;

export function PaySuccessScreen() {
  const { t } = usePlansTranslation();
  const errorText = useErrorText();
  const [plan, setPlan] = useState<PlanDto>();
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [noServer, setNoServer] = useState(false);
  const first = useRef<string>(undefined);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const read = readPlan(true);
        if (!read) {
          setNoServer(true);
          return;
        }
        const now = await read;
        if (!alive) return;
        const key = `${now.effectiveVersion}|${now.expiresAt}|${now.totalSeats}`;
        first.current ??= key;
        setPlan(now);
        setError(null);
        if (now.effectiveVersion !== 'FREE' || key !== first.current) {
          setChanged(true);
          return;
        }
      } catch (e) {
        if (alive) setError(errorText(e));
      }
      if (alive) timer = setTimeout(ask, POLL_MS);
    };
    void ask();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [errorText]);
  return (
    <article className="screen plans-screen" data-testid="pay-success">
      <h1>{t('paySuccess.title')}</h1>
      {noServer && <p>{t('upgrade.noServer')}</p>}
      {!plan && !error && !noServer && <p aria-busy="true">{t('paySuccess.waiting')}</p>}
      {plan && changed && (
        <p className="plan-done" role="status">
          {t('paySuccess.done', { plan: t(`versions.${plan.effectiveVersion}`) })}
        </p>
      )}
      {plan && !changed && (
        <p role="status" aria-busy="true">
          {t('paySuccess.stillFree', { plan: t(`versions.${plan.effectiveVersion}`) })}
        </p>
      )}
      <ErrorLine error={error} />
    </article>
  );
}
