import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../core/expr';
import { loadTemplateContent, pageDimensions, variableNameIssues } from '../../core/model';
import { DEMO_FILE_NAME_RULES, DEMO_TEMPLATE_IDS, demoTemplates } from './demoTemplates';

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

  it('the employee card prints 86 × 54 mm, lying on its side', () => {
    const card = demoTemplates().find((t) => t.id === DEMO_TEMPLATE_IDS.employeeCard)!;
    const { pageSetting } = loadTemplateContent(card.content);
    expect(pageSetting.direction).toBe('horizontal');
    expect(pageDimensions(pageSetting)).toEqual({ width: 86, height: 54 });
  });
});
