import { useAtomValue } from 'jotai';
import type { TableField } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { type HeldEdit, heldEditsAtom } from '../../services/storageState';
import { cellText } from './cells';

/**
 * The grid's held edits: a cell another tab changed while this one was typing into it keeps the
 * typed value (marked in the grid) until the user applies it anyway or takes the other version.
 */
export function HeldEdits({
  tableId,
  fields,
  onApply,
  onDiscard,
}: {
  tableId: string;
  fields: readonly TableField[];
  onApply: (edit: HeldEdit, field: TableField) => void;
  onDiscard: (edit: HeldEdit) => void;
}) {
  const { t } = useWorkspaceTranslation();
  const held = [...useAtomValue(heldEditsAtom).values()].filter((edit) => edit.tableId === tableId);
  if (held.length === 0) return null;
  const text = (field: TableField | undefined, value: unknown) =>
    field ? cellText(field, value as never) : String(value ?? '');
  return (
    <div className="ws-held" role="alert" data-testid="held-edits">
      {held.map((edit) => {
        const field = fields.find((f) => f.id === edit.fieldId);
        const mine = text(field, edit.value);
        return (
          <div key={`${edit.recordId}:${edit.fieldId}`} className="ws-held-item" data-field={edit.fieldName}>
            <span>
              {edit.reason === 'conflict'
                ? t('held.conflict', { field: edit.fieldName, mine, theirs: text(field, edit.theirs) })
                : t('held.refused', { field: edit.fieldName, mine, reason: edit.message ?? '' })}
            </span>
            {field && (
              <button type="button" className="button small primary" onClick={() => onApply(edit, field)}>
                {edit.reason === 'conflict' ? t('held.applyMine') : t('held.tryAgain')}
              </button>
            )}
            <button type="button" className="button small ghost" onClick={() => onDiscard(edit)}>
              {edit.reason === 'conflict' ? t('held.takeTheirs') : t('held.discard')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
