import type { TFunction, TOptions } from 'i18next';
import { isQuireError } from '../core/errors';
import english from './locales/en-US/translation.json';
import type { MessageKey } from './resources';

/** The part of i18next's `t` this module needs; any translator with this shape works. */
export type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

/** Adapt i18next's heavily overloaded `t` (from useTranslation or an instance) to `Translate`. */
export function toTranslate(t: TFunction): Translate {
  return (key, options) => String(t(key, options as TOptions));
}

type HttpStatus = keyof typeof english.httpStatus;
const hasStatusText = (status: string): status is HttpStatus => Object.hasOwn(english.httpStatus, status);

/** What an error page, modal, toast or notification shows (spec 000 §8). */
export interface DisplayError {
  title: string;
  message: string;
  /** Catalogue code, server body code or HTTP status, when there is one. */
  code?: string | number;
  /** Located problems, e.g. `pages[0].rows[2]: rowSpan out of range`. */
  details: string[];
  /** Code 3020 asks the user to contact us; the refresh action then becomes secondary. */
  showContactUs: boolean;
}

/** Server answers with this body code when the user should reach support. */
const CONTACT_US_CODE = 3020;

type Shape = Record<string, unknown>;

function asShape(value: unknown): Shape | undefined {
  return typeof value === 'object' && value !== null ? (value as Shape) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Turn anything thrown into translated display text.
 *
 * - Catalogued errors (`QuireError`) show `errors.<Name>` translated.
 * - Body-code errors — an object with a numeric `bodyCode` (API answers whose body code is not 0) —
 *   show the server message followed by the code in brackets: `Seat limit reached [3020]`.
 * - Plain HTTP errors — an object with a numeric `status` — show translated text for the status.
 * - Anything else shows the common message.
 * An own `title` on the error is used as the title; otherwise the common error title.
 */
export function formatErrorForDisplay(error: unknown, t: Translate): DisplayError {
  const shape = asShape(error);
  const title = text(shape?.title) ?? t('commonError.title');

  if (isQuireError(error)) {
    return {
      title,
      // A catalogued error without an en-US message is a type error here.
      message: t(`errors.${error.errorName}`, { ...error.params, defaultValue: t('commonError.message') }),
      code: error.code,
      details: error.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.reason}` : issue.reason)),
      showContactUs: false,
    };
  }

  if (shape && typeof shape.bodyCode === 'number') {
    const code = shape.bodyCode;
    const message = text(shape.message) ?? t('commonError.message');
    return { title, message: `${message} [${code}]`, code, details: [], showContactUs: code === CONTACT_US_CODE };
  }

  if (shape && typeof shape.status === 'number') {
    const status = shape.status;
    const key = String(status);
    const message = hasStatusText(key)
      ? t(`httpStatus.${key}`, { status, defaultValue: t('httpStatus.generic', { status }) })
      : t('httpStatus.generic', { status });
    return { title, message, code: status, details: [], showContactUs: false };
  }

  return { title, message: t('commonError.message'), details: [], showContactUs: false };
}

/** The light-toast form: `title: message`. */
export function toastText(display: DisplayError): string {
  return `${display.title}: ${display.message}`;
}
