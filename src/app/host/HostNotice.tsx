/**
 * A bridge failure shown in one of the spec's display modes (spec 000 §8): a modal (title defaults
 * to the common error title), a light toast ("title: message") or a notification that stays until
 * dismissed. The text is the catalogue's translated message with its code.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorForDisplay, toastText, toTranslate } from '../../i18n';
import { Dialog } from '../services/dialogs/Dialog';
import { useHostTranslation } from './i18n/useHostTranslation';

type NoticeMode = 'modal' | 'toast' | 'notification';

export function HostNotice({ error, mode, onDismiss }: { error: unknown; mode: NoticeMode; onDismiss?: () => void }) {
  const { t: tApp } = useTranslation();
  const { t } = useHostTranslation();
  const [open, setOpen] = useState(true);
  const display = formatErrorForDisplay(error, toTranslate(tApp));
  const code = display.code !== undefined ? ` [${String(display.code)}]` : '';
  const dismiss = () => {
    setOpen(false);
    onDismiss?.();
  };
  if (!open) return null;
  if (mode === 'modal')
    return (
      <Dialog title={display.title} onClose={dismiss}>
        <p>
          {display.message}
          {code}
        </p>
      </Dialog>
    );
  if (mode === 'toast')
    return (
      <p className="host-toast" role="status" data-error-code={display.code}>
        {toastText(display)}
        {code}
      </p>
    );
  return (
    <div className="host-notification" role="alert" data-error-code={display.code}>
      <strong>{display.title}</strong>
      <span>
        {display.message}
        {code}
      </span>
      <button type="button" className="button ghost small" onClick={dismiss}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
