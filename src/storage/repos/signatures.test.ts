import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { RGBA_PNG_BASE64 } from '../../core/data/__fixtures__/signaturePngs';
import { base64ToBytes } from '../../core/data/signatureImage';
import { buildPrintInput } from '../../core/print/build';
import { CURRENT_SCHEMA_VERSION, openQuireDb, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3 } from '../db';
import { loadApprovalSource, loadSavedSignatures } from '../printSources';
import type { Storage } from '../storage';
import { freshIndexedDB, openTestStorage } from '../testing';
import { accountSignatureId, LOCAL_SIGNATURE_ID } from './signatures';

// Written by Python's zlib (src/core/data/__fixtures__/make_signature_pngs.py).
const PNG = base64ToBytes(RGBA_PNG_BASE64) ?? new Uint8Array();
const pngBlob = () => new Blob([new Uint8Array(PNG)], { type: 'image/png' });

let storage: Storage | undefined;
afterEach(() => storage?.close());

describe('saved signatures on the device', () => {
  it('keeps the PNG bytes, replaces a signer’s row on save and lists every signer', async () => {
    let now = 1000;
    storage = await openTestStorage({ now: () => now });
    await storage.signatures.save({
      id: LOCAL_SIGNATURE_ID,
      png: pngBlob(),
      width: 120,
      height: 40,
      penWidth: 3,
      name: 'Ann',
    });
    now = 2000;
    const again = await storage.signatures.save({
      id: LOCAL_SIGNATURE_ID,
      png: pngBlob(),
      width: 120,
      height: 40,
      penWidth: 5,
      name: 'Ann Lee',
    });
    expect(again.updatedAt).toBe(2000);
    await storage.signatures.save({
      id: accountSignatureId('u1'),
      png: pngBlob(),
      width: 120,
      height: 40,
      penWidth: 2,
      name: 'Bob',
    });

    const row = await storage.signatures.get(LOCAL_SIGNATURE_ID);
    expect(row).toMatchObject({ name: 'Ann Lee', penWidth: 5, updatedAt: 2000 });
    expect(new Uint8Array(await row!.png.arrayBuffer())).toEqual(new Uint8Array(PNG));
    expect((await storage.signatures.list()).map((r) => r.id).sort()).toEqual(['local', 'user:u1']);
  });

  it('marks the server copy only for the image the server got', async () => {
    let now = 1000;
    storage = await openTestStorage({ now: () => now });
    const first = await storage.signatures.save({
      id: 'user:u1',
      png: pngBlob(),
      width: 1,
      height: 1,
      penWidth: 2,
      name: 'A',
    });
    now = 1500;
    await storage.signatures.save({ id: 'user:u1', png: pngBlob(), width: 2, height: 1, penWidth: 2, name: 'A' });
    // The upload of the first image answers after the second save: the row stays unsaved on the server.
    await storage.signatures.markServerSaved('user:u1', first.updatedAt, 1600);
    expect((await storage.signatures.get('user:u1'))?.serverSavedAt).toBeUndefined();
    await storage.signatures.markServerSaved('user:u1', 1500, 1700);
    expect((await storage.signatures.get('user:u1'))?.serverSavedAt).toBe(1700);
    await storage.signatures.remove('user:u1');
    expect(await storage.signatures.get('user:u1')).toBeUndefined();
  });

  it('a version 3 database upgrades to version 4 with its rows kept and an empty signatures table', async () => {
    const deps = freshIndexedDB();
    const old = new Dexie('quire', deps);
    old.version(1).stores(SCHEMA_V1);
    old.version(2).stores(SCHEMA_V2);
    old.version(3).stores(SCHEMA_V3);
    await old.open();
    await old.table('settings').put({ key: 'k', value: 'kept' });
    old.close();

    const db = await openQuireDb(deps);
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(CURRENT_SCHEMA_VERSION).toBe(4);
    expect(await db.settings.get('k')).toEqual({ key: 'k', value: 'kept' });
    expect(await db.signatures.count()).toBe(0);
    db.close();
  });

  it('approval print sources carry the saved signatures, which print for the signer’s approved entry', async () => {
    storage = await openTestStorage();
    await storage.signatures.save({
      id: LOCAL_SIGNATURE_ID,
      png: pngBlob(),
      width: 120,
      height: 40,
      penWidth: 3,
      name: 'Bo Chen',
    });
    // A row without a name matches nobody, so it is not sent.
    await storage.signatures.save({ id: 'user:u9', png: pngBlob(), width: 120, height: 40, penWidth: 3, name: ' ' });
    const image = `data:image/png;base64,${RGBA_PNG_BASE64}`;
    expect(await loadSavedSignatures(storage)).toEqual([{ name: 'Bo Chen', image }]);

    const process = [
      { nodeName: 'Manager', userName: 'Bo Chen', operation: 'APPROVED', time: 1710036000000 },
      { nodeName: 'CFO', userName: 'Bo Chen', operation: 'PENDING', time: null },
    ];
    await storage.approvals.put(
      { code: 'A1', name: 'Leave', design: { approval_name: 'Leave', form: [] }, updatedAt: 1 },
      [{ code: 'I1', approvalCode: 'A1', instance: { approval_processes_data: { data: process } }, updatedAt: 1 }],
    );
    const source = await loadApprovalSource(storage, 'A1', 'I1');
    expect(source).toMatchObject({ kind: 'approval', signatures: [{ name: 'Bo Chen', image }] });
    const input = buildPrintInput(source);
    // The open values as plain JSON: the image of each node's entry.
    const byNode = JSON.parse(JSON.stringify(input.scope.signatureByNode ?? null));
    expect(byNode).toMatchObject({
      fields: {
        Manager: { fields: { image: { type: 'string', value: image } } },
        CFO: { fields: { image: { type: 'string', value: '' } } },
      },
    });
    // The designer's placeholders (no instance) need no signatures.
    expect(await loadApprovalSource(storage, 'A1')).not.toHaveProperty('signatures');
  });
});
