import { useAtomValue } from 'jotai';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { saveStateAtom } from '../services/storageState';

/** "Saving… / All changes saved": "saved" only once the write has committed to IndexedDB. */
export function SaveIndicator() {
  const { t } = useWorkspaceTranslation();
  const state = useAtomValue(saveStateAtom);
  if (state === 'idle') return null;
  const text =
    state === 'saving'
      ? t('grid.saving')
      : state === 'saved'
        ? t('grid.saved')
        : state === 'unsaved'
          ? t('grid.unsaved')
          : t('grid.saveFailed');
  return (
    <span className={`ws-save ws-save-${state}`} role="status" data-save-state={state}>
      {text}
    </span>
  );
}
