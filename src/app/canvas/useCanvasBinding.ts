/**
 * What a canvas template prints from, read through the one binding service: a table's fields and
 * records, an approval's variables and instances, a host's table, or a team document's data source
 * (`openDoc`, from the route). The record chosen for the preview starts at the binding's first.
 */
import { useEffect, useRef, useState } from 'react';
import { defaultChoice, type LoadedBinding, loadBinding, openBinding } from '../services/binding';
import type { OpenDocInput } from '../services/openSource';
import { getStorage } from '../services/storage';

export function useCanvasBinding(
  storedBinding: string | undefined,
  openDoc: OpenDocInput | undefined,
  /** A data source that cannot be read binds nothing (never the workspace's table) and says why. */
  onError: (error: unknown) => void,
) {
  const [binding, setBinding] = useState<LoadedBinding>();
  const [choice, setChoice] = useState<string>('');
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    let alive = true;
    void (async () => {
      const db = await getStorage();
      let bound: LoadedBinding;
      try {
        bound = openDoc ? openBinding(openDoc) : await loadBinding(db, storedBinding);
      } catch (error) {
        bound = { kind: 'none', fields: [] };
        report.current(error);
      }
      if (!alive) return;
      setBinding(bound);
      setChoice(defaultChoice(bound) ?? '');
    })();
    return () => {
      alive = false;
    };
  }, [storedBinding, openDoc]);
  return { binding, choice, setChoice };
}
