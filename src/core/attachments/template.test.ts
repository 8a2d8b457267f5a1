import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { DEFAULT_PAGE_SETTING } from '../model/defaults';
import { parseAttachmentTemplate } from './template';

describe('parseAttachmentTemplate', () => {
  it('fills defaults: A4 portrait with the document margins, no cover, the default language', () => {
    const template = parseAttachmentTemplate(JSON.stringify({ kind: 'attachment', fields: ['Files'] }));
    expect(template).toEqual({
      kind: 'attachment',
      schemaVersion: 1,
      fields: ['Files'],
      cover: null,
      pageSetting: { ...DEFAULT_PAGE_SETTING },
      settings: { lang: 'en-US', timeZone: 'Asia/Shanghai' },
    });
  });

  it('names the path of what is wrong, inside the cover too', () => {
    const fail = (content: unknown) => {
      try {
        parseAttachmentTemplate(content);
      } catch (error) {
        if (isQuireError(error, 'TemplateParseError')) return error.issues.map((issue) => issue.path);
      }
      return [];
    };
    expect(fail({ kind: 'attachment', fields: [3] })).toEqual(['fields[0]']);
    expect(fail({ kind: 'attachment', fields: [], pageSetting: { width: -1 } })).toEqual(['pageSetting.width']);
    expect(fail({ kind: 'attachment', fields: [], cover: { document: 5 } })[0]).toMatch(/^cover/);
    expect(fail('{')).toEqual([]);
  });
});
