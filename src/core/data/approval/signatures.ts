/**
 * Signature variables (spec 001 §3.10, §4) from an instance's approval process entries, in four
 * groupings: by person, by node (one entry each), and lists by person, lists by node.
 *
 * Rules: entries whose node name is '' or '-' are ignored; approved entries, auto-skipped ones
 * included, show the signature image (so does the applicant's submission); in-progress entries keep their place without an image
 * (`signatureImage` included);
 * comment and carbon-copy entries appear in lists but never in the single-value maps; a user's
 * signature image carries forward to their later entries that have none; an entry with no image
 * at all takes the signature the person saved in Quire (`knownSignatures`, #31).
 */
import { legalPathSegment } from '../../expr/names';
import { list, map, type OpenValue, str } from '../openValue';
import { type ApprovalLanguage, EMPTY, operationLabel } from './labels';
import type { ProcessEntry } from './types';
import { approvalDateTime } from './values';

export type Operation =
  | 'START'
  | 'APPROVED'
  | 'AUTO_PASS'
  | 'REJECTED'
  | 'PENDING'
  | 'TRANSFERRED'
  | 'ROLLBACK'
  | 'CANCELED'
  | 'COMMENT'
  | 'CC';

const OPERATION_ALIASES: Record<string, Operation> = {
  START: 'START',
  SUBMIT: 'START',
  SUBMITTED: 'START',
  APPROVED: 'APPROVED',
  APPROVE: 'APPROVED',
  PASS: 'APPROVED',
  AGREE: 'APPROVED',
  AUTO_PASS: 'AUTO_PASS',
  AUTO_SKIP: 'AUTO_PASS',
  AUTO_APPROVED: 'AUTO_PASS',
  SKIP: 'AUTO_PASS',
  REJECTED: 'REJECTED',
  REJECT: 'REJECTED',
  PENDING: 'PENDING',
  IN_PROGRESS: 'PENDING',
  RUNNING: 'PENDING',
  APPROVING: 'PENDING',
  PROCESSING: 'PENDING',
  WAITING: 'PENDING',
  NOT_START: 'PENDING',
  TRANSFERRED: 'TRANSFERRED',
  TRANSFER: 'TRANSFERRED',
  ROLLBACK: 'ROLLBACK',
  RETURNED: 'ROLLBACK',
  CANCELED: 'CANCELED',
  CANCEL: 'CANCELED',
  REVERTED: 'CANCELED',
  COMMENT: 'COMMENT',
  CC: 'CC',
  CARBON_COPY: 'CC',
};

export function normalizeOperation(operation: string): Operation | string {
  const key = operation
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return OPERATION_ALIASES[key] ?? key;
}

// The applicant's submission is a finished act too, so its signature prints like an approval.
const SHOWS_IMAGE = new Set<string>(['START', 'APPROVED', 'AUTO_PASS']);
const NOT_A_SIGNATURE = new Set<string>(['COMMENT', 'CC']);
/** An approver still deciding has signed nothing yet: no image of theirs prints anywhere (spec 001 §4). */
const IN_PROGRESS = new Set<string>(['PENDING']);

/** One signature entry as templates read it. */
interface SignatureEntry {
  /** The signature image when the entry is approved (auto-skipped too); '' otherwise. */
  image: string;
  label: string;
  timeStr: string;
  comment: string;
  nodeName: string;
  name: string;
  /** Localized label of the entry's result. */
  approveStatus: string;
  /** The user's signature image, whatever the result ('' when none is known), but never for an entry still in progress. */
  signatureImage: string;
  /** The normalized operation, for rules downstream (not a template variable). */
  operation: string;
}

export interface SignatureGroups {
  byPerson: Record<string, SignatureEntry>;
  byNode: Record<string, SignatureEntry>;
  listByPerson: Record<string, SignatureEntry[]>;
  listByNode: Record<string, SignatureEntry[]>;
  /** Every kept entry in process order. */
  entries: SignatureEntry[];
}

/**
 * A signature saved in Quire for a person (#31: drawn on `/signature/sign`), printed for that
 * person's entries whose instance carries no image of its own. Matched by approval user id when both
 * sides have one, else by the user name the process shows.
 */
export interface KnownSignature {
  userId?: string;
  name: string;
  /** The image as a URL the renderers read (a `data:image/png;base64,` URL). */
  image: string;
}

interface SignatureOptions {
  lang: ApprovalLanguage;
  timeZone: string;
  knownSignatures?: readonly KnownSignature[];
}

/** The saved image of the person behind a process entry, if any. */
function knownImageOf(step: ProcessEntry, known: readonly KnownSignature[] | undefined): string {
  if (!known || known.length === 0) return '';
  const userId = step.userId?.trim();
  const byId = userId ? known.find((k) => k.userId?.trim() === userId) : undefined;
  if (byId) return byId.image;
  const name = step.userName.trim();
  if (!name) return '';
  // Two different ids are two people, whatever their names.
  const match = known.find((k) => k.name.trim() === name && !(userId && k.userId?.trim()));
  return match?.image ?? '';
}

const orDash = (text: string | undefined) => (text && text.trim() !== '' ? text : EMPTY);

export function signatureEntries(process: readonly ProcessEntry[], options: SignatureOptions): SignatureEntry[] {
  const lastImage = new Map<string, string>();
  const entries: SignatureEntry[] = [];
  for (const step of process) {
    const nodeName = step.nodeName.trim();
    if (nodeName === '' || nodeName === '-') continue;
    const operation = normalizeOperation(step.operation);
    const userKey = step.userId || step.userName;
    const ownImage = step.signature?.img ?? '';
    if (ownImage) lastImage.set(userKey, ownImage);
    // The instance's own image first (what was signed then), then the person's earlier one, then the
    // signature they saved in Quire; an entry still in progress prints none of them.
    const signatureImage = IN_PROGRESS.has(operation)
      ? ''
      : ownImage || lastImage.get(userKey) || knownImageOf(step, options.knownSignatures);
    const time = step.time == null || step.time === '' ? EMPTY : approvalDateTime(step.time, options.timeZone);
    entries.push({
      image: SHOWS_IMAGE.has(operation) ? signatureImage : '',
      label: orDash(step.signature?.label),
      timeStr: time,
      comment: orDash(step.comment?.commentStr),
      nodeName,
      name: orDash(step.userName),
      approveStatus: operationLabel(operation, options.lang),
      signatureImage,
      operation,
    });
  }
  return entries;
}

export function groupSignatures(process: readonly ProcessEntry[], options: SignatureOptions): SignatureGroups {
  const entries = signatureEntries(process, options);
  const groups: SignatureGroups = {
    byPerson: Object.create(null),
    byNode: Object.create(null),
    listByPerson: Object.create(null),
    listByNode: Object.create(null),
    entries,
  };
  for (const entry of entries) {
    // Keys are path segments templates name (`signatureByNode.Manager.image`): made legal like any
    // generated name (spec 001 §5.1), so `J. Smith` or `Jean-Pierre` cannot break the path.
    const person = legalPathSegment(entry.name);
    const node = legalPathSegment(entry.nodeName);
    (groups.listByPerson[person] ??= []).push(entry);
    (groups.listByNode[node] ??= []).push(entry);
    if (NOT_A_SIGNATURE.has(entry.operation)) continue;
    // The latest entry wins: a re-approval after a return replaces the earlier one.
    groups.byPerson[person] = entry;
    groups.byNode[node] = entry;
  }
  return groups;
}

const SIGNATURE_FIELDS = [
  'image',
  'label',
  'timeStr',
  'comment',
  'nodeName',
  'name',
  'approveStatus',
  'signatureImage',
] as const;
export const SIGNATURE_VARIABLES: readonly string[] = SIGNATURE_FIELDS;

function signatureValue(entry: SignatureEntry): OpenValue {
  const fields: Record<string, OpenValue> = {};
  for (const key of SIGNATURE_FIELDS) fields[key] = str(entry[key]);
  return map(fields);
}

const mapOf = (record: Record<string, SignatureEntry>): OpenValue =>
  map(Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, signatureValue(entry)])));

const listMapOf = (record: Record<string, SignatureEntry[]>): OpenValue =>
  map(Object.fromEntries(Object.entries(record).map(([key, entries]) => [key, list(entries.map(signatureValue))])));

/** The four groupings as open values (maps keyed by person name / node name). */
export function signatureValues(groups: SignatureGroups) {
  return {
    signatureByPerson: mapOf(groups.byPerson),
    signatureByNode: mapOf(groups.byNode),
    signatureListByPerson: listMapOf(groups.listByPerson),
    signatureListByNode: listMapOf(groups.listByNode),
  };
}
