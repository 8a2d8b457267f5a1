import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  /** The confirming button's text; "OK" when not given. Name the action ("Delete 3 records"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button, and Cancel has the focus. */
  danger?: boolean;
}

interface PromptOptions extends Omit<ConfirmOptions, 'danger'> {
  /** The text field's label. */
  label: string;
  initialValue?: string;
  /** Refuse an empty (blank) answer. Default true. */
  required?: boolean;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onAnswer,
}: ConfirmOptions & { onAnswer: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  // A destructive question starts on Cancel, a plain one on OK (focused once the dialog is shown).
  const cancelRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    (danger ? cancelRef : okRef).current?.focus();
  }, [danger]);
  return (
    <Dialog
      title={title}
      role="alertdialog"
      className="q-confirm"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" className="button secondary" ref={cancelRef} onClick={() => onAnswer(false)}>
            {cancelLabel ?? t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'danger-fill' : 'primary'}`}
            ref={okRef}
            data-testid="confirm-dialog-ok"
            onClick={() => onAnswer(true)}
          >
            {confirmLabel ?? t('dialog.ok')}
          </button>
        </>
      }
    >
      {message && <div className="q-confirm-message">{message}</div>}
    </Dialog>
  );
}

function PromptDialog({
  title,
  message,
  label,
  initialValue = '',
  required = true,
  confirmLabel,
  cancelLabel,
  onAnswer,
}: PromptOptions & { onAnswer: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const formId = useId();
  const submit = () => {
    const answer = value.trim();
    if (required && !answer) {
      setMissing(true);
      return;
    }
    onAnswer(answer);
  };
  return (
    <Dialog
      title={title}
      onClose={() => onAnswer(null)}
      footer={
        <>
          <button type="button" className="button secondary" onClick={() => onAnswer(null)}>
            {cancelLabel ?? t('dialog.cancel')}
          </button>
          <button type="submit" form={formId} className="button primary" data-testid="confirm-dialog-ok">
            {confirmLabel ?? t('dialog.ok')}
          </button>
        </>
      }
    >
      {message && <div className="q-confirm-message">{message}</div>}
      <form
        id={formId}
        className="q-prompt"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          className="q-input"
          value={value}
          autoFocus
          aria-invalid={missing || undefined}
          aria-describedby={missing ? hintId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <p id={hintId} className="q-field-error" role="alert">
            {t('dialog.valueRequired')}
          </p>
        )}
      </form>
    </Dialog>
  );
}

type Pending = { id: number } & (
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (confirmed: boolean) => void }
  | { kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void }
);

function cancel(pending: Pending): void {
  if (pending.kind === 'confirm') pending.resolve(false);
  else pending.resolve(null);
}

/**
 * Promise-based replacements for window.confirm / window.prompt, answered in the app's own dialog:
 *
 *   const { confirm, prompt, dialog } = useDialogs();
 *   if (!(await confirm({ title: t('deleteConfirm'), confirmLabel: t('delete'), danger: true }))) return;
 *   …
 *   return <>{…}{dialog}</>;
 *
 * Asking again while a question is open answers the open one with "cancel"; so does unmounting.
 */
export function useDialogs() {
  const [pending, setPending] = useState<Pending>();
  const current = useRef<Pending | undefined>(undefined);
  const asked = useRef(0);
  const open = useCallback((next: Pending) => {
    if (current.current) cancel(current.current);
    current.current = next;
    setPending(next);
  }, []);
  const settle = useCallback(() => {
    current.current = undefined;
    setPending(undefined);
  }, []);
  useEffect(
    () => () => {
      if (current.current) cancel(current.current);
      current.current = undefined;
    },
    [],
  );
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => open({ id: ++asked.current, kind: 'confirm', options, resolve })),
    [open],
  );
  const prompt = useCallback(
    (options: PromptOptions) =>
      new Promise<string | null>((resolve) => open({ id: ++asked.current, kind: 'prompt', options, resolve })),
    [open],
  );
  let dialog: ReactNode = null;
  if (pending?.kind === 'confirm')
    dialog = (
      <ConfirmDialog
        key={pending.id}
        {...pending.options}
        onAnswer={(confirmed) => {
          settle();
          pending.resolve(confirmed);
        }}
      />
    );
  else if (pending?.kind === 'prompt')
    dialog = (
      <PromptDialog
        key={pending.id}
        {...pending.options}
        onAnswer={(value) => {
          settle();
          pending.resolve(value);
        }}
      />
    );
  return { confirm, prompt, dialog };
}
