/**
 * The template's data source: a table of this device, or an approval definition (its form, system
 * and signature variables; its instances are the preview's records). Shown in the editor's top bar.
 */

import { useEffect, useRef, useState } from 'react';
import { parseBinding } from '../../../core/binding';
import { useEditorTranslation } from '../../services/i18n/editor';
import { approvalBinding, type BindingTargets, loadBindingTargets } from '../../services/templates';
import type { TableContext } from '../data';
import { Icon } from '../Icon';
import './binding.css';

export function BindingPicker({
  binding,
  context,
  onBind,
}: {
  binding: string;
  context: TableContext;
  onBind: (binding: string) => void;
}) {
  const { t, lang } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const [targets, setTargets] = useState<BindingTargets | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    void loadBindingTargets().then((found) => alive && setTargets(found));
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => {
      alive = false;
      document.removeEventListener('mousedown', close);
    };
  }, [open]);
  const boundApproval = context.approval ? context.approval.definition.code : null;
  const choose = (next: string) => {
    setOpen(false);
    if (next !== binding) onBind(next);
  };
  return (
    <div className="qe-binding" ref={ref}>
      <button
        type="button"
        className="qe-binding-btn"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('binding.title')}
        onClick={() => setOpen((o) => !o)}
        data-binding={binding}
      >
        <Icon name={context.approval ? 'label' : 'table'} size={14} />
        <span className="qe-binding-kind">{t('binding.label')}</span>
        <span className="qe-binding-name">
          {context.table
            ? context.table.name
            : context.approval
              ? t('binding.approvalNamed', { name: context.approval.definition.name })
              : binding || t('binding.none')}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          className="qe-popover qe-binding-pop"
          role="dialog"
          aria-label={t('binding.title')}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <strong className="qe-popover-title">{t('binding.title')}</strong>
          <p className="qe-muted qe-small">{t('binding.hint')}</p>
          {!targets ? (
            <p className="qe-muted" aria-busy="true">
              {t('list.loading')}
            </p>
          ) : (
            <>
              <section aria-label={t('binding.approvals')}>
                <h3 className="qe-picker-group">{t('binding.approvals')}</h3>
                {targets.approvals.length === 0 ? (
                  <p className="qe-muted qe-small">{t('binding.noApprovals')}</p>
                ) : (
                  <ul className="qe-binding-list">
                    {targets.approvals.map((a) => (
                      <li key={a.code}>
                        <button
                          type="button"
                          className="qe-binding-item"
                          aria-pressed={boundApproval === a.code}
                          // biome-ignore lint/a11y/noAutofocus: the dialog opened on purpose; focus the current choice
                          autoFocus={boundApproval === a.code}
                          onClick={() => choose(approvalBinding(a.code))}
                        >
                          <span className="qe-binding-item-name">{a.name}</span>
                          <span className="qe-binding-item-meta">
                            <code>{a.code}</code> · {t('binding.instances', { n: a.instances.toLocaleString(lang) })}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section aria-label={t('binding.tables')}>
                <h3 className="qe-picker-group">{t('binding.tables')}</h3>
                <ul className="qe-binding-list">
                  {targets.tables.map((table) => (
                    <li key={table.id}>
                      <button
                        type="button"
                        className="qe-binding-item"
                        aria-pressed={!context.approval && binding === table.id}
                        onClick={() => choose(table.id)}
                      >
                        <span className="qe-binding-item-name">{table.name}</span>
                        <span className="qe-binding-item-meta">{table.base}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Whether a binding names an approval (for links back to the right template list). */
export function isApprovalBinding(binding: string, context: TableContext): boolean {
  return Boolean(context.approval) || parseBinding(binding).kind === 'approval';
}

/** A team document's template is bound to the document's data source: named here, not switched. */
export function DocSourceBadge({ name }: { name: string }) {
  const { t } = useEditorTranslation();
  return (
    <div className="qe-binding">
      <span className="qe-binding-btn qe-binding-fixed" title={t('binding.docHint')} data-binding="doc">
        <Icon name="braces" size={14} />
        <span className="qe-binding-kind">{t('binding.label')}</span>
        <span className="qe-binding-name">{t('binding.docNamed', { name })}</span>
      </span>
    </div>
  );
}
