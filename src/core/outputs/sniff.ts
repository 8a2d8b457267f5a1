/**
 * What a file that is not an Office Open XML package is, from its first bytes, so the refusal can
 * say it in one plain sentence: an empty file, a legacy binary Office file (.doc, .xls, .ppt) or a
 * password-protected one. Both of the latter are OLE compound files; Office keeps an encrypted
 * package in a stream named `EncryptedPackage` (its directory stores names in UTF-16LE).
 */

export type NotAPackage = 'empty-file' | 'legacy-format' | 'password-protected';

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ENCRYPTED_STREAM = 'EncryptedPackage';

function hasUtf16Name(bytes: Uint8Array, name: string): boolean {
  const first = name.charCodeAt(0);
  outer: for (let i = 0; i + name.length * 2 <= bytes.length; i++) {
    if (bytes[i] !== first || bytes[i + 1] !== 0) continue;
    for (let k = 1; k < name.length; k++) {
      if (bytes[i + 2 * k] !== name.charCodeAt(k) || bytes[i + 2 * k + 1] !== 0) continue outer;
    }
    return true;
  }
  return false;
}

/** Undefined when the bytes may be a zip package (the package reader judges the rest). */
export function notAPackage(bytes: Uint8Array): NotAPackage | undefined {
  if (bytes.length === 0) return 'empty-file';
  if (bytes.length < OLE_MAGIC.length || OLE_MAGIC.some((b, i) => bytes[i] !== b)) return undefined;
  return hasUtf16Name(bytes, ENCRYPTED_STREAM) ? 'password-protected' : 'legacy-format';
}

/** The sentence for each, for the CLI and logs (the app shows its translated `refused.*` text). */
export const NOT_A_PACKAGE_REASON: Record<NotAPackage, string> = {
  'empty-file': 'the file is empty (0 bytes)',
  'legacy-format':
    'this is an old binary Office file (.doc, .xls or .ppt): open it in Word, Excel or PowerPoint and save it as .docx, .xlsx or .pptx',
  'password-protected':
    'the file is protected with a password: open it, remove the password (File › Info › Protect) and save it again',
};
