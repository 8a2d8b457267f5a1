import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useWorkspaceTranslation } from './i18n';

/** A modal on the native <dialog>: focus trap, Escape and the backdrop come from the browser. */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide = false,
  closable = true,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  closable?: boolean;
}) {
  const { t } = useWorkspaceTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`ws-dialog${wide ? ' wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      <header className="ws-dialog-head">
        <h2 id={titleId}>{title}</h2>
        {closable && (
          <button type="button" className="ws-icon-button" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        )}
      </header>
      <div className="ws-dialog-body">{children}</div>
      {footer && <footer className="ws-dialog-foot">{footer}</footer>}
    </dialog>
  );
}
