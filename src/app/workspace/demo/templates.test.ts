import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../core/expr';
import { loadTemplateContent, variableNameIssues } from '../../../core/model';
import { DEMO_FILE_NAME_RULES, demoTemplates } from './templates';

describe('demo templates and the naming rule (spec 001 §5.1)', () => {
  it.each(demoTemplates().map((t) => [t.name, t.content] as const))(
    '%s names only legal variables',
    (_name, content) => {
      expect(variableNameIssues(loadTemplateContent(content).document)).toEqual([]);
    },
  );

  it('their file-name rules parse', () => {
    for (const rule of Object.values(DEMO_FILE_NAME_RULES)) expect(() => parseTemplate(rule)).not.toThrow();
  });
});
