/**
 * The templates of a host's base on this device: stored like any template, bound to the host
 * table's id (and the base's id), so the editor, the render worker and sync treat them as they
 * treat local ones. A new one starts as a record card of the table's first fields, so it prints
 * something of the record straight away. With a server login they are kept on the server too
 * (`syncHostTemplates`, through the main API's print-templates calls); the device copy stays the
 * one everything reads, so printing inside a host works offline.
 */
import { EditorMode } from '../../core/model';
import { legalizeVariableName } from '../../core/naming/names';
import type { TemplateCategory } from '../../host/base';
import {
  type BaseTemplateDevice,
  type DeviceTemplate,
  type SyncReport,
  storedMarks,
  syncBaseTemplates,
} from '../../host/baseTemplates';
import type { HostField } from '../../host/protocol';
import type { TemplateRow } from '../../storage/types';
import { getStorage } from '../services/storage';
import { approvalBinding } from '../services/templates';
import { baseServer } from './baseServer';

// The record card a new template starts as is shared with the non-host `preview/add` (#32).
export { starterContent } from '../services/starterContent';

import { starterContent } from '../services/starterContent';

export async function listHostTemplates(tableId: string): Promise<TemplateRow[]> {
  const storage = await getStorage();
  const rows = await storage.templates.list({ tableId });
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

export async function createHostTemplate(input: {
  baseId: string;
  tableId: string;
  name: string;
  category: TemplateCategory;
  fields: readonly HostField[];
}): Promise<TemplateRow> {
  const storage = await getStorage();
  return storage.templates.create({
    name: input.name,
    baseId: input.baseId,
    tableId: input.tableId,
    category: input.category,
    type: EditorMode.Docs,
    content: starterContent(input.fields),
  });
}

export async function getHostTemplate(templateId: string): Promise<TemplateRow | undefined> {
  return (await getStorage()).templates.get(templateId);
}

/** The printable items of an approval's form, named as the approval mapping names their variables. */
export function approvalStarterFields(design: Record<string, unknown>): Array<{ name: string; variable: string }> {
  const form = Array.isArray(design.form) ? (design.form as unknown[]) : [];
  return form.flatMap((item) => {
    const { name, printable } = (item ?? {}) as { name?: unknown; printable?: unknown };
    if (typeof name !== 'string' || name.trim() === '' || printable === false) return [];
    return [{ name, variable: legalizeVariableName(name.trim()) }];
  });
}

export async function createApprovalHostTemplate(input: {
  approvalCode: string;
  name: string;
  design: Record<string, unknown>;
}): Promise<TemplateRow> {
  const storage = await getStorage();
  return storage.templates.create({
    name: input.name,
    baseId: 'local',
    tableId: approvalBinding(input.approvalCode),
    type: EditorMode.Docs,
    content: starterContent(approvalStarterFields(input.design)),
  });
}

/** This device's templates as the base-template sync sees them. */
const deviceTemplates: BaseTemplateDevice = {
  async list(tableId) {
    return (await (await getStorage()).templates.list({ tableId })).map(toDeviceTemplate);
  },
  async create(template) {
    return toDeviceTemplate(await (await getStorage()).templates.create(template));
  },
  async save(id, patch, revision) {
    return toDeviceTemplate(await (await getStorage()).templates.save(id, patch, revision));
  },
  async remove(id) {
    await (await getStorage()).templates.delete(id);
  },
};

function toDeviceTemplate(row: TemplateRow): DeviceTemplate {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    type: row.type,
    category: row.category,
    baseId: row.baseId,
    tableId: row.tableId,
    revision: row.revision,
  };
}

export type HostTemplateSync =
  | { status: 'device' }
  | { status: 'synced'; report: SyncReport }
  | { status: 'unreachable'; error: unknown };

/**
 * The table's templates brought in line with the server's (when this device is signed in to one
 * and can reach it); the device's copies stay what the screens, the editor and printing read.
 */
export async function syncHostTemplates(input: {
  baseId: string;
  tableId: string;
  token: string;
  readOnly?: boolean;
}): Promise<HostTemplateSync> {
  const server = baseServer(input.baseId);
  if (!server) return { status: 'device' };
  try {
    await server.bind(input.token);
    const report = await syncBaseTemplates({
      baseId: input.baseId,
      tableId: input.tableId,
      server: server.templates(input.token),
      device: deviceTemplates,
      marks: storedMarks(window.localStorage),
      readOnly: input.readOnly,
    });
    return { status: 'synced', report };
  } catch (error) {
    return { status: 'unreachable', error };
  }
}
