/** Which route table is the default: the standalone open platform or the standard host brand (spec 000 §2). */
export type DefaultRoute = 'open' | 'standard';

export function parseDefaultRoute(value: string | undefined): DefaultRoute {
  return value?.trim().toLowerCase() === 'open' ? 'open' : 'standard';
}

interface AppConfig {
  defaultRoute: DefaultRoute;
  helpDeskUrl: string;
  version: string;
}

export const appConfig: AppConfig = {
  defaultRoute: parseDefaultRoute(import.meta.env.VITE_DEFAULT_ROUTE),
  helpDeskUrl: import.meta.env.VITE_HELP_DESK_URL || 'mailto:support@quire.invalid',
  version: import.meta.env.VITE_APP_VERSION ?? 'dev',
};

/** Where the signed-in part of each table starts; the landing page and header point here. */
export function homePathFor(defaultRoute: DefaultRoute): string {
  return defaultRoute === 'open' ? '/o' : '/home';
}
