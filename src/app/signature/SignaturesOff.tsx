/** What the signature screens show while the signature features are off (services/signatureGate.ts). */
import { Link } from '@tanstack/react-router';
import { useSignatureTranslation } from './i18n';

export function SignaturesOff({ title }: { title: string }) {
  const { t } = useSignatureTranslation();
  return (
    <section className="screen sig-screen" data-testid="signatures-off">
      <h1>{title}</h1>
      <p>{t('enterpriseOnly')}</p>
      <p>
        <Link to="/home/upgrade" className="button secondary">
          {t('seePlans')}
        </Link>
      </p>
    </section>
  );
}
