/**
 * The shape of table data as a base host hands it over (modelled on a spreadsheet/base host SDK):
 * a table has fields, a record maps field ids to raw cell values. Raw cells are untrusted and
 * loosely shaped; the converters accept every variant documented in ../CONTEXT.md.
 */

/** The 28 table field types of spec 001 §3.6. */
export const TABLE_FIELD_TYPES = [
  'text',
  'number',
  'singleSelect',
  'multiSelect',
  'dateTime',
  'checkbox',
  'user',
  'phone',
  'url',
  'attachment',
  'singleLink',
  'lookup',
  'formula',
  'duplexLink',
  'location',
  'group',
  'createdTime',
  'modifiedTime',
  'createdUser',
  'modifiedUser',
  'autoNumber',
  'barcode',
  'progress',
  'currency',
  'rating',
  'attachmentImage',
  'email',
  'denied',
] as const;
export type TableFieldType = (typeof TABLE_FIELD_TYPES)[number];

/** Field properties the converters read; every one optional, unknown keys ignored. */
export interface TableFieldProperty {
  /** number / currency / progress: digits after the point. */
  precision?: number;
  /** number: 'thousands' to group digits in the display text, 'percent' to show as percent. */
  formatter?: string;
  /** currency: ISO 4217 code, e.g. USD; without one the amount prints without a symbol. */
  currencyCode?: string;
  /** dateTime, createdTime, modifiedTime: e.g. 'yyyy/MM/dd' or 'yyyy/MM/dd HH:mm'. */
  dateFormat?: string;
  /** rating: the maximum score (default 5). */
  max?: number;
  /** lookup / formula: the type of the values it yields. */
  refFieldType?: TableFieldType;
  /** single/duplex link: the linked table. */
  tableId?: string;
  /** single/multi select: the options, so ids can be shown as their text. */
  options?: { id: string; name: string; color?: number }[];
  [key: string]: unknown;
}

export interface TableField {
  id: string;
  name: string;
  type: TableFieldType;
  property?: TableFieldProperty;
  /** The table's first (primary) field. */
  isPrimary?: boolean;
}

export interface TableRecord {
  recordId: string;
  fields: Record<string, unknown>;
}

export interface TableData {
  id: string;
  name: string;
  fields: TableField[];
  records: TableRecord[];
}

// Raw cell shapes (documented; converters still check each value at run time).
export interface RawTextSegment {
  type?: 'text' | 'url' | 'mention' | string;
  text: string;
  link?: string;
  name?: string;
}
export interface RawOption {
  id?: string;
  text?: string;
  name?: string;
}
export interface RawUser {
  id?: string;
  name?: string;
  enName?: string;
  email?: string;
  avatarUrl?: string;
}
export interface RawAttachment {
  name: string;
  size?: number;
  type?: string;
  token?: string;
  url?: string;
  timeStamp?: number;
  permission?: Record<string, string>;
}
export interface RawLink {
  tableId?: string;
  recordIds?: string[];
  text?: string;
  textArr?: string[];
}
export interface RawLocation {
  fullAddress?: string;
  address?: string;
  name?: string;
  location?: string;
  pname?: string;
  cityname?: string;
  adname?: string;
}
