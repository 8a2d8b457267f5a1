/**
 * The kind of a stored template, read once from local storage: the routes that open a template
 * (editor, preview) use it to show the Office screens for Word, Excel and PowerPoint templates and
 * the document editor for everything else. `undefined` while reading; `missing` when no such row.
 */
import { useEffect, useState } from 'react';
import type { TemplateKind } from '../../core/outputs/catalogue';
import { outputKindOf } from '../../core/outputs/kind';
import { getStorage } from '../services/storage';

type StoredKind = TemplateKind | 'missing';

async function storedTemplateKind(templateId: string): Promise<StoredKind> {
  const row = await (await getStorage()).templates.get(templateId);
  return row ? outputKindOf(row.content) : 'missing';
}

export function useTemplateKind(templateId: string | undefined): StoredKind | undefined {
  const [kind, setKind] = useState<{ id: string; kind: StoredKind } | undefined>();
  useEffect(() => {
    if (!templateId) return;
    let alive = true;
    storedTemplateKind(templateId)
      // Storage that cannot open, or a kind the catalogue does not know, leaves the decision to the
      // document screens, which report it.
      .catch((): StoredKind => 'document')
      .then((found) => alive && setKind({ id: templateId, kind: found }));
    return () => {
      alive = false;
    };
  }, [templateId]);
  if (!templateId) return 'missing';
  return kind?.id === templateId ? kind.kind : undefined;
}
