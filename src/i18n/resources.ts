/**
 * The translation resources: i18next JSON files `locales/<lng>/<namespace>.json`. en-US is the
 * source; its files type every namespace (`Resources`), and through `CustomTypeOptions`
 * (i18next.d.ts) every `t('…')` key. The other languages load one namespace at a time, on demand,
 * as their own chunks (precached by the service worker, so a language switch works offline).
 */
import type { ParseKeys } from 'i18next';
import type accounts from './locales/en-US/accounts.json';
import type canvas from './locales/en-US/canvas.json';
import type editor from './locales/en-US/editor.json';
import type host from './locales/en-US/host.json';
import type mail from './locales/en-US/mail.json';
import type office from './locales/en-US/office.json';
import type plans from './locales/en-US/plans.json';
import type platform from './locales/en-US/platform.json';
import type platformDocs from './locales/en-US/platformDocs.json';
import type preview from './locales/en-US/preview.json';
import type saving from './locales/en-US/saving.json';
import type signature from './locales/en-US/signature.json';
import type sync from './locales/en-US/sync.json';
import type translation from './locales/en-US/translation.json';
import type workspace from './locales/en-US/workspace.json';

/** Every namespace with its en-US messages' shape. */
export interface Resources {
  translation: typeof translation;
  editor: typeof editor;
  workspace: typeof workspace;
  preview: typeof preview;
  canvas: typeof canvas;
  office: typeof office;
  host: typeof host;
  sync: typeof sync;
  platform: typeof platform;
  platformDocs: typeof platformDocs;
  accounts: typeof accounts;
  saving: typeof saving;
  signature: typeof signature;
  plans: typeof plans;
  /** The server's mail; the app never loads it. */
  mail: typeof mail;
}

export type Namespace = keyof Resources;

/** A key of namespace `N`, for keys passed around as data (a route's `titleKey`, a tab's `labelKey`). */
export type MessageKey<N extends Namespace = 'translation'> = Exclude<ParseKeys<N>, TemplateStringsArray>;

// A record, so a namespace added to `Resources` and not listed here is a type error.
const NAMESPACE_SET: Record<Namespace, true> = {
  translation: true,
  editor: true,
  workspace: true,
  preview: true,
  canvas: true,
  office: true,
  host: true,
  sync: true,
  platform: true,
  platformDocs: true,
  accounts: true,
  saving: true,
  signature: true,
  plans: true,
  mail: true,
};
export const NAMESPACES = Object.keys(NAMESPACE_SET) as Namespace[];

/** The namespaces of the app (the mail is the server's). */
export type AppNamespace = Exclude<Namespace, 'mail'>;

// Every language but en-US (bundled by whoever uses a namespace, so a first paint never shows raw
// keys) as one lazy chunk per file. Vite needs the literal glob here, beside the files.
const loaders = import.meta.glob<object>(['./locales/*/*.json', '!./locales/en-US/*.json', '!./locales/*/mail.json'], {
  import: 'default',
});

/** The messages of one namespace in `lng`; undefined for en-US and a language without the file. */
export async function loadResource<N extends AppNamespace>(lng: string, ns: N): Promise<Resources[N] | undefined> {
  const load = loaders[`./locales/${lng}/${ns}.json`];
  return load ? ((await load()) as Resources[N]) : undefined;
}
