/** Whether a stored template is a canvas template (undefined while reading). */
import { useEffect, useState } from 'react';
import { isCanvasContent } from '../services/canvasContent';
import { getStorage } from '../services/storage';

export function useIsCanvasTemplate(templateId: string | undefined): boolean | undefined {
  const [found, setFound] = useState<{ id: string; canvas: boolean } | undefined>();
  useEffect(() => {
    if (!templateId) return;
    let alive = true;
    getStorage()
      .then((db) => db.templates.get(templateId))
      .then((row) => (row ? isCanvasContent(row.content) : false))
      // Storage that cannot open: the document screens report it.
      .catch(() => false)
      .then((canvas) => alive && setFound({ id: templateId, canvas }));
    return () => {
      alive = false;
    };
  }, [templateId]);
  if (!templateId) return false;
  return found?.id === templateId ? found.canvas : undefined;
}
