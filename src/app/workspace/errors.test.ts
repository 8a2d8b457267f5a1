import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { QuireError } from '../../core/errors';
import { formatErrorForDisplay, toTranslate } from '../../i18n';
import enUS from '../../i18n/locales/en-US/translation.json';
import zhCN from '../../i18n/locales/zh-CN/translation.json';
import { showError } from './errors';

const t = ((key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).length > 0 && !('defaultValue' in options)
    ? `${key}${JSON.stringify(options)}`
    : key) as unknown as TFunction<'workspace'>;

describe('import issues in the user language', () => {
  it('translates the located cell and the misfit reason, keeps unknown text', () => {
    const error = new QuireError('ImportError', {
      issues: [
        { path: 'row 12, column "Amount"', reason: '"lots" is not a number' },
        { path: 'column "Qty"', reason: 'something new' },
      ],
    });
    expect(showError(error, t).details).toEqual([
      'issues.rowColumn{"row":"12","column":"Amount"}: issues.misfit{"value":"lots"}',
      'issues.column{"column":"Qty"}: something new',
    ]);
  });
});

describe('a font missing offline', () => {
  it('names the missing font in the preview and print screens, translated', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'zh-CN', resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } } });
    const error = new QuireError('FontUnavailableOffline', { params: { font: 'Noto Sans SC', script: 'sc' } });
    const preview = formatErrorForDisplay(error, toTranslate(i18n.t));
    expect(preview.message).toContain('“Noto Sans SC”');
    expect(preview.message).toContain('此文档需要字体');
    expect(preview.code).toBe('FONT_UNAVAILABLE_OFFLINE');
    const printDialog = showError(error, i18n.t as never);
    expect(printDialog.message).toBe(preview.message);
  });
});
