import { useTranslation } from 'react-i18next';
import { appConfig } from '../services/config';

export function ContactUsButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' | 'ghost' }) {
  const { t } = useTranslation();
  return (
    <a className={`button ${variant}`} href={appConfig.helpDeskUrl} target="_blank" rel="noopener noreferrer">
      {t('header.contactUs')}
    </a>
  );
}
