import type { StorageContext } from '../context';
import { write } from '../context';
import type { SignatureRow } from '../types';

/** The id of the signature saved before anyone signed in on this device. */
export const LOCAL_SIGNATURE_ID = 'local';
/** The id of a signed-in account's signature. */
export const accountSignatureId = (accountId: string) => `user:${accountId}`;

type NewSignature = Omit<SignatureRow, 'updatedAt' | 'serverSavedAt'>;

/**
 * Saved signatures (#31). A save replaces the signer's row whole; on a failed write nothing is kept
 * in the pending buffer because the drawing stays on the pad, where the person saves again.
 */
export function createSignatureRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    get(id: string): Promise<SignatureRow | undefined> {
      return db.signatures.get(id);
    },
    list(): Promise<SignatureRow[]> {
      return db.signatures.toArray();
    },
    async save(signature: NewSignature): Promise<SignatureRow> {
      const row: SignatureRow = { ...signature, updatedAt: ctx.now() };
      await write(ctx, { action: 'signature.save', stores: ['signatures'], keys: [row.id] }, () =>
        db.signatures.put(row),
      );
      return row;
    },
    /** The server holds the image saved at `updatedAt`; a newer local save is not marked. */
    async markServerSaved(id: string, updatedAt: number, at = ctx.now()): Promise<void> {
      await write(ctx, { action: 'signature.serverSaved', stores: ['signatures'], keys: [id] }, async () => {
        const row = await db.signatures.get(id);
        if (row && row.updatedAt === updatedAt) await db.signatures.put({ ...row, serverSavedAt: at });
      });
    },
    async remove(id: string): Promise<void> {
      await write(ctx, { action: 'signature.remove', stores: ['signatures'], keys: [id] }, () =>
        db.signatures.delete(id),
      );
    },
  };
}
