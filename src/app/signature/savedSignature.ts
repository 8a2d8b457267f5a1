/**
 * Where the person's signature lives: on this device first (the storage's `signatures` table), and,
 * when signed in to a Quire server, with the account too. A device that signs in and has no
 * signature of that account takes the account's copy.
 */
import type { SignatureDto } from '../../api/contract';
import { base64ToBytes, bytesToBase64, pngInfo } from '../../core/data/signatureImage';
import { accountSignatureId, LOCAL_SIGNATURE_ID } from '../../storage/repos/signatures';
import type { SignatureRow } from '../../storage/types';
import { getStorage } from '../services/storage';
import { serverApi, serverLogin } from '../services/sync/server';
import { DEFAULT_PEN_WIDTH } from './strokes';

/** This device's id for the signer: the signed-in account's, else the device's own. */
function signerId(): string {
  const login = serverLogin();
  return login ? accountSignatureId(login.userId) : LOCAL_SIGNATURE_ID;
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;

/** The signer's saved signature: this device's row, else (signed in) the account's copy kept here. */
export async function loadSignature(): Promise<SignatureRow | undefined> {
  const storage = await getStorage();
  const id = signerId();
  const row = (await storage.signatures.get(id)) ?? (await storage.signatures.get(LOCAL_SIGNATURE_ID));
  if (row || id === LOCAL_SIGNATURE_ID) return row;
  let remote: SignatureDto;
  try {
    remote = await serverApi().user.signature.get();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const bytes = base64ToBytes(remote.png);
  if (!bytes || !pngInfo(bytes)) return undefined;
  const name =
    (
      await serverApi()
        .user.get()
        .catch(() => undefined)
    )?.name ?? '';
  const saved = await storage.signatures.save({
    id,
    png: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
    width: remote.width,
    height: remote.height,
    penWidth: DEFAULT_PEN_WIDTH,
    name,
  });
  await storage.signatures.markServerSaved(id, saved.updatedAt);
  return { ...saved, serverSavedAt: Date.now() };
}

interface SaveOutcome {
  row: SignatureRow;
  /** undefined: not signed in; true: the account has it; else the server's refusal. */
  server: true | undefined | { error: unknown };
}

/** Saves on the device (the part that must not fail silently), then sends it to the account. */
export async function saveSignature(input: {
  png: Blob;
  width: number;
  height: number;
  penWidth: number;
  name: string;
}): Promise<SaveOutcome> {
  const storage = await getStorage();
  const id = signerId();
  const row = await storage.signatures.save({ id, ...input });
  if (id === LOCAL_SIGNATURE_ID) return { row, server: undefined };
  try {
    await serverApi().user.signature.put(bytesToBase64(new Uint8Array(await input.png.arrayBuffer())));
    await storage.signatures.markServerSaved(id, row.updatedAt);
    return { row, server: true };
  } catch (error) {
    return { row, server: { error } };
  }
}

export async function deleteSignature(): Promise<void> {
  const storage = await getStorage();
  const id = signerId();
  await storage.signatures.remove(id);
  if (id !== LOCAL_SIGNATURE_ID) await serverApi().user.signature.remove();
}
