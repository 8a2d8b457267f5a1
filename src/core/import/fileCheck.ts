/**
 * Cheap checks on a file's first bytes, before any parser sees it: a PDF or an image renamed .csv
 * must be refused, not imported as rows of garbage; an .xlsx must be a zip container.
 */

const SNIFF_BYTES = 8192;
/** Share of control characters above which bytes are not text (tabs and line breaks excluded). */
const MAX_CONTROL_SHARE = 0.02;

const MAGIC: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x50, 0x4b, 0x03, 0x04], // zip (xlsx, docx…)
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0xd0, 0xcf, 0x11, 0xe0], // old Office (.xls, .doc)
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // Windows executable
  [0x1f, 0x8b], // gzip
];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.length <= bytes.length && magic.every((byte, i) => bytes[i] === byte);
}

/** Whether the bytes are a zip container (what every .xlsx is). */
export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

/** Whether the bytes read as text: no known binary signature, no NUL, almost no control characters. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (MAGIC.some((magic) => startsWith(bytes, magic))) return false;
  // UTF-16 text has NULs between letters but starts with a byte-order mark.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  const head = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return head.length === 0 || control / head.length <= MAX_CONTROL_SHARE;
}
