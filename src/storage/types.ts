/**
 * Row shapes of the local database. These are the stored formats: change them only together with a
 * new schema version and a migration in `migrations.ts`.
 */

import type { TableField as CoreTableField, TableFieldProperty } from '../core/data/table/types';

// Field types and field shapes are the data layer's (core/data): local tables are stored the way a
// base host hands tables over, so the same converters print both.
export { TABLE_FIELD_TYPES, type TableFieldType } from '../core/data/table/types';

/** Field settings: the data layer's, plus the partner field of a duplex link (kept in step on writes). */
export interface FieldProperty extends TableFieldProperty {
  /** duplexLink: the field on the linked table that points back. */
  backFieldId?: string;
  /** single/duplex link: whether more than one record may be linked. */
  multiple?: boolean;
}

export interface TableField extends CoreTableField {
  property?: FieldProperty;
  description?: string;
}

/**
 * An attachment cell item, in the host's attachment shape: either a remote URL or a local Blob in the
 * assets table (`assetHash`), which the app turns into an object URL before rendering.
 */
export interface StoredAttachment {
  name: string;
  /** bytes; unknown for a URL imported from a file */
  size?: number;
  mime: string;
  url?: string;
  /** SHA-256 hex of a Blob in the `assets` table */
  assetHash?: string;
  /** epoch ms, spelled as hosts spell it */
  timeStamp?: number;
}

export interface StoredUser {
  id: string;
  name: string;
  email?: string;
}

export interface StoredUrl {
  text: string;
  link: string;
}

export interface StoredLocation {
  address: string;
  name?: string;
  lng?: number;
  lat?: number;
}

/**
 * A stored cell. By field type: text/phone/email/barcode → string; number/currency/progress/rating/
 * autoNumber → number; singleSelect → option name; multiSelect → option names; dateTime/createdTime/
 * modifiedTime → epoch ms; checkbox → boolean; url → StoredUrl; attachment/attachmentImage →
 * StoredAttachment[]; singleLink/duplexLink → record ids; user/createdUser/modifiedUser → StoredUser[];
 * location → StoredLocation; lookup/formula/group → whatever the host gave; denied → null.
 */
export type CellValue =
  | string
  | number
  | boolean
  | null
  | string[]
  | StoredUrl
  | StoredAttachment[]
  | StoredUser[]
  | StoredLocation
  | unknown[];

export interface BaseRow {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** True for the demo workspace, so it can be reset without touching the user's own bases. */
  isDemo?: boolean;
}

export interface TableRow {
  id: string;
  baseId: string;
  name: string;
  fields: TableField[];
  /** Position among the base's tables. */
  order: number;
  createdAt: number;
  updatedAt: number;
}

export interface RecordRow {
  /** `<tableId>:<block>:<random>`: the id names the block the record lives in. */
  id: string;
  tableId: string;
  /** Insertion order within the table; the grid's default sort. */
  seq: number;
  values: Record<string, CellValue>;
  createdAt: number;
  updatedAt: number;
  /**
   * When each field was last written by an edit (epoch ms), so an edit of one field is refused only
   * when another tab changed that same field. Optional: absent on records written before it existed.
   */
  fieldsUpdatedAt?: Record<string, number>;
  /**
   * The imported file's own text of cells whose typed value does not print back as it (field id →
   * text, e.g. "$1,234.50" beside 1234.5), so changing the field to text restores what the file
   * said. An edit of the cell drops its entry. Optional: absent when every cell printed back.
   */
  sourceText?: Record<string, string>;
}

/** Up to BLOCK_SIZE records of one table, stored as one object (see recordBlocks.ts). */
export interface RecordBlockRow {
  tableId: string;
  block: number;
  records: RecordRow[];
}

/** What a block holds, without the values: for counts, ordered ids and windows. */
export interface RecordBlockIndexRow {
  tableId: string;
  block: number;
  ids: string[];
  lastSeq: number;
}

/** Print template categories (spec 000 §3): 1 record view, 2 board view. */
export type TemplateCategory = 1 | 2;

export interface TemplateRow {
  id: string;
  name: string;
  baseId: string;
  tableId: string;
  category: TemplateCategory;
  /** Editor mode / template type (spec 001 §3.5), as a number. */
  type: number;
  /** The draft document as JSON text, exactly what parseTemplateContent reads. */
  content: string;
  /** Local revision: +1 on every save; saves must name the revision they started from. */
  revision: number;
  /** SHA-256 of a thumbnail Blob in `assets`, when one was rendered. */
  thumbnailHash?: string;
  createdAt: number;
  updatedAt: number;
  /** Sync bookkeeping: the server's template id and the last version/version lock seen. */
  remoteId?: string;
  remoteVersion?: number;
}

export interface ReleaseRow {
  /** `${templateId}@${version}` */
  id: string;
  templateId: string;
  version: number;
  name: string;
  content: string;
  publishedAt: number;
}

/** An approval definition (spec 001 §3.8), kept as the host gave it. */
export interface ApprovalDefinitionRow {
  code: string;
  name: string;
  /** approval_name, approval_code, locale, form (JSON text), i18n_resources … */
  design: Record<string, unknown>;
  updatedAt: number;
}

export interface ApprovalInstanceRow {
  code: string;
  approvalCode: string;
  /** content_data, apply_user_name, serial_id, approval_processes_data … */
  instance: Record<string, unknown>;
  updatedAt: number;
}

export interface OpenDocumentRow {
  id: string;
  name: string;
  dataSource: unknown;
  sampleData: unknown;
  createdAt: number;
  updatedAt: number;
}

export interface AssetRow {
  /** SHA-256 hex of the bytes: the same bytes are stored once. */
  hash: string;
  blob: Blob;
  mime: string;
  size: number;
  name?: string;
  createdAt: number;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export type LoginContext = 'standard' | 'approval' | 'open';

/** A stored login (spec 000 §3): valid only when `version` is 'v1' and not past `expireAt`. */
export interface StoredLogin {
  token: string;
  tenantKey?: string;
  userId?: string;
  /** epoch ms */
  expireAt: number;
  version: string;
}

export interface LoginRow {
  /** `${context}:${authId}` */
  key: string;
  context: LoginContext;
  authId: string;
  login: StoredLogin;
}

export interface BaseCacheRow {
  baseId: string;
  baseAccessToken?: string;
  templateRecoveryCheck: boolean;
  /** Last use, epoch ms; only the 20 most recent bases are kept. */
  touchedAt: number;
}

/**
 * A person's saved signature (#31), kept on this device: a transparent PNG the approval documents
 * print for that person's approved entries. One row per signer on this device.
 */
export interface SignatureRow {
  /** `local` before sign-in; `user:<accountId>` for a signed-in account's signature. */
  id: string;
  png: Blob;
  width: number;
  height: number;
  /** The pen width it was drawn with, px at the pad's scale (so "edit" starts where it was). */
  penWidth: number;
  /** The name approval processes show for this person; entries with this user name print the image. */
  name: string;
  /** The person's id in approval processes, when known (matched before the name). */
  approvalUserId?: string;
  updatedAt: number;
  /** When the server last accepted this image (epoch ms); absent while only on the device. */
  serverSavedAt?: number;
}
