/**
 * The designer's properties panel: one field's settings (its bindings picked from the binding's
 * fields and, for an approval, its signatures), a count when several are selected, or a hint.
 */
import { useMemo } from 'react';
import { mapApproval } from '../../core/data/approval';
import type { LoadedBinding } from '../services/binding';
import { updateField } from '../services/canvasContent';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { rotateField } from './arrange';
import { bindOptions } from './bindings';
import { FieldProperties } from './FieldProperties';
import type { CanvasEditing } from './useCanvasEditing';

/** Signature names an approval's instance holds, for binding signature fields. */
function signatureKeysOf(binding: LoadedBinding | undefined, choice: string) {
  if (binding?.kind !== 'approval') return { byNode: [], byPerson: [] };
  const instance = binding.instances.find((i) => i.code === choice) ?? binding.instances[0];
  if (!instance) return { byNode: [], byPerson: [] };
  const mapping = mapApproval(binding.definition.design, instance.instance, {});
  return { byNode: Object.keys(mapping.signatures.byNode), byPerson: Object.keys(mapping.signatures.byPerson) };
}

export function CanvasPropertiesPanel({
  editing,
  binding,
  choice,
}: {
  editing: CanvasEditing;
  binding: LoadedBinding | undefined;
  /** The record or instance previewed (an approval's signatures are read from it). */
  choice: string;
}) {
  const { t } = useCanvasTranslation();
  const { single, selected, content, commit } = editing;
  const options = useMemo(
    () => (single ? bindOptions(single.type, binding?.fields ?? [], signatureKeysOf(binding, choice)) : []),
    [single, binding, choice],
  );
  return (
    <section className="cv-panel" aria-labelledby="cv-props" data-testid="canvas-properties">
      <h2 id="cv-props">{t('properties')}</h2>
      {single ? (
        <FieldProperties
          key={single.name}
          field={single}
          bindOptions={options}
          patch={(fn) => commit(updateField(content, single.name, fn))}
          onRotate={(deg) => commit(rotateField(content, single.name, deg))}
          onRemove={() => editing.remove([single.name])}
        />
      ) : selected.length > 1 ? (
        <p className="cv-muted" data-testid="canvas-multi">
          {t('selectedCount', { count: selected.length })}
        </p>
      ) : (
        <p className="cv-muted">{t('noSelection')}</p>
      )}
    </section>
  );
}
