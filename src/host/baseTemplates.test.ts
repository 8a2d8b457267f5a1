import { describe, expect, it } from 'vitest';
import { QuireError } from '../core/errors';
import {
  type BaseTemplateDevice,
  type BaseTemplateServer,
  DEVICE_COPY_SUFFIX,
  type DeviceTemplate,
  type ServerTemplate,
  storedMarks,
  syncBaseTemplates,
} from './baseTemplates';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** The server's print-templates calls over a map, with version locks and a table lock. */
function fakeServer() {
  const rows = new Map<string, ServerTemplate>();
  let locked = false;
  const server: BaseTemplateServer & { rows: typeof rows; lock(on: boolean): void } = {
    rows,
    lock: (on) => {
      locked = on;
    },
    async list(tableId) {
      return [...rows.values()].filter((row) => row.tableId === tableId);
    },
    async create(template) {
      if (locked) throw new QuireError('Forbidden', { detail: 'locked' });
      const row: ServerTemplate = { ...template, version: 1 };
      rows.set(row.id, row);
      return row;
    },
    async save(id, body) {
      if (locked) throw new QuireError('Forbidden', { detail: 'locked' });
      const row = rows.get(id);
      if (!row) throw new QuireError('NoTempalte');
      if (row.version !== body.lastVersion) throw new QuireError('VersionConflict');
      const next = { ...row, name: body.name, content: body.content, version: row.version + 1 };
      rows.set(id, next);
      return next;
    },
  };
  return server;
}

function fakeDevice() {
  const rows = new Map<string, DeviceTemplate>();
  const device: BaseTemplateDevice & { rows: typeof rows } = {
    rows,
    async list(tableId) {
      return [...rows.values()].filter((row) => row.tableId === tableId);
    },
    async create(template) {
      if (rows.has(template.id)) throw new Error(`duplicate ${template.id}`);
      const row = { ...template, revision: 1 };
      rows.set(row.id, row);
      return row;
    },
    async save(id, patch, revision) {
      const row = rows.get(id);
      if (!row || row.revision !== revision) throw new QuireError('VersionConflict');
      const next = { ...row, ...patch, revision: row.revision + 1 };
      rows.set(id, next);
      return next;
    },
    async remove(id) {
      rows.delete(id);
    },
  };
  return device;
}

const template = (id: string, name: string, content = `{"n":"${name}"}`) => ({
  id,
  name,
  content,
  type: 1,
  category: 1 as const,
  baseId: 'b1',
  tableId: 't1',
});

describe('a base table’s templates on the server and on this device', () => {
  function setup() {
    const server = fakeServer();
    const marks = storedMarks(memoryStore());
    const deviceA = fakeDevice();
    const deviceB = fakeDevice();
    const run = (device: ReturnType<typeof fakeDevice>, readOnly = false, deviceMarks = marks) =>
      syncBaseTemplates({ baseId: 'b1', tableId: 't1', server, device, marks: deviceMarks, readOnly });
    return { server, marks, deviceA, deviceB, run };
  }

  it('sends a template made on this device to the server, and another device gets it', async () => {
    const { server, deviceA, deviceB, run } = setup();
    await deviceA.create(template('tpl1', 'Invoice'));
    expect(await run(deviceA)).toMatchObject({ created: 1, pulled: 0 });
    expect(server.rows.get('tpl1')).toMatchObject({ name: 'Invoice', version: 1, baseId: 'b1', tableId: 't1' });

    const otherMarks = storedMarks(memoryStore());
    expect(await run(deviceB, false, otherMarks)).toMatchObject({ pulled: 1, created: 0 });
    expect(deviceB.rows.get('tpl1')).toMatchObject({ name: 'Invoice', content: '{"n":"Invoice"}' });
    // Nothing moved: a second pass changes nothing.
    expect(await run(deviceA)).toMatchObject({ created: 0, pulled: 0, pushed: 0 });
  });

  it('pushes an edit made here with its last version, and takes one made elsewhere', async () => {
    const { server, deviceA, run } = setup();
    await deviceA.create(template('tpl1', 'Invoice'));
    await run(deviceA);
    await deviceA.save('tpl1', { name: 'Invoice', content: '{"edited":1}' }, 1);
    expect(await run(deviceA)).toMatchObject({ pushed: 1 });
    expect(server.rows.get('tpl1')).toMatchObject({ content: '{"edited":1}', version: 2 });

    await server.save('tpl1', { name: 'Invoice 2', content: '{"elsewhere":1}', lastVersion: 2 });
    expect(await run(deviceA)).toMatchObject({ pulled: 1, pushed: 0 });
    expect(deviceA.rows.get('tpl1')).toMatchObject({ name: 'Invoice 2', content: '{"elsewhere":1}' });
  });

  it('never overwrites silently: both sides changed → this device’s copy is kept as a new template', async () => {
    const { server, deviceA, run } = setup();
    await deviceA.create(template('tpl1', 'Invoice'));
    await run(deviceA);
    await deviceA.save('tpl1', { name: 'Invoice', content: '{"mine":1}' }, 1);
    await server.save('tpl1', { name: 'Invoice', content: '{"theirs":1}', lastVersion: 1 });

    const report = await run(deviceA);
    expect(report.conflicts).toHaveLength(1);
    const copyId = report.conflicts[0] ?? '';
    expect(deviceA.rows.get('tpl1')?.content).toBe('{"theirs":1}');
    expect(deviceA.rows.get(copyId)).toMatchObject({ name: `Invoice${DEVICE_COPY_SUFFIX}`, content: '{"mine":1}' });
    // The copy reached the server too; the server's version is untouched.
    expect(server.rows.get(copyId)?.content).toBe('{"mine":1}');
    expect(server.rows.get('tpl1')).toMatchObject({ content: '{"theirs":1}', version: 2 });
    expect(await run(deviceA)).toMatchObject({ pulled: 0, pushed: 0, created: 0, conflicts: [] });
  });

  it('removes here what another device deleted on the server, unless it changed here since', async () => {
    const { server, deviceA, run } = setup();
    await deviceA.create(template('tpl1', 'Gone'));
    await deviceA.create(template('tpl2', 'Kept'));
    await run(deviceA);
    server.rows.delete('tpl1');
    server.rows.delete('tpl2');
    await deviceA.save('tpl2', { name: 'Kept', content: '{"changed":1}' }, 1);
    const report = await run(deviceA);
    expect(report.removed).toBe(1);
    expect(deviceA.rows.has('tpl1')).toBe(false);
    expect(server.rows.get('tpl2')?.content).toBe('{"changed":1}');
  });

  it('a locked table: the server’s refusal is reported, the device copy stays and is sent once unlocked', async () => {
    const { server, deviceA, run } = setup();
    server.lock(true);
    await deviceA.create(template('tpl1', 'Draft'));
    const refused = await run(deviceA);
    expect(refused.errors.map((e) => e.errorName)).toEqual(['Forbidden']);
    expect(deviceA.rows.has('tpl1')).toBe(true);
    // Read-only passes send nothing at all.
    expect((await run(deviceA, true)).errors).toEqual([]);
    server.lock(false);
    expect(await run(deviceA)).toMatchObject({ created: 1, errors: [] });
  });

  it('leaves other bases’ templates of the same table id alone', async () => {
    const { server, deviceA, run } = setup();
    await deviceA.create({ ...template('other', 'Other base'), baseId: 'b2' });
    await run(deviceA);
    expect(server.rows.size).toBe(0);
    expect(deviceA.rows.has('other')).toBe(true);
  });

  it('fails as a whole when the server cannot be listed (offline: the device copies are what there is)', async () => {
    const { server, deviceA, run } = setup();
    server.list = async () => {
      throw new QuireError('TemplateQueryError', { detail: 'network error' });
    };
    await deviceA.create(template('tpl1', 'Invoice'));
    await expect(run(deviceA)).rejects.toMatchObject({ errorName: 'TemplateQueryError' });
    expect(deviceA.rows.has('tpl1')).toBe(true);
  });
});
