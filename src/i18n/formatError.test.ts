import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuireError } from '../core/errors';
import { formatErrorForDisplay, type Translate, toastText, toTranslate } from './formatError';
import enUS from './locales/en-US/translation.json';
import jaJP from './locales/ja-JP/translation.json';

let t: Translate;
let tJa: Translate;

beforeAll(async () => {
  const en = i18next.createInstance();
  await en.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } }, interpolation: { escapeValue: false } });
  t = toTranslate(en.t.bind(en));
  const ja = i18next.createInstance();
  await ja.init({
    lng: 'ja-JP',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation: enUS }, 'ja-JP': { translation: jaJP } },
    interpolation: { escapeValue: false },
  });
  tJa = toTranslate(ja.t.bind(ja));
});

describe('formatErrorForDisplay', () => {
  it('translates catalogued errors and lists their located issues', () => {
    const error = new QuireError('TemplateParseError', {
      issues: [{ path: 'pages[0].rows[2]', reason: 'rowSpan out of range' }],
    });
    const shown = formatErrorForDisplay(error, t);
    expect(shown.title).toBe('Something went wrong');
    expect(shown.message).toBe('The template could not be read.');
    expect(shown.code).toBe(100001);
    expect(shown.details).toEqual(['pages[0].rows[2]: rowSpan out of range']);
    expect(shown.showContactUs).toBe(false);
  });

  it('uses the current language', () => {
    const shown = formatErrorForDisplay(new QuireError('PasswordChangeFailed'), tJa);
    expect(shown.message).toBe(jaJP.errors.PasswordChangeFailed);
    expect(shown.title).toBe(jaJP.commonError.title);
  });

  it('shows a body-code error as the message followed by the code in brackets', () => {
    const shown = formatErrorForDisplay({ bodyCode: 4001, message: 'Template is locked' }, t);
    expect(shown.message).toBe('Template is locked [4001]');
    expect(shown.code).toBe(4001);
    expect(shown.showContactUs).toBe(false);
  });

  it('offers contact-us for body code 3020', () => {
    const shown = formatErrorForDisplay({ bodyCode: 3020, message: 'Please contact support' }, t);
    expect(shown.showContactUs).toBe(true);
    expect(shown.message).toBe('Please contact support [3020]');
  });

  it('falls back to the common message when a body-code error has no message', () => {
    expect(formatErrorForDisplay({ bodyCode: 12 }, t).message).toBe(
      'An unexpected error occurred. Please try again. [12]',
    );
  });

  it('translates plain HTTP statuses, with a generic text for unlisted ones', () => {
    expect(formatErrorForDisplay({ status: 403 }, t).message).toBe('You do not have permission to do this.');
    expect(formatErrorForDisplay({ status: 418 }, t).message).toBe('The request failed (HTTP 418).');
    expect(formatErrorForDisplay({ status: 403 }, tJa).message).toBe(jaJP.httpStatus['403']);
  });

  it('takes the title from the error when it has one', () => {
    expect(formatErrorForDisplay({ title: 'Upload failed', status: 500 }, t).title).toBe('Upload failed');
  });

  it('shows the common message for anything else, never raw internals', () => {
    const shown = formatErrorForDisplay(new TypeError('x is undefined'), t);
    expect(shown.message).toBe('An unexpected error occurred. Please try again.');
    expect(formatErrorForDisplay('boom', t).message).toBe('An unexpected error occurred. Please try again.');
  });

  it('formats the light-toast form as "title: message"', () => {
    expect(toastText(formatErrorForDisplay({ status: 404 }, t))).toBe(
      'Something went wrong: What you asked for was not found.',
    );
  });
});
