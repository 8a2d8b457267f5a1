import { describe, expect, it } from 'vitest';
import { EditorMode } from '../../core/model/types';
import { demoTemplates } from '../services/demoTemplates';
import { DOCUMENT_TEMPLATE_TYPE, documentTemplate } from './newTemplate';

describe('new document-mode templates', () => {
  it('are stored with type Docs (3), not Design (1)', () => {
    expect(DOCUMENT_TEMPLATE_TYPE).toBe(3);
    const row = documentTemplate({ name: 'Invoice', baseId: 'b', tableId: 't', content: '{}' });
    expect(row.type).toBe(EditorMode.Docs);
    expect(row.type).not.toBe(EditorMode.Design);
  });

  it('the demo installs its document-mode templates as Docs too', () => {
    expect(demoTemplates().map((t) => t.type)).toEqual(demoTemplates().map(() => EditorMode.Docs));
  });
});
