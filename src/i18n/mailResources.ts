/**
 * The server's mail texts (namespace 'mail') in every language, bundled: the server sends mail in
 * the language of a request, any of the 15, with no loading step. The record's type makes a
 * language's file with a missing or extra key a type error.
 */
import type { Language } from './languages';
import deDE from './locales/de-DE/mail.json';
import enUS from './locales/en-US/mail.json';
import esES from './locales/es-ES/mail.json';
import frFR from './locales/fr-FR/mail.json';
import idID from './locales/id-ID/mail.json';
import itIT from './locales/it-IT/mail.json';
import jaJP from './locales/ja-JP/mail.json';
import koKR from './locales/ko-KR/mail.json';
import ptBR from './locales/pt-BR/mail.json';
import ruRU from './locales/ru-RU/mail.json';
import thTH from './locales/th-TH/mail.json';
import viVN from './locales/vi-VN/mail.json';
import zhCN from './locales/zh-CN/mail.json';
import zhHK from './locales/zh-HK/mail.json';
import zhTW from './locales/zh-TW/mail.json';
import type { Resources } from './resources';

export const MAIL_MESSAGES: Record<Language, Resources['mail']> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'zh-HK': zhHK,
  'ja-JP': jaJP,
  'vi-VN': viVN,
  'id-ID': idID,
  'de-DE': deDE,
  'es-ES': esES,
  'fr-FR': frFR,
  'it-IT': itIT,
  'ko-KR': koKR,
  'pt-BR': ptBR,
  'ru-RU': ruRU,
  'th-TH': thTH,
};
