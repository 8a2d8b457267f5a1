import { parseApprovalDefinition, parseApprovalInstance } from '../core/data/approval';
import { type ErrorIssue, isQuireError, QuireError } from '../core/errors';
import { newId, write } from './context';
import type { Storage } from './storage';
import type { ApprovalDefinitionRow, ApprovalInstanceRow } from './types';

/**
 * Import approval definitions and instances from JSON files. Accepted shapes:
 * `{ definition, instances }` (also `design`/`approval` for `definition`), an array of those,
 * `{ definitions: [...], instances: [...] }` with each instance naming its `approval_code`, or a bare
 * definition. Rows are stored as given (lossless); the data layer's schemas only validate them.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Bundle {
  definitions: { path: string; value: Json }[];
  instances: { path: string; value: Json; approvalCode?: string }[];
}

function collect(value: unknown, path: string, bundle: Bundle, issues: ErrorIssue[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      collect(item, `${path}[${i}]`, bundle, issues);
    });
    return;
  }
  if (!isObject(value)) {
    issues.push({ path: path || '(root)', reason: 'expected an object' });
    return;
  }
  const definition = value.definition ?? value.design ?? value.approval;
  if (isObject(definition)) {
    const code = typeof definition.approval_code === 'string' ? definition.approval_code : undefined;
    bundle.definitions.push({ path: `${path}.definition`.replace(/^\./, ''), value: definition });
    const instances = Array.isArray(value.instances) ? value.instances : [];
    instances.forEach((inst, i) => {
      const p = `${path}.instances[${i}]`.replace(/^\./, '');
      if (isObject(inst)) bundle.instances.push({ path: p, value: inst, ...(code ? { approvalCode: code } : {}) });
      else issues.push({ path: p, reason: 'expected an object' });
    });
    return;
  }
  if (Array.isArray(value.definitions) || Array.isArray(value.instances)) {
    if (Array.isArray(value.definitions))
      collect(value.definitions, `${path}.definitions`.replace(/^\./, ''), bundle, issues);
    (Array.isArray(value.instances) ? value.instances : []).forEach((inst, i) => {
      const p = `${path}.instances[${i}]`.replace(/^\./, '');
      if (isObject(inst)) bundle.instances.push({ path: p, value: inst });
      else issues.push({ path: p, reason: 'expected an object' });
    });
    return;
  }
  if ('approval_code' in value && ('form' in value || 'approval_name' in value)) {
    bundle.definitions.push({ path: path || '(root)', value });
    return;
  }
  if ('content_data' in value || 'serial_id' in value) {
    bundle.instances.push({ path: path || '(root)', value });
    return;
  }
  issues.push({ path: path || '(root)', reason: 'neither an approval definition nor an instance' });
}

function validate<T>(parse: (v: unknown) => T, value: unknown, path: string, issues: ErrorIssue[]): void {
  try {
    parse(value);
  } catch (error) {
    if (!isQuireError(error)) throw error;
    for (const issue of error.issues)
      issues.push({ path: issue.path ? `${path}.${issue.path}` : path, reason: issue.reason });
  }
}

interface ApprovalImportResult {
  definitions: string[];
  instances: number;
}

/** Validate every item first, then write all of them in one transaction. */
export async function importApprovalJson(storage: Storage, text: string): Promise<ApprovalImportResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new QuireError('ImportError', {
      detail: 'invalid JSON',
      issues: [{ path: '', reason: `not valid JSON: ${reason}` }],
    });
  }
  const bundle: Bundle = { definitions: [], instances: [] };
  const issues: ErrorIssue[] = [];
  collect(parsed, '', bundle, issues);

  const now = storage.ctx.now();
  const definitions: ApprovalDefinitionRow[] = [];
  for (const { path, value } of bundle.definitions) {
    validate(parseApprovalDefinition, value, path, issues);
    const code = value.approval_code;
    if (typeof code !== 'string' || code.trim() === '') {
      issues.push({ path: `${path}.approval_code`, reason: 'required' });
      continue;
    }
    const name = typeof value.approval_name === 'string' ? value.approval_name : code;
    definitions.push({ code, name, design: value, updatedAt: now });
  }
  const known = new Set(definitions.map((d) => d.code));
  const instances: ApprovalInstanceRow[] = [];
  for (const { path, value, approvalCode } of bundle.instances) {
    validate(parseApprovalInstance, value, path, issues);
    const owner = approvalCode ?? (typeof value.approval_code === 'string' ? value.approval_code : undefined);
    if (!owner) {
      issues.push({ path, reason: 'the instance does not say which approval (approval_code) it belongs to' });
      continue;
    }
    if (!known.has(owner) && !(await storage.approvals.getDefinition(owner))) {
      issues.push({ path, reason: `unknown approval "${owner}": import its definition too` });
      continue;
    }
    const code = [value.instance_code, value.instance_id, value.serial_id].find(
      (v) => typeof v === 'string' && v !== '',
    );
    instances.push({
      code: (code as string | undefined) ?? newId('ins'),
      approvalCode: owner,
      instance: value,
      updatedAt: now,
    });
  }
  if (issues.length > 0) {
    throw new QuireError('ImportError', {
      detail: `${issues[0]!.path}: ${issues[0]!.reason}`,
      issues: issues.slice(0, 50),
    });
  }
  if (definitions.length === 0 && instances.length === 0) {
    throw new QuireError('ImportError', {
      detail: 'empty file',
      issues: [{ path: '', reason: 'no approval definitions or instances found' }],
    });
  }
  await write(
    storage.ctx,
    {
      action: 'approval.import',
      stores: ['approvalDefinitions', 'approvalInstances'],
      keys: definitions.map((d) => d.code),
    },
    async () => {
      if (definitions.length > 0) await storage.db.approvalDefinitions.bulkPut(definitions);
      if (instances.length > 0) await storage.db.approvalInstances.bulkPut(instances);
    },
  );
  return { definitions: definitions.map((d) => d.code), instances: instances.length };
}
