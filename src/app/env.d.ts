/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'open' makes the standalone (teams) table the default; anything else the standard host table. */
  readonly VITE_DEFAULT_ROUTE?: string;
  /** Where contact-us sends the user (help desk URL or mailto:). */
  readonly VITE_HELP_DESK_URL?: string;
  /** Host origins allowed to frame Quire and talk to it (spaces or commas); see docs/HOST-PROTOCOL.md. */
  readonly VITE_QUIRE_HOST_ORIGINS?: string;
  /** 'off' turns the signature features off (spec 000 §1: an Enterprise feature; the switch until plans exist). */
  readonly VITE_QUIRE_SIGNATURES?: string;
  /** Injected by vite.config.ts from package.json. */
  readonly VITE_APP_VERSION?: string;
}
