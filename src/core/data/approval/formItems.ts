/**
 * One approval form item → its variable parts: the main value (printable text, a number, files,
 * a list or a map) and companion values such as an amount's capital text or an interval's start.
 * Empty values print '-'; unsupported types print 'not support' in preview and '-' otherwise.
 */
import { formatCurrency, formatNumber, toChineseFinancial } from '../../format';
import { mimeByExtension } from '../attachments';
import { files, list, map, num, type OpenAttachment, type OpenValue, str } from '../openValue';
import { groupKindOf, groupValue } from './groups';
import {
  type ApprovalLanguage,
  EMPTY,
  type FieldLabelName,
  instanceStatusLabel,
  NOT_SUPPORTED_PREVIEW,
} from './labels';
import type { FormItem } from './types';
import {
  approvalDate,
  approvalDateTime,
  approvalNumber,
  formatApprovalTime,
  isBlank,
  isRecord,
  jsonValue,
  namesOf,
  stringOf,
  textOrDash,
} from './values';

export interface FormContext {
  lang: ApprovalLanguage;
  timeZone: string;
  mode: 'instance' | 'preview';
}

/** A value of an item: the main one (no suffix) or a companion named `<item>_<suffix>`. */
export interface ItemPart {
  suffix?: FieldLabelName;
  value: OpenValue;
}

/** An instance item with the design's view of it (options, columns) merged in. */
export interface MergedItem extends FormItem {
  design?: FormItem;
}

export const SUPPORTED_ITEM_TYPES = [
  'input',
  'textarea',
  'text',
  'radioV2',
  'radio',
  'checkboxV2',
  'checkbox',
  'address',
  'document',
  'amount',
  'formula',
  'number',
  'date',
  'dateInterval',
  'department',
  'contact',
  'telephone',
  'serialNumber',
  'account',
  'attachmentV2',
  'attachment',
  'image',
  'imageV2',
  'connect',
  'fieldList',
  'reimbursementGroup',
] as const;

const main = (value: OpenValue): ItemPart[] => [{ value }];

function optionList(option: unknown): { key: string; text: string }[] {
  const raw = isRecord(option) && Array.isArray(option.options) ? option.options : Array.isArray(option) ? option : [];
  return raw.filter(isRecord).map((entry) => ({
    key: stringOf(entry.key ?? entry.value ?? entry.id),
    text: stringOf(entry.text ?? entry.name ?? entry.label),
  }));
}

/** A choice value may be its text, its key, or {key, text}; show the text. */
function choiceText(raw: unknown, options: { key: string; text: string }[]): string {
  if (isRecord(raw)) return stringOf(raw.text ?? raw.name ?? raw.key);
  const text = stringOf(raw);
  return options.find((option) => option.key !== '' && option.key === text)?.text ?? text;
}

function optionFlag(item: MergedItem, ...keys: string[]): boolean {
  const option = item.design?.option ?? item.option;
  return isRecord(option) && keys.some((key) => option[key] === true);
}

function optionString(item: MergedItem, key: string): string {
  const option = item.design?.option ?? item.option;
  return isRecord(option) ? stringOf(option[key]) : '';
}

function extOf(item: MergedItem): Record<string, unknown> {
  const ext = jsonValue(item.ext) ?? item.ext;
  return isRecord(ext) ? ext : {};
}

function amountParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  if (isBlank(item.value)) return main(str(EMPTY));
  const ext = extOf(item);
  const value = approvalNumber(item.value);
  const currency = (stringOf(ext.currency) || optionString(item, 'currency') || 'CNY').toUpperCase();
  const parts: ItemPart[] = [
    { value: num(value, formatCurrency(value, { currency, digits: 2, locale: ctx.lang })) },
    { suffix: 'currency', value: str(currency) },
  ];
  const capitalText = stringOf(ext.capitalValue);
  if (capitalText || optionFlag(item, 'capital', 'capitalValue', 'showCapital')) {
    parts.push({ suffix: 'capital', value: str(capitalText || toChineseFinancial(value)) });
  }
  return parts;
}

function numberParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  if (isBlank(item.value)) return main(str(EMPTY));
  const value = approvalNumber(item.value);
  return main(num(value, formatNumber(value, { locale: ctx.lang })));
}

function dateText(raw: unknown, item: MergedItem, ctx: FormContext): string {
  const format = optionString(item, 'format') || optionString(item, 'dateFormat');
  return /[Hh]/.test(format)
    ? formatApprovalTime(raw, 'YYYY/MM/DD HH:mm', ctx.timeZone)
    : approvalDate(raw, ctx.timeZone);
}

function intervalParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  const value = isRecord(item.value) ? item.value : (jsonValue(item.value) ?? {});
  const source = isRecord(value) ? value : {};
  const start = isBlank(source.start) ? EMPTY : dateText(source.start, item, ctx);
  const end = isBlank(source.end) ? EMPTY : dateText(source.end, item, ctx);
  const both = start === EMPTY && end === EMPTY ? EMPTY : `${start} - ${end}`;
  const interval = isBlank(source.interval) ? str(EMPTY) : num(approvalNumber(source.interval));
  return [
    { value: str(both) },
    { suffix: 'start', value: str(start) },
    { suffix: 'end', value: str(end) },
    { suffix: 'interval', value: interval },
  ];
}

function telephoneText(raw: unknown): string {
  const value = jsonValue(raw) ?? raw;
  if (isRecord(value)) {
    return [stringOf(value.countryCode), stringOf(value.nationalNumber ?? value.number)].filter(Boolean).join(' ');
  }
  return stringOf(raw);
}

function addressText(raw: unknown): string {
  const value = jsonValue(raw) ?? raw;
  if (!isRecord(value)) return stringOf(raw);
  const region = Array.isArray(value.region) ? value.region.map(stringOf).join('/') : stringOf(value.region);
  return [region, stringOf(value.detail)].filter(Boolean).join(' ');
}

const ACCOUNT_PARTS = ['accountName', 'bankName', 'branchName', 'accountNumber'] as const;

/** Bank information; anything that does not parse into at least one known part prints '-'. */
function accountParts(item: MergedItem): ItemPart[] {
  const value = isRecord(item.value) ? item.value : jsonValue(item.value);
  const source = isRecord(value) ? value : undefined;
  const partText = (key: (typeof ACCOUNT_PARTS)[number]): string => {
    if (!source) return '';
    const aliases: Record<(typeof ACCOUNT_PARTS)[number], string[]> = {
      accountName: ['accountName', 'name', 'holder'],
      bankName: ['bankName', 'bank'],
      branchName: ['branchName', 'branch', 'subBank'],
      accountNumber: ['accountNumber', 'account', 'cardNumber', 'number'],
    };
    for (const alias of aliases[key]) {
      const raw = source[alias];
      const text = isRecord(raw) ? stringOf(raw.name ?? raw.text) : stringOf(raw);
      if (text.trim() !== '') return text.trim();
    }
    return '';
  };
  const texts = ACCOUNT_PARTS.map(partText);
  const all = texts.filter(Boolean).join(', ');
  return [{ value: textOrDash(all) }, ...ACCOUNT_PARTS.map((suffix, i) => ({ suffix, value: textOrDash(texts[i]) }))];
}

function fileNameFromUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return path.slice(path.lastIndexOf('/') + 1);
  }
}

/** attachmentV2 / image: [url] with names in ext (comma list or array), or [{name, url, size, mime}]. */
function attachmentList(item: MergedItem, imagesOnly: boolean): OpenAttachment[] {
  const value = jsonValue(item.value) ?? item.value;
  const entries = Array.isArray(value) ? value : isBlank(value) ? [] : [value];
  const ext = jsonValue(item.ext) ?? item.ext;
  const extNames = Array.isArray(ext)
    ? ext.map((entry) => (isRecord(entry) ? stringOf(entry.name) : stringOf(entry)))
    : typeof ext === 'string'
      ? ext.split(',').map((name) => name.trim())
      : [];
  return entries
    .map((entry, index): OpenAttachment | undefined => {
      const url = isRecord(entry) ? stringOf(entry.url) : stringOf(entry);
      if (!url) return undefined;
      const fileName =
        (isRecord(entry) ? stringOf(entry.name ?? entry.fileName ?? entry.title) : '') ||
        extNames[index] ||
        fileNameFromUrl(url);
      const mime = (isRecord(entry) ? stringOf(entry.mime ?? entry.type) : '') || mimeByExtension(fileName);
      const file: OpenAttachment = { fileName, url, mime: imagesOnly && !mime.startsWith('image/') ? 'image/*' : mime };
      const size = isRecord(entry) ? (entry.size ?? entry.fileSize) : undefined;
      if (typeof size === 'number' && size >= 0) file.fileSize = size;
      return file;
    })
    .filter((file): file is OpenAttachment => file !== undefined);
}

/** connect: linked instances → rows with times as YYYY-MM-DD HH:mm:ss and localized status. */
function connectRows(item: MergedItem, ctx: FormContext): OpenValue {
  const value = jsonValue(item.value) ?? item.value;
  const entries = (Array.isArray(value) ? value : []).filter(isRecord);
  return list(
    entries.map((entry) =>
      map({
        submitter: textOrDash(stringOf(entry.submitter_name)),
        title: textOrDash(stringOf(entry.instance_name)),
        serialNumber: textOrDash(stringOf(entry.serial_id)),
        createTime: str(approvalDateTime(entry.create_time, ctx.timeZone)),
        status: str(instanceStatusLabel(stringOf(entry.status), ctx.lang)),
      }),
    ),
  );
}

/** The invoices of a reimbursement entry, parsed from a list or JSON text; unparseable → none. */
function invoicesOf(raw: unknown): unknown[] {
  const value = jsonValue(raw) ?? raw;
  if (Array.isArray(value)) return value.filter((entry) => !isBlank(entry));
  if (isRecord(value)) return Array.isArray(value.invoices) ? value.invoices : [value];
  return [];
}

function invoiceText(invoice: unknown): string {
  if (!isRecord(invoice)) return stringOf(invoice);
  return [stringOf(invoice.code), stringOf(invoice.number ?? invoice.no)].filter(Boolean).join('-');
}

function reimbursementParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  const value = jsonValue(item.value) ?? item.value;
  const source = isRecord(value) ? value : {};
  const currency = (stringOf(source.currency) || optionString(item, 'currency') || 'CNY').toUpperCase();
  const rawRows = Array.isArray(source.details) ? source.details : Array.isArray(source.items) ? source.items : [];
  const entries = rawRows.filter(isRecord);
  const money = (n: number) => num(n, formatCurrency(n, { currency, digits: 2, locale: ctx.lang }));
  let sum = 0;
  let invoiceCount = 0;
  const rows = entries.map((entry, index) => {
    const amount = approvalNumber(entry.amount);
    sum += amount;
    const invoices = invoicesOf(entry.invoice ?? entry.invoices);
    invoiceCount += invoices.length;
    const attachments = attachmentList({ id: '', name: '', type: 'attachmentV2', value: entry.attachments }, false);
    return map({
      rowNumber: str(entries.length > 1 ? `#${index + 1}` : ''),
      feeType: textOrDash(isRecord(entry.feeType) ? stringOf(entry.feeType.name) : stringOf(entry.feeType)),
      amount: money(amount),
      feeDate: str(isBlank(entry.feeDate) ? EMPTY : approvalDate(entry.feeDate, ctx.timeZone)),
      invoice: textOrDash(invoices.map(invoiceText).filter(Boolean).join(', ')),
      invoiceCount: num(invoices.length),
      attachments: files(attachments),
      remark: textOrDash(stringOf(entry.remark)),
    });
  });
  const total = isBlank(source.totalAmount) ? sum : approvalNumber(source.totalAmount);
  return [
    { value: list(rows) },
    { suffix: 'total', value: money(total) },
    { suffix: 'currency', value: str(currency) },
    { suffix: 'invoiceCount', value: num(invoiceCount) },
  ];
}

/** fieldList: one map per row, columns in design order, rows numbered '#n' when there are several. */
function fieldListParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  const value = jsonValue(item.value) ?? item.value;
  const rows = (Array.isArray(value) ? value : []).map((row) =>
    Array.isArray(row)
      ? row.filter(isRecord)
      : isRecord(row) && Array.isArray(row.items)
        ? row.items.filter(isRecord)
        : [],
  );
  const columns = item.design?.children ?? item.children ?? [];
  const maps = rows.map((cells, index) => {
    const fields: Record<string, OpenValue> = { rowNumber: str(rows.length > 1 ? `#${index + 1}` : '') };
    const used = new Set<unknown>();
    const cellFor = (column: FormItem) => cells.find((cell) => cell.id === column.id) as FormItem | undefined;
    const emit = (name: string, merged: MergedItem) => {
      for (const part of itemParts(merged, ctx)) fields[part.suffix ? `${name}_${part.suffix}` : name] = part.value;
    };
    for (const column of columns) {
      const cell = cellFor(column);
      if (cell) used.add(cell);
      emit(column.name, { ...(cell ?? { id: column.id, name: column.name, type: column.type }), design: column });
    }
    // Cells the design does not list (an older design version) still print, after the known ones.
    for (const cell of cells) {
      if (used.has(cell)) continue;
      const merged = cell as unknown as FormItem;
      emit(stringOf(merged.name) || stringOf(merged.id), merged);
    }
    return map(fields);
  });
  return main(list(maps));
}

/** The parts of one item; `item.value` is undefined when the instance has no such item. */
export function itemParts(item: MergedItem, ctx: FormContext): ItemPart[] {
  const options = optionList(item.design?.option ?? item.option);
  switch (item.type) {
    case 'input':
    case 'textarea':
    case 'serialNumber':
      return main(textOrDash(stringOf(item.value)));
    case 'text': {
      // A description widget: its text lives in the design when the instance carries none.
      const value = stringOf(item.value) || optionString(item, 'text') || stringOf(item.design?.value);
      return main(textOrDash(value));
    }
    case 'radio':
    case 'radioV2':
      return main(textOrDash(isBlank(item.value) ? '' : choiceText(item.value, options)));
    case 'checkbox':
    case 'checkboxV2': {
      const value = jsonValue(item.value) ?? item.value;
      const values = Array.isArray(value) ? value : isBlank(value) ? [] : [value];
      return main(
        textOrDash(
          values
            .map((v) => choiceText(v, options))
            .filter(Boolean)
            .join(', '),
        ),
      );
    }
    case 'address':
      return main(textOrDash(addressText(item.value)));
    case 'document':
    case 'department':
    case 'contact':
      return main(textOrDash(namesOf(jsonValue(item.value) ?? item.value).join(', ')));
    case 'amount':
      return amountParts(item, ctx);
    case 'formula':
    case 'number':
      return numberParts(item, ctx);
    case 'date':
      return main(textOrDash(isBlank(item.value) ? '' : dateText(item.value, item, ctx)));
    case 'dateInterval':
      return intervalParts(item, ctx);
    case 'telephone':
      return main(textOrDash(telephoneText(item.value)));
    case 'account':
      return accountParts(item);
    case 'attachment':
    case 'attachmentV2':
      return main(files(attachmentList(item, false)));
    case 'image':
    case 'imageV2':
      return main(files(attachmentList(item, true)));
    case 'connect':
      return main(connectRows(item, ctx));
    case 'fieldList':
      return fieldListParts(item, ctx);
    case 'reimbursementGroup':
      return reimbursementParts(item, ctx);
    default: {
      const group = groupKindOf(item.type);
      if (group) return main(groupValue(group, jsonValue(item.value) ?? item.value, ctx.timeZone, ctx.lang));
      return main(str(ctx.mode === 'preview' ? NOT_SUPPORTED_PREVIEW : EMPTY));
    }
  }
}

export function isSupportedItemType(type: string): boolean {
  return (SUPPORTED_ITEM_TYPES as readonly string[]).includes(type) || groupKindOf(type) !== undefined;
}
