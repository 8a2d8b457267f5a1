/**
 * The document editor on the one save pipeline (`services/saving`): its content is the model's
 * present state, watched on the store (the layout does not re-render per keystroke), and another
 * version is shown by replacing the editor state in one synchronous render.
 */
import { useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { parseTemplateContent, serializeTemplateContent } from '../../../core/model';
import type { TemplateRow } from '../../../storage/types';
import { type SavePipelineInput, useSavePipeline } from '../../services/saving/useSavePipeline';
import { createEditorState } from './commands';
import { editorStateAtom, presentAtom } from './store';

interface SavingEvents {
  /** Another version became this editor's (taken from another tab): show its name. */
  onExternal: (row: TemplateRow) => void;
}

export function useTemplateSaving(input: SavePipelineInput, name: string, binding: string, events: SavingEvents) {
  const store = useStore();
  /** The content the store holds that needs no save (set before an outside version is applied). */
  const lastPresent = useRef(store.get(presentAtom));
  const serialize = useCallback(() => serializeTemplateContent(store.get(presentAtom)), [store]);
  const pipeline = useSavePipeline(input, name, binding, {
    serialize,
    // Rendered and committed before this returns: the text areas take the new text in their layout
    // effects, so no key the browser delivers next can fall into the old text.
    showExternal: (row) => {
      const state = createEditorState(parseTemplateContent(row.content));
      lastPresent.current = state.history.present;
      flushSync(() => {
        store.set(editorStateAtom, state);
        events.onExternal(row);
      });
    },
  });
  const { changed } = pipeline;

  useEffect(() => {
    lastPresent.current = store.get(presentAtom);
    return store.sub(presentAtom, () => {
      const present = store.get(presentAtom);
      if (present === lastPresent.current) return;
      lastPresent.current = present;
      changed();
    });
  }, [store, changed]);

  return pipeline;
}
