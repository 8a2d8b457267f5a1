/**
 * The error catalogue. Every failure a user can meet is one of these entries:
 * a stable code (numeric for document generation, string for product errors),
 * an i18n key under `errors.*` for the translated message, and an English
 * fallback message used where no translator is at hand (CLI, logs).
 *
 * Throw `QuireError` (or `catalogueError(...)`), never a bare string.
 */

export const ERROR_CATALOGUE = {
  // Document generation (spec 001 §8)
  TemplateParseError: { code: 100001, message: 'template parse error' },
  NoTempalte: { code: 100002, message: 'no template' },
  DocGenerationError: { code: 100003, message: 'document generation failed' },
  TemplateError: { code: 100004, message: 'template error' },
  TemplateRendererror: { code: 100005, message: 'template render error' },
  NoAttachmentField: { code: 100006, message: 'no attachment field' },
  NoAttachmentForAttachmentTemplate: { code: 100007, message: 'no attachment for attachment template' },
  AttachmentTypeMismatch: { code: 100008, message: 'attachment type mismatch' },
  PreviewTimeoutError: { code: 100009, message: 'preview timed out' },

  // Product errors (spec 000 §8)
  NeedLogin: { code: 'NEED_LOGIN', message: 'Need Login' },
  NotLogin: { code: 'NOT_LOGIN', message: 'not logged in' },
  NoBaseId: { code: 'NO_BASE_ID', message: 'NO_BASE_ID' },
  BaseTokenLocked: { code: 'BASE_TOKEN_LOCKED', message: 'BASE_TOKEN_LOCKED' },
  TokenNotMatch: { code: 'TOKEN_NOT_MATCH', message: 'token not match' },
  DataInvalid: { code: 'DATA_INVALID', message: 'data is invalid' },
  CallbackUrlRequired: { code: 'CALLBACK_URL_REQUIRED', message: 'callbackUrl is required' },
  FileKeyRequired: { code: 'FILE_KEY_REQUIRED', message: 'fileKey is required' },
  NotInHost: { code: 'NOT_IN_HOST', message: 'not in host' },
  NotImplemented: { code: 'NOT_IMPLEMENTED', message: 'not implemented' },
  NoBaseToken: { code: 'NO_BASE_TOKEN', message: 'NO_BASE_TOKEN' },
  FieldMetaTimeout: { code: 'FIELD_META_TIMEOUT', message: 'getFieldMetaList timeout' },
  TemplateQueryError: { code: 'TEMPLATE_QUERY_ERROR', message: 'template query error' },
  TemplateCreateError: { code: 'TEMPLATE_CREATE_ERROR', message: 'template create error' },
  TemplateUpdateError: { code: 'TEMPLATE_UPDATE_ERROR', message: 'template update error' },
  FetchTeamsFailed: { code: 'FETCH_TEAMS_FAILED', message: 'Failed to fetch teams' },
  FetchTeamDetailFailed: { code: 'FETCH_TEAM_DETAIL_FAILED', message: 'Failed to fetch team detail' },
  FetchTeamApiKeysFailed: { code: 'FETCH_TEAM_API_KEYS_FAILED', message: 'Failed to fetch team api keys' },
  FetchUserFailed: { code: 'FETCH_USER_FAILED', message: 'Failed to fetch user' },
  UpdateUserFailed: { code: 'UPDATE_USER_FAILED', message: 'Failed to update user' },
  SignatureLinkFailed: { code: 'SIGNATURE_LINK_FAILED', message: 'Signature link failed' },
  UpdateTeamFailed: { code: 'UPDATE_TEAM_FAILED', message: 'Failed to update team' },
  PasswordChangeFailed: { code: 'PASSWORD_CHANGE_FAILED', message: 'Password change failed' },
  TypeNotValid: { code: 'TYPE_NOT_VALID', message: 'type not valid' },
  KeyNotValid: { code: 'KEY_NOT_VALID', message: 'key not valid' },
  DocumentNotInited: { code: 'DOCUMENT_NOT_INITED', message: 'document not inited' },
  PageNotFound: { code: 'PAGE_NOT_FOUND', message: 'page not found' },
  BlockNotFound: { code: 'BLOCK_NOT_FOUND', message: 'block not found' },
  NotTable: { code: 'NOT_TABLE', message: 'not table' },
  CellNotFound: { code: 'CELL_NOT_FOUND', message: 'cell not found' },
  ArgumentRequired: { code: 'ARGUMENT_REQUIRED', message: 'argument is required' },
  NoData: { code: 'NO_DATA', message: 'no data' },
  // Meta table (spec 000 §8)
  MetaTableNotFound: { code: 'META_TABLE_NOT_FOUND', message: 'Table not found' },
  MetaMissingKeyOrValueField: { code: 'META_MISSING_KEY_OR_VALUE_FIELD', message: 'Missing key or value field' },
  MetaMissingFieldIds: { code: 'META_MISSING_FIELD_IDS', message: 'Missing field ids' },
  InvalidIdentifier: { code: 'INVALID_IDENTIFIER', message: 'Invalid identifier' },
  // Expressions and naming (spec 001 §5, §8)
  InvalidVariableName: { code: 'INVALID_VARIABLE_NAME', message: 'invalid variable name' },
  InvalidDep: { code: 'INVALID_DEP', message: 'invalid dep' },
  // Server-side custom errors (spec 000 §6)
  OnlyAdminAllowed: { code: 'ONLY_ADMIN_ALLOWED', message: 'only an admin may do this' },
  OnlyBuyerAllowed: { code: 'ONLY_BUYER_ALLOWED', message: 'only the buyer may do this' },
  InvalidUser: { code: 'INVALID_USER', message: 'invalid user' },
  Forbidden: { code: 'FORBIDDEN', message: 'forbidden' },
  InvalidTemplateType: { code: 'INVALID_TEMPLATE_TYPE', message: 'invalid template type' },
  InvalidBaseTableSelection: { code: 'INVALID_BASE_TABLE_SELECTION', message: 'invalid base/table selection' },
  // Plans and seats (#32): what a team's plan decides on the server
  PlanFeatureRequired: { code: 'PLAN_FEATURE_REQUIRED', message: "the team's plan does not include this feature" },
  SeatsFull: { code: 'SEATS_FULL', message: 'all seats of the plan are assigned' },
  OperatorKeyInvalid: { code: 'OPERATOR_KEY_INVALID', message: 'the operator key is missing or wrong' },
  // Local-first storage and import (Quire's own; the spec leaves these to us)
  StorageQuotaExceeded: { code: 'STORAGE_QUOTA_EXCEEDED', message: 'storage is full' },
  StorageUnavailable: { code: 'STORAGE_UNAVAILABLE', message: 'browser storage is unavailable' },
  ImportError: { code: 'IMPORT_ERROR', message: 'the file could not be imported' },
  VersionConflict: { code: 'VERSION_CONFLICT', message: 'the template was changed elsewhere' },
  ImportNotText: { code: 'IMPORT_NOT_TEXT', message: 'the file is not a text (CSV) file' },
  ImportNotXlsx: { code: 'IMPORT_NOT_XLSX', message: 'the file is not an Excel (.xlsx) workbook' },
  BackupInvalid: { code: 'BACKUP_INVALID', message: 'the file is not a Quire backup' },
  BackupSchemaMismatch: {
    code: 'BACKUP_SCHEMA_MISMATCH',
    message: 'the backup was made at another database schema version: restore it with the Quire version that made it',
  },
  FontsUnavailable: { code: 'FONTS_UNAVAILABLE', message: 'the fonts for this script are not on this device' },
  // Embedding in a host (docs/HOST-PROTOCOL.md)
  HostTimeout: { code: 'HOST_TIMEOUT', message: 'the host did not answer in time' },
  HostError: { code: 'HOST_ERROR', message: 'the host answered with an error' },
  HostWrongBase: { code: 'HOST_WRONG_BASE', message: 'the host shows another base' },
  HostForgedOrigin: {
    code: 'HOST_FORGED_ORIGIN',
    message: 'message not from the host page framing Quire ignored',
  },
  HostProtocolError: {
    code: 'HOST_PROTOCOL_ERROR',
    message: 'the host sent a message that does not follow the protocol',
  },
  HostLimitExceeded: { code: 'HOST_LIMIT_EXCEEDED', message: 'the host answered more than the protocol allows' },
  // A document's public previews (issue 15)
  PublicPreviewOff: { code: 'PUBLIC_PREVIEW_OFF', message: 'this document does not share public previews' },
  // A worker script that cannot load (offline before the service worker keeps the app's files)
  WorkerUnavailable: { code: 'WORKER_UNAVAILABLE', message: 'a background worker could not start' },
  // accounts (#15)
  LastOwner: { code: 'LAST_OWNER', message: 'a team needs at least one owner' },
  InvitationInvalid: { code: 'INVITATION_INVALID', message: 'the invitation link is unknown, revoked or expired' },
  ResetLinkInvalid: { code: 'RESET_LINK_INVALID', message: 'the password reset link is unknown, used or expired' },
  // Offline with a document whose script's font was never kept on the device (issue 18)
  FontUnavailableOffline: {
    code: 'FONT_UNAVAILABLE_OFFLINE',
    message: 'the document needs a font that is not on this device, and there is no network',
  },
  // Mail sent by the server (issue 15): reset and invitation links
  MailSendFailed: { code: 'MAIL_SEND_FAILED', message: 'the mail server did not take the message' },
  MailNotConfigured: { code: 'MAIL_NOT_CONFIGURED', message: 'this server has no mail server configured' },
  // The expression language (issue 27): `{qty * price}`, pdfme expressions
  ExprSyntaxError: { code: 'EXPR_SYNTAX_ERROR', message: 'the expression is not written correctly' },
  ExprEvalError: { code: 'EXPR_EVAL_ERROR', message: 'the expression could not be evaluated' },
  ExprForbidden: { code: 'EXPR_FORBIDDEN', message: 'the expression reaches something templates may not use' },
  ExprLimitExceeded: {
    code: 'EXPR_LIMIT_EXCEEDED',
    message: 'the expression needed too many steps or too much memory',
  },
  InternalError: { code: 'INTERNAL_ERROR', message: 'internal server error' },
  PasswordTooWeak: { code: 'PASSWORD_TOO_WEAK', message: 'the password is too easy to guess' },
  DataFolderInUse: { code: 'DATA_FOLDER_IN_USE', message: 'another server is using this data folder' },
  OutputNotWritable: { code: 'OUTPUT_NOT_WRITABLE', message: 'the output could not be written there' },
  OfficePdfUnavailable: {
    code: 'OFFICE_PDF_UNAVAILABLE',
    message: 'LibreOffice is not installed here, so Office templates cannot be made into PDF',
  },
  // Attachment templates (#30): a file that could not be had, an Office file with no LibreOffice at hand
  AttachmentUnavailable: { code: 'ATTACHMENT_UNAVAILABLE', message: 'the attachment could not be read' },
  AttachmentNeedsLibreOffice: {
    code: 'ATTACHMENT_NEEDS_LIBREOFFICE',
    message: 'the Office attachment needs LibreOffice, which is not at hand here',
  },
  // Running the server for others (#33): renders in a bounded pool of worker threads, scoped keys
  RenderTimedOut: { code: 'RENDER_TIMED_OUT', message: 'the render took longer than its time limit' },
  RenderOutOfMemory: { code: 'RENDER_OUT_OF_MEMORY', message: 'the render needed more memory than a render may use' },
  RenderQueueFull: { code: 'RENDER_QUEUE_FULL', message: 'the server is busy with other renders' },
  ApiKeyOutOfScope: { code: 'API_KEY_OUT_OF_SCOPE', message: 'this API key is not allowed to do this' },
  // Per-team quotas (#33 item 2): the limit is in each refusal's params (`limit`)
  TeamRenderRate: { code: 'TEAM_RENDER_RATE', message: 'the team has started as many renders this minute as it may' },
  TeamConcurrentRenders: { code: 'TEAM_CONCURRENT_RENDERS', message: 'the team has as many renders running as it may' },
  TeamInstanceLimit: { code: 'TEAM_INSTANCE_LIMIT', message: 'the team keeps as many instances as it may' },
  TeamInstanceSizeLimit: {
    code: 'TEAM_INSTANCE_SIZE_LIMIT',
    message: "the team's instances would be larger than it may keep",
  },
  TeamStorageLimit: { code: 'TEAM_STORAGE_LIMIT', message: "the team's stored render results fill its quota" },
} as const satisfies Record<string, { code: number | string; message: string }>;

export type ErrorName = keyof typeof ERROR_CATALOGUE;
type ErrorCode = (typeof ERROR_CATALOGUE)[ErrorName]['code'];

/** One located problem, e.g. a schema failure at a path. */
export interface ErrorIssue {
  /** Dotted/bracketed path such as `pages[0].rows[2].columns[1]`; '' for the root. */
  path: string;
  reason: string;
}

interface QuireErrorOptions {
  /** Detail appended to the catalogue message (English; for logs and the CLI). */
  detail?: string;
  issues?: readonly ErrorIssue[];
  /** Interpolation values for the translated message. */
  params?: Record<string, string | number>;
  cause?: unknown;
}

export class QuireError extends Error {
  readonly errorName: ErrorName;
  readonly code: ErrorCode;
  /** i18next key of the translated message, e.g. `errors.TemplateParseError`. */
  readonly i18nKey: string;
  readonly issues: readonly ErrorIssue[];
  readonly params: Record<string, string | number>;

  constructor(errorName: ErrorName, options: QuireErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[errorName];
    super(options.detail ? `${entry.message}: ${options.detail}` : entry.message, { cause: options.cause });
    this.name = 'QuireError';
    this.errorName = errorName;
    this.code = entry.code;
    this.i18nKey = `errors.${errorName}`;
    this.issues = options.issues ?? [];
    this.params = options.params ?? {};
  }

  /** `E100001 TemplateParseError` for numeric codes, `E:NO_BASE_ID` style otherwise. */
  get label(): string {
    return typeof this.code === 'number' ? `E${this.code} ${this.errorName}` : `E:${this.code} ${this.errorName}`;
  }

  toJSON() {
    return { name: this.errorName, code: this.code, message: this.message, issues: this.issues, params: this.params };
  }
}

export function isQuireError(value: unknown, name?: ErrorName): value is QuireError {
  return value instanceof QuireError && (name === undefined || value.errorName === name);
}

/** Wrap any thrown value into a catalogued error, keeping catalogued ones as they are. */
export function toQuireError(value: unknown, fallback: ErrorName): QuireError {
  if (value instanceof QuireError) return value;
  const detail = value instanceof Error ? value.message : String(value);
  return new QuireError(fallback, { detail, cause: value });
}

/** Rebuild a QuireError from its JSON form (e.g. after crossing a worker boundary). */
export function quireErrorFromJSON(json: {
  name: string;
  message?: string;
  issues?: ErrorIssue[];
  params?: Record<string, string | number>;
}): QuireError {
  const name = (json.name in ERROR_CATALOGUE ? json.name : 'DocGenerationError') as ErrorName;
  const entry = ERROR_CATALOGUE[name];
  const detail =
    json.message && json.message !== entry.message ? json.message.replace(`${entry.message}: `, '') : undefined;
  return new QuireError(name, { detail, issues: json.issues, params: json.params });
}
