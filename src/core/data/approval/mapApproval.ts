/**
 * Approval design + instance → template variables in two groups (spec 001 §3.8, §5.2):
 * the form group (one variable per printable form item, plus companions) and the system group
 * (applicant, times, status, nodes, comments, signatures, leave/outing/overtime and expense
 * details). Variables carry a label in the approval language and an open value.
 */
import { DEFAULT_TIME_ZONE, resolveTimeZone } from '../../format';
import { legalizeVariableName } from '../../naming/names';
import type { OpenDataSource, Variable, VariableFieldType } from '../dataSource';
import {
  files,
  list,
  map,
  num,
  type OpenValue,
  type PlainValue,
  str,
  type ToPlainOptions,
  toPlain,
} from '../openValue';
import { type FormContext, type ItemPart, itemParts, type MergedItem } from './formItems';
import { groupKindOf } from './groups';
import {
  type ApprovalLanguage,
  EMPTY,
  fieldLabel,
  instanceStatusLabel,
  resolveApprovalLanguage,
  SYSTEM_LABELS,
  type SystemVariableName,
  systemLabel,
} from './labels';
import { groupSignatures, type KnownSignature, type SignatureGroups, signatureValues } from './signatures';
import {
  type ApprovalDefinition,
  type ApprovalInstance,
  type FormItem,
  parseApprovalDefinition,
  parseApprovalInstance,
} from './types';
import { APPROVAL_TIME_PATTERN, approvalDate, formatApprovalTime, isRecord, stringOf, textOrDash } from './values';

export type ApprovalGroupName = 'form' | 'system';

export interface ApprovalVariable {
  fieldName: string;
  label: string;
  fieldType: VariableFieldType;
  value: OpenValue;
  /** Form variables: the item they come from. */
  itemId?: string;
  itemType?: string;
}

export interface ApprovalMapping {
  lang: ApprovalLanguage;
  form: ApprovalVariable[];
  system: ApprovalVariable[];
  signatures: SignatureGroups;
}

export interface MapApprovalOptions {
  /** Approval language; else the instance's, else the definition's locale; en-US by default. */
  lang?: string;
  /** Time zone of printed dates; default Asia/Shanghai. */
  timeZone?: string;
  /** 'preview' (designer, sample data) prints unsupported items as 'not support'; default 'instance'. */
  mode?: 'instance' | 'preview';
  /** Signatures saved in Quire, printed for entries whose instance has no image (#31). */
  knownSignatures?: readonly KnownSignature[];
}

/** '@i18n@key' names resolve through the definition's i18n resources (chosen language, then default). */
function i18nTexts(definition: ApprovalDefinition, lang: ApprovalLanguage): (name: string) => string {
  const tables: Record<string, string>[] = [];
  const resources = [...definition.i18n_resources].sort((a, b) => {
    const rank = (r: (typeof resources)[number]) => {
      const locale = resolveApprovalLanguage(stringOf(r.locale ?? r.Locale));
      if (locale === lang && stringOf(r.locale ?? r.Locale) !== '') return 0;
      return r.is_default === true || r.IsDefault === true ? 1 : 2;
    };
    return rank(a) - rank(b);
  });
  for (const resource of resources) {
    const texts = resource.texts ?? resource.Texts;
    const table: Record<string, string> = {};
    if (Array.isArray(texts)) {
      for (const entry of texts) if (isRecord(entry)) table[stringOf(entry.key)] = stringOf(entry.value);
    } else if (isRecord(texts)) {
      for (const [key, value] of Object.entries(texts)) table[key] = stringOf(value);
    }
    tables.push(table);
  }
  return (name) => {
    for (const table of tables) if (table[name]) return table[name];
    return name;
  };
}

function fieldTypeOf(value: OpenValue, itemType?: string): VariableFieldType {
  switch (value.type) {
    case 'string':
    case 'text':
      return 'string';
    case 'attachments':
      return itemType === 'image' || itemType === 'imageV2' ? 'inline-images' : 'attachments';
    default:
      return value.type;
  }
}

/** Design items with names translated, children too (fieldList columns). */
function translateItems(items: FormItem[], translate: (name: string) => string): FormItem[] {
  return items.map((item) => ({
    ...item,
    name: translate(item.name),
    ...(item.children ? { children: translateItems(item.children, translate) } : {}),
  }));
}

/** Design order first (printable items only); instance items the design lacks follow. */
function mergeItems(design: FormItem[], content: FormItem[]): MergedItem[] {
  const byId = new Map(content.map((item) => [item.id, item]));
  const merged: MergedItem[] = [];
  const seen = new Set<string>();
  for (const item of design) {
    seen.add(item.id);
    if (item.printable === false) continue;
    const instanceItem = byId.get(item.id);
    merged.push({
      ...item,
      value: instanceItem?.value,
      ext: instanceItem?.ext,
      type: instanceItem?.type ?? item.type,
      design: item,
    });
  }
  for (const item of content) if (!seen.has(item.id)) merged.push({ ...item });
  return merged;
}

/**
 * Variable names of form items: an item's name made legal (spec 001 §5.1: invalid characters
 * become '_', a '_' goes in front when the name cannot start with its first character), so
 * "Request No." is `Request_No_`; a name already taken gets `_2`, `_3`, …
 */
class NameBook {
  private readonly used = new Set<string>();
  constructor(reserved: Iterable<string>) {
    for (const name of reserved) this.used.add(name);
  }
  claim(name: string): string {
    const base = legalizeVariableName(name.trim() === '' ? 'item' : name.trim());
    let candidate = base;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${base}_${n}`;
    this.used.add(candidate);
    return candidate;
  }
}

function formVariables(items: MergedItem[], ctx: FormContext, names: NameBook): ApprovalVariable[] {
  const variables: ApprovalVariable[] = [];
  for (const item of items) {
    const name = names.claim(item.name || item.id);
    for (const part of itemParts(item, ctx) as ItemPart[]) {
      const fieldName = part.suffix ? names.claim(`${name}_${part.suffix}`) : name;
      variables.push({
        fieldName,
        label: part.suffix ? `${item.name} (${fieldLabel(part.suffix, ctx.lang)})` : item.name,
        fieldType: fieldTypeOf(part.value, item.type),
        value: part.value,
        itemId: item.id,
        itemType: item.type,
      });
    }
  }
  return variables;
}

function mapField(value: OpenValue | undefined, key: string): OpenValue {
  return value?.type === 'map' ? (value.fields[key] ?? str(EMPTY)) : str(EMPTY);
}

function systemVariables(
  definition: ApprovalDefinition,
  instance: ApprovalInstance | undefined,
  items: MergedItem[],
  form: ApprovalVariable[],
  signatures: SignatureGroups,
  ctx: FormContext,
): ApprovalVariable[] {
  const tz = ctx.timeZone;
  const firstOfKind = (kind: string) => {
    const item = items.find((i) => groupKindOf(i.type) === kind);
    return item ? form.find((v) => v.itemId === item.id && v.value.type === 'map')?.value : undefined;
  };
  const leave = firstOfKind('leave');
  const out = firstOfKind('out');
  const work = firstOfKind('work');
  const reimbursement = items.find((i) => i.type === 'reimbursementGroup');
  const expense = (suffix?: string) =>
    reimbursement
      ? form.find(
          (v) =>
            v.itemId === reimbursement.id && (suffix ? v.fieldName.endsWith(`_${suffix}`) : v.value.type === 'list'),
        )?.value
      : undefined;
  const deciders = [
    ...new Set(
      signatures.entries
        .filter((e) => e.operation === 'APPROVED' || e.operation === 'AUTO_PASS' || e.operation === 'REJECTED')
        .map((e) => e.name),
    ),
  ];
  const comments = (instance?.comment_list ?? []).map((comment) =>
    map({
      name: textOrDash(comment.user_name),
      timeStr: str(formatApprovalTime(comment.create_time, APPROVAL_TIME_PATTERN, tz)),
      content: textOrDash(comment.content.text),
      files: files(
        comment.content.files
          .filter((file) => file.url !== '')
          .map((file) => ({
            fileName: file.title,
            url: file.url,
            ...(file.type ? { mime: file.type } : {}),
            ...(typeof file.fileSize === 'number' ? { fileSize: file.fileSize } : {}),
          })),
      ),
    }),
  );
  const nodes = signatures.entries.map((entry) =>
    map({
      nodeName: str(entry.nodeName),
      name: str(entry.name),
      approveStatus: str(entry.approveStatus),
      timeStr: str(entry.timeStr),
      comment: str(entry.comment),
      // The same image the signature groupings print: '' while the entry is in progress.
      image: str(entry.image),
    }),
  );
  const values: Record<SystemVariableName, OpenValue> = {
    applicant: textOrDash(instance?.apply_user_name),
    applicantDepartment: textOrDash(instance?.user_department_name),
    tenantName: textOrDash(instance?.tenant_name),
    approvalName: textOrDash(definition.approval_name),
    approvalCode: textOrDash(definition.approval_code),
    instanceName: textOrDash(instance?.instance_name),
    approvalNumber: textOrDash(instance?.serial_id),
    createTime: str(approvalDate(instance?.create_time, tz)),
    endTime: str(approvalDate(instance?.end_time, tz)),
    status: str(instanceStatusLabel(instance?.instance_status, ctx.lang)),
    printTime: str(approvalDate(instance?.print_time, tz)),
    printUser: textOrDash(instance?.print_user_name),
    shareUrl: textOrDash(instance?.share_url),
    approvalNodes: list(nodes),
    approvers: textOrDash(deciders.join(', ')),
    comments: list(comments),
    ...signatureValues(signatures),
    leaveType: mapField(leave, 'type'),
    leaveStart: mapField(leave, 'start'),
    leaveEnd: mapField(leave, 'end'),
    leaveDuration: mapField(leave, 'interval'),
    leaveReason: mapField(leave, 'reason'),
    outStart: mapField(out, 'start'),
    outEnd: mapField(out, 'end'),
    outDuration: mapField(out, 'interval'),
    outReason: mapField(out, 'reason'),
    overtimeStart: mapField(work, 'start'),
    overtimeEnd: mapField(work, 'end'),
    overtimeDuration: mapField(work, 'interval'),
    overtimeReason: mapField(work, 'reason'),
    expenseTotal: expense('total') ?? str(EMPTY),
    expenseInvoiceCount: expense('invoiceCount') ?? num(0),
    expenseItems: expense() ?? list([]),
  };
  return (Object.keys(values) as SystemVariableName[]).map((name) => ({
    fieldName: name,
    label: systemLabel(name, ctx.lang),
    fieldType: fieldTypeOf(values[name]),
    value: values[name],
  }));
}

/**
 * Maps an approval definition and (optionally) one instance. Without an instance (designer
 * preview) every item prints '-' and unsupported items print 'not support'.
 * Inputs are validated; malformed JSON fails with DataInvalid naming the path.
 */
export function mapApproval(
  definitionInput: unknown,
  instanceInput?: unknown,
  options: MapApprovalOptions = {},
): ApprovalMapping {
  const definition = parseApprovalDefinition(definitionInput);
  const instance = instanceInput === undefined ? undefined : parseApprovalInstance(instanceInput);
  const lang = resolveApprovalLanguage(options.lang ?? instance?.locale ?? definition.locale);
  const ctx: FormContext = {
    lang,
    timeZone: resolveTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE),
    mode: options.mode ?? (instance ? 'instance' : 'preview'),
  };
  const translate = i18nTexts(definition, lang);
  const design = translateItems(definition.form, translate);
  const content = translateItems(instance?.content_data ?? [], translate);
  const items = mergeItems(design, content);
  const signatures = groupSignatures(instance?.approval_processes_data.data ?? [], {
    ...ctx,
    ...(options.knownSignatures ? { knownSignatures: options.knownSignatures } : {}),
  });
  const form = formVariables(items, ctx, new NameBook(Object.keys(SYSTEM_LABELS)));
  const system = systemVariables(definition, instance, items, form, signatures, ctx);
  return { lang, form, system, signatures };
}

/** The plain scope: form and system variables side by side (names never collide, see NameBook). */
export function approvalScope(mapping: ApprovalMapping, options: ToPlainOptions = {}): Record<string, PlainValue> {
  const scope: Record<string, PlainValue> = Object.create(null);
  for (const variable of [...mapping.form, ...mapping.system])
    scope[variable.fieldName] = toPlain(variable.value, options);
  return scope;
}

/** form/system values as two plain objects, e.g. for the CLI. */
export function approvalGroupsPlain(mapping: ApprovalMapping, options: ToPlainOptions = {}) {
  const group = (variables: ApprovalVariable[]) =>
    Object.fromEntries(variables.map((v) => [v.fieldName, { label: v.label, value: toPlain(v.value, options) }]));
  return { lang: mapping.lang, form: group(mapping.form), system: group(mapping.system) };
}

/** The mapping as an open data source (groups form and system; specs inferred for maps and lists). */
export function approvalDataSource(mapping: ApprovalMapping): OpenDataSource {
  const dataSpecs: OpenDataSource['dataSpecs'] = [];
  const specFor = (id: string, sample: OpenValue | undefined, lang: ApprovalLanguage): string | undefined => {
    const fields = sample?.type === 'map' ? sample.fields : undefined;
    if (!fields) return undefined;
    const variables: Variable[] = Object.entries(fields).map(([key, value]) => {
      const variable: Variable = {
        fieldName: key,
        label: fieldLabel(key, lang),
        fieldType: value ? fieldTypeOf(value) : 'string',
      };
      const nested = value ? specFor(`${id}.${key}`, value.type === 'list' ? value.items[0] : value, lang) : undefined;
      if (nested) variable.specId = nested;
      return variable;
    });
    dataSpecs.push({ id, variables });
    return id;
  };
  const toVariables = (group: ApprovalGroupName, variables: ApprovalVariable[]): Variable[] =>
    variables.map((v) => {
      const variable: Variable = { fieldName: v.fieldName, label: v.label, fieldType: v.fieldType };
      const sample = v.value.type === 'list' ? v.value.items[0] : v.value;
      const specId = specFor(`${group}.${v.fieldName}`, sample, mapping.lang);
      if (specId) variable.specId = specId;
      return variable;
    });
  return {
    groups: [
      { name: 'form', variables: toVariables('form', mapping.form) },
      { name: 'system', variables: toVariables('system', mapping.system) },
    ],
    dataSpecs,
  };
}
