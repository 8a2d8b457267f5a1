import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `alertdialog` for questions the user must answer (confirmations). */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  closable?: boolean;
  className?: string;
}

/**
 * The app's modal, on the native <dialog>: focus trap, Escape and the inert page behind come from
 * the browser. Portalled to <body> so a dialog opened from inside another one (or from a grid with
 * CSS containment) is not clipped or trapped by its ancestors.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  wide = false,
  closable = true,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const classes = ['q-dialog', wide ? 'wide' : '', className ?? ''].filter(Boolean).join(' ');
  const dialog = (
    <dialog
      ref={ref}
      className={classes}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      <header className="q-dialog-head">
        <h2 id={titleId}>{title}</h2>
        {closable && (
          <button type="button" className="q-dialog-close" aria-label={t('dialog.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </header>
      <div className="q-dialog-body">{children}</div>
      {footer && <footer className="q-dialog-foot">{footer}</footer>}
    </dialog>
  );
  // Server rendering (unit tests) has no document to portal into.
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
