/**
 * The words of the mail the server sends, in the 15 interface languages, as plain text and as
 * simple HTML. The texts are the i18next namespace 'mail' (src/i18n/locales/<lng>/mail.json), in
 * the language `matchLanguage` picks for the request, as in the app. Names and team names come
 * from users: in the HTML they are escaped like every other character of the text, so they never
 * become markup; in the subject, line breaks and other control characters are dropped.
 */
import i18next, { type TFunction } from 'i18next';
import type { TeamRole } from '../api/contract';
import { FALLBACK_LANGUAGE, type Language, matchLanguage } from '../i18n/languages';
import { MAIL_MESSAGES } from '../i18n/mailResources';
import type { MailMessage } from './mail';

const texts = i18next.createInstance();
void texts.init({
  resources: Object.fromEntries(Object.entries(MAIL_MESSAGES).map(([lng, mail]) => [lng, { mail }])),
  ns: ['mail'],
  defaultNS: 'mail',
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: false,
  load: 'currentOnly',
  initAsync: false, // the resources are all here: ready once init returns
  // Values are escaped for HTML after interpolation, with the rest of the text.
  interpolation: { escapeValue: false },
});

/** The language of a `lang` header (`de-DE`, `de`, `zh_tw`, `pt-PT`), as the app matches it; else English. */
export function mailLanguage(tag: string | undefined): Language {
  return matchLanguage(tag) ?? FALLBACK_LANGUAGE;
}

function wordsOf(language: Language): TFunction<'mail'> {
  return texts.getFixedT(language, 'mail');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** A paragraph of text (values already filled in), or the link on a line of its own. */
type Block = { text: string } | { link: string };

function compose(to: string, subject: string, blocks: Block[]): MailMessage {
  const text = blocks.map((b) => ('link' in b ? b.link : b.text)).join('\n\n');
  const body = blocks
    .map((b) =>
      'link' in b ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>` : `<p>${escapeHtml(b.text)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${body}\n</body></html>\n`;
  return { to, subject: oneLine(subject), text: `${text}\n`, html };
}

export function resetMail(lang: string | undefined, to: { email: string; name: string }, link: string): MailMessage {
  const t = wordsOf(mailLanguage(lang));
  return compose(to.email, t('resetSubject'), [
    { text: t('hello', { name: oneLine(to.name) }) },
    { text: t('resetBody') },
    { link },
    { text: t('resetIgnore') },
  ]);
}

export function invitationMail(
  lang: string | undefined,
  to: string,
  invitation: { inviter: string; team: string; role: TeamRole; expiresAt: number },
  link: string,
): MailMessage {
  const language = mailLanguage(lang);
  const t = wordsOf(language);
  const date = `${new Date(invitation.expiresAt).toLocaleString(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;
  const values = {
    inviter: oneLine(invitation.inviter),
    team: oneLine(invitation.team),
    role: t(`roles.${invitation.role}`),
  };
  return compose(to, t('inviteSubject', values), [
    { text: t('inviteBody', values) },
    { link },
    { text: t('inviteUntil', { date }) },
    { text: t('inviteIgnore') },
  ]);
}
