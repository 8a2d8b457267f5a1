/**
 * Printing for every screen: the render pools (workers), the print sources of local data with the
 * app's own record links, and the file-name rule of each template. Screens call these; they do not
 * reach into each other's modules for them.
 */
import type { RecordLinks } from '../../core/print/input';
import type { PrintSource } from '../../core/print/sources';
import { loadApprovalSource, loadTableSources, type Storage } from '../../storage';
import { signaturesEnabled } from './signatureGate';

export {
  assembleInWorker,
  getPreviewPool,
  getRenderPool,
  renderLivePreview,
  renderPreview,
  warmPreview,
} from '../../../workers/browser-pool';

/**
 * Local records have no server share page: a QR code of the current record links to the record
 * in this app, and the current view to its table.
 */
export function appRecordLinks(tableId: string, recordId: string): RecordLinks {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const table = encodeURIComponent(tableId);
  const record = `${origin}/baseplugin/t/${table}?record=${encodeURIComponent(recordId)}`;
  return { currentRecord: record, recordShareUrl: record, currentView: `${origin}/baseplugin/t/${table}` };
}

/** Nothing to print: a template shown with no record (its placeholders stay empty). */
export const EMPTY_SOURCE: PrintSource = { kind: 'data', data: {} };

/**
 * One table record as a print source, with the bytes of all its local files (an attachment
 * template prints them; one record's files are few); a record deleted meanwhile prints empty.
 */
export async function tableRecordSource(storage: Storage, tableId: string, recordId: string): Promise<PrintSource> {
  const [source] = await loadTableSources(storage, tableId, [recordId], { linksFor: appRecordLinks, everyFile: true });
  return source ?? EMPTY_SOURCE;
}

/**
 * A table's records as print sources, in the order given, with the app's record links; `everyFile`
 * brings every local file's bytes, not only images (attachment templates).
 */
export function tableRecordSources(
  storage: Storage,
  tableId: string,
  recordIds: readonly string[],
  options: { everyFile?: boolean } = {},
) {
  return loadTableSources(storage, tableId, recordIds, { linksFor: appRecordLinks, ...options });
}

/** An approval instance (none: the designer's placeholders) of a stored definition. */
export async function approvalSource(storage: Storage, code: string, instanceCode?: string): Promise<PrintSource> {
  const source = (await loadApprovalSource(storage, code, instanceCode)) ?? EMPTY_SOURCE;
  // The saved signatures print only while the signature features are on (signatureGate.ts).
  if (signaturesEnabled() || !('signatures' in source)) return source;
  const { signatures: _off, ...rest } = source;
  return rest;
}

/** Plain sample data (the bundled samples). */
export function dataSource(data: Record<string, unknown>): PrintSource {
  return { kind: 'data', data };
}

/**
 * A template's file-name rule (spec 001 §9.3) lives in settings under the template id: the
 * template content has no slot for it, and the rule belongs to how this device prints.
 */
const RULE_KEY_PREFIX = 'print.fileName:';
export const DEFAULT_FILE_NAME_RULE = '{NAME}_{FIRST_FIELD}';

function fileNameRuleKey(templateId: string): string {
  return `${RULE_KEY_PREFIX}${templateId}`;
}

export function loadFileNameRule(storage: Storage, templateId: string): Promise<string> {
  return storage.settings.get<string>(fileNameRuleKey(templateId), DEFAULT_FILE_NAME_RULE);
}

export function saveFileNameRule(storage: Storage, templateId: string, rule: string): Promise<void> {
  return storage.settings.set(fileNameRuleKey(templateId), rule);
}
