import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { QuireError } from '../core/errors';
import { classifyStorageFailure, estimateUsage, requestPersistence, storageFailureKind } from './failures';
import { PendingWrites } from './pending';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('classifyStorageFailure', () => {
  it('recognises a plain QuotaExceededError', () => {
    const error = classifyStorageFailure(quota());
    expect(error?.errorName).toBe('StorageQuotaExceeded');
    expect(error?.code).toBe('STORAGE_QUOTA_EXCEEDED');
  });

  it('recognises a quota error wrapped inside an AbortError (Dexie `inner`, standard `cause`)', () => {
    const dexieAbort = new Dexie.AbortError('Transaction aborted', quota());
    expect(storageFailureKind(dexieAbort)).toBe('StorageQuotaExceeded');
    const causeAbort = new DOMException('aborted', 'AbortError');
    Object.defineProperty(causeAbort, 'cause', { value: quota() });
    expect(storageFailureKind(causeAbort)).toBe('StorageQuotaExceeded');
    // Firefox's legacy name and WebKit's numeric code
    expect(storageFailureKind({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe('StorageQuotaExceeded');
    expect(storageFailureKind({ name: 'Error', code: 22 })).toBe('StorageQuotaExceeded');
  });

  it('treats private-mode InvalidStateError and missing IndexedDB as unavailable', () => {
    expect(storageFailureKind(new DOMException('mutation not allowed', 'InvalidStateError'))).toBe(
      'StorageUnavailable',
    );
    expect(storageFailureKind(new Dexie.MissingAPIError('IndexedDB API missing'))).toBe('StorageUnavailable');
    expect(
      storageFailureKind(new Dexie.OpenFailedError('open failed', new DOMException('x', 'InvalidStateError'))),
    ).toBe('StorageUnavailable');
    expect(storageFailureKind(new Error('Connection to Indexed Database server lost. Refresh the page'))).toBe(
      'StorageUnavailable',
    );
  });

  it('leaves unrelated errors alone', () => {
    expect(classifyStorageFailure(new Dexie.ConstraintError('Key already exists'))).toBeUndefined();
    expect(classifyStorageFailure(new QuireError('VersionConflict'))).toBeUndefined();
    expect(classifyStorageFailure('nope')).toBeUndefined();
    const already = new QuireError('StorageUnavailable');
    expect(classifyStorageFailure(already)).toBe(already);
  });
});

describe('persistence and usage', () => {
  it('requests persistence once and reports the answer', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistence({ persist, persisted: async () => false })).toBe('granted');
    expect(persist).toHaveBeenCalledOnce();
    expect(await requestPersistence({ persist: async () => false })).toBe('denied');
    expect(await requestPersistence({})).toBe('unsupported');
    expect(await requestPersistence(undefined)).toBe('unsupported');
  });

  it('estimates usage as bytes and a percentage', async () => {
    expect(await estimateUsage({ estimate: async () => ({ usage: 250, quota: 1000 }) })).toEqual({
      usage: 250,
      quota: 1000,
      percent: 25,
    });
    expect(await estimateUsage({})).toBeUndefined();
  });
});

describe('PendingWrites', () => {
  it('keeps the newest copy per key, notifies, and exports a JSON download', async () => {
    const buffer = new PendingWrites();
    const seen: number[] = [];
    buffer.subscribe((items) => seen.push(items.length));
    buffer.keep({ key: 'template:a', label: 'Save', payload: { v: 1 }, reason: 'StorageQuotaExceeded', failedAt: 1 });
    buffer.keep({ key: 'template:a', label: 'Save', payload: { v: 2 }, reason: 'StorageQuotaExceeded', failedAt: 2 });
    buffer.keep({ key: 'record:r', label: 'Edit', payload: { x: 'y' }, reason: 'StorageQuotaExceeded', failedAt: 3 });
    expect(buffer.size).toBe(2);
    const blob = buffer.toBlob(Date.UTC(2026, 10, 22, 6, 30));
    expect(blob.type).toBe('application/json');
    const json = JSON.parse(await blob.text());
    expect(json.format).toBe('quire-unsaved');
    expect(json.items.map((i: { payload: unknown }) => i.payload)).toEqual([{ v: 2 }, { x: 'y' }]);
    expect(buffer.fileName(Date.UTC(2026, 10, 22, 6, 30))).toBe('quire-unsaved-2026-11-22T06-30-00.json');
    buffer.resolve('template:a');
    expect(buffer.list().map((i) => i.key)).toEqual(['record:r']);
    expect(seen).toEqual([1, 1, 2, 1]);
  });
});
