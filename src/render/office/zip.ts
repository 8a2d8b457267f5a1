/**
 * Office files as zip packages, read defensively: an uploaded template is data from anyone.
 * Zip bombs (size and ratio caps, checked on the declared sizes before inflating and on the real
 * ones after), path traversal in entry names, macro-enabled packages and DTDs are refused with a
 * TemplateParseError whose issue names the case.
 *
 * Entries are inflated only when a renderer reads them, and written back in their original
 * compressed form when nothing changed them: untouched parts cost nothing per record and stay
 * byte for byte what the designer uploaded.
 */

import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { QuireError } from '../../core/errors';
import { isMacroFileName } from '../../core/outputs/catalogue';
import { NOT_A_PACKAGE_REASON, type NotAPackage, notAPackage } from '../../core/outputs/sniff';
import { crc32 } from './png';

export const ZIP_LIMITS = {
  /** Sum of uncompressed entry sizes. */
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntries: 5000,
  /** Uncompressed/compressed, for entries over `ratioFloorBytes`. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** Reasons a package is refused; the issue's `path` is the entry (or '' for the whole file). */
export type PackageProblem =
  | 'not-a-zip'
  | 'zip-bomb'
  | 'path-traversal'
  | 'macro-enabled'
  | 'dtd'
  | 'missing-part'
  | NotAPackage;

export function packageError(problem: PackageProblem, path: string, detail: string): QuireError {
  return new QuireError('TemplateParseError', {
    detail: `${problem}: ${detail}`,
    issues: [{ path, reason: `${problem}: ${detail}` }],
    params: { problem },
  });
}

function isUnsafeName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..' || segment === '.');
}

/** An entry as stored in the zip: its compressed bytes, kept to be written back unchanged. */
interface StoredEntry {
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
}

type Entry = { stored: StoredEntry; bytes?: Uint8Array } | { stored?: undefined; bytes: Uint8Array };

function readEntries(bytes: Uint8Array, limits: typeof ZIP_LIMITS): Map<string, Entry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw packageError('not-a-zip', '', 'no zip directory');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count > limits.maxEntries) throw packageError('zip-bomb', '', `more than ${limits.maxEntries} entries`);
  const decoder = new TextDecoder();
  const entries = new Map<string, Entry>();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) {
      throw packageError('not-a-zip', '', 'damaged zip directory');
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (isUnsafeName(name)) throw packageError('path-traversal', name, 'unsafe entry name');
    if (flags & 1) throw packageError('not-a-zip', name, 'encrypted entry');
    if (compressed === 0xffffffff || size === 0xffffffff) throw packageError('zip-bomb', name, 'zip64 entry');
    total += size;
    if (total > limits.maxTotalBytes) throw packageError('zip-bomb', name, 'uncompressed size over the cap');
    if (size > limits.ratioFloorBytes && size > compressed * limits.maxRatio) {
      throw packageError('zip-bomb', name, 'compression ratio over the cap');
    }
    if (method !== 0 && method !== 8) throw packageError('not-a-zip', name, `unsupported compression ${method}`);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) {
      throw packageError('not-a-zip', name, 'damaged entry');
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) throw packageError('not-a-zip', name, 'truncated entry');
    // Folder entries carry no part.
    if (name.endsWith('/')) continue;
    entries.set(name, { stored: { method, crc, size, data: bytes.subarray(start, start + compressed) } });
  }
  return entries;
}

/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1032×, so ≤ 4 MB per step. */
const INFLATE_STEP = 4096;

/**
 * Inflates one entry with a hard limit: the output may not pass the size the zip declares. The
 * data is fed in small steps and counted as it comes, so an entry that lies about its size stops
 * after at most one step past the limit, and fails (never truncated).
 */
function inflate(name: string, stored: StoredEntry): Uint8Array {
  if (stored.method === 0) {
    if (stored.data.length !== stored.size) throw packageError('zip-bomb', name, 'entry size does not match');
    return stored.data;
  }
  const out = new Uint8Array(stored.size);
  let length = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > stored.size) {
      overflow = true;
      return;
    }
    out.set(chunk, length);
    length += chunk.length;
  });
  try {
    for (let at = 0; at < stored.data.length && !overflow; at += INFLATE_STEP) {
      const end = Math.min(at + INFLATE_STEP, stored.data.length);
      inflater.push(stored.data.subarray(at, end), end === stored.data.length);
    }
  } catch {
    throw packageError('zip-bomb', name, 'entry damaged');
  }
  // The declared size was a lie (a bomb) or the data is damaged.
  if (overflow) throw packageError('zip-bomb', name, 'entry larger than declared');
  if (length !== stored.size) throw packageError('zip-bomb', name, 'entry size does not match');
  return out;
}

/** Text of an XML part in the encoding its byte order mark (or its first bytes) says: UTF-8 or UTF-16. */
function decodePart(bytes: Uint8Array): string {
  const [a, b] = bytes;
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // `<` followed by a zero byte (or the reverse): UTF-16 without a mark.
  if (a === 0x3c && b === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (a === 0 && b === 0x3c) return new TextDecoder('utf-16be').decode(bytes);
  return strFromU8(bytes);
}

const DTD = /<!DOCTYPE|<!ENTITY/i;
/** Entries read as XML by Office programs: each is checked for DTDs, read by Quire or not. */
const XML_ENTRY = /\.(xml|rels|vml)$/i;

/** A package in memory: entry name → bytes, in the original order. */
export class OfficePackage {
  private readonly texts = new Map<string, string>();

  private constructor(private readonly entries: Map<string, Entry>) {}

  static read(bytes: Uint8Array, limits = ZIP_LIMITS): OfficePackage {
    const not = notAPackage(bytes);
    if (not) throw packageError(not, '', NOT_A_PACKAGE_REASON[not]);
    const pkg = new OfficePackage(readEntries(bytes, limits));
    if (!pkg.has('[Content_Types].xml')) throw packageError('not-a-zip', '', 'not an Office Open XML package');
    // Every XML part, not only those Quire fills: Word or Excel would expand entities in styles too.
    for (const name of pkg.names()) if (XML_ENTRY.test(name)) pkg.text(name);
    return pkg;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  bytes(name: string): Uint8Array {
    const entry = this.entries.get(name);
    if (!entry) throw packageError('missing-part', name, 'part not found');
    if (!entry.bytes) entry.bytes = inflate(name, entry.stored!);
    return entry.bytes;
  }

  /** A part as text; DTDs (and so entity expansion) are refused. */
  text(name: string): string {
    const cached = this.texts.get(name);
    if (cached !== undefined) return cached;
    const text = decodePart(this.bytes(name));
    if (DTD.test(text)) throw packageError('dtd', name, 'DTDs and entities are not allowed');
    this.texts.set(name, text);
    return text;
  }

  setText(name: string, text: string): void {
    this.texts.set(name, text);
    this.entries.set(name, { bytes: strToU8(text) });
  }

  setBytes(name: string, data: Uint8Array): void {
    this.texts.delete(name);
    this.entries.set(name, { bytes: data });
  }

  delete(name: string): void {
    this.texts.delete(name);
    this.entries.delete(name);
  }

  /** A copy whose parts can be changed without touching this one (bytes are shared until replaced). */
  clone(): OfficePackage {
    const copy = new OfficePackage(new Map([...this.entries].map(([name, entry]) => [name, { ...entry }])));
    for (const [name, text] of this.texts) copy.texts.set(name, text);
    return copy;
  }

  /** The zip: unchanged entries as they were stored, changed ones deflated. */
  write(): Uint8Array {
    const encoder = new TextEncoder();
    const locals: Uint8Array[] = [];
    const centrals: Uint8Array[] = [];
    let offset = 0;
    for (const [name, entry] of this.entries) {
      // An entry keeps `stored` until it is replaced: reading a part does not change it.
      let stored: StoredEntry;
      if (entry.stored) stored = entry.stored;
      else {
        const raw = entry.bytes ?? new Uint8Array(0);
        // Images are compressed already; deflating them again only costs time.
        const keep = /\.(png|jpe?g|gif|webp)$/i.test(name) || raw.length < 64;
        // Level 1: parts are small XML; speed per record matters more than a few percent of size.
        const data = keep ? raw : deflateSync(raw, { level: 1 });
        stored = { method: keep ? 0 : 8, crc: crc32(raw, 0, raw.length), size: raw.length, data };
      }
      const nameBytes = encoder.encode(name);
      const local = new Uint8Array(30 + nameBytes.length);
      const lv = new DataView(local.buffer);
      lv.setUint32(0, 0x04034b50, true);
      lv.setUint16(4, 20, true);
      lv.setUint16(6, 0x0800, true); // UTF-8 names
      lv.setUint16(8, stored.method, true);
      lv.setUint16(12, 0x21, true); // 1980-01-01
      lv.setUint32(14, stored.crc, true);
      lv.setUint32(18, stored.data.length, true);
      lv.setUint32(22, stored.size, true);
      lv.setUint16(26, nameBytes.length, true);
      local.set(nameBytes, 30);
      const central = new Uint8Array(46 + nameBytes.length);
      const cv = new DataView(central.buffer);
      cv.setUint32(0, 0x02014b50, true);
      cv.setUint16(4, 20, true);
      cv.setUint16(6, 20, true);
      cv.setUint16(8, 0x0800, true);
      cv.setUint16(10, stored.method, true);
      cv.setUint16(14, 0x21, true);
      cv.setUint32(16, stored.crc, true);
      cv.setUint32(20, stored.data.length, true);
      cv.setUint32(24, stored.size, true);
      cv.setUint16(28, nameBytes.length, true);
      cv.setUint32(42, offset, true);
      central.set(nameBytes, 46);
      locals.push(local, stored.data);
      centrals.push(central);
      offset += local.length + stored.data.length;
    }
    const centralSize = centrals.reduce((n, c) => n + c.length, 0);
    const end = new Uint8Array(22);
    const ev = new DataView(end.buffer);
    ev.setUint32(0, 0x06054b50, true);
    ev.setUint16(8, centrals.length, true);
    ev.setUint16(10, centrals.length, true);
    ev.setUint32(12, centralSize, true);
    ev.setUint32(16, offset, true);
    const out = new Uint8Array(offset + centralSize + 22);
    let at = 0;
    for (const part of [...locals, ...centrals, end]) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

const MACRO_TYPES = /macroEnabled|vbaProject|ms-office\.activeX/i;

/** Refuses packages that carry macros, whatever their file name says. */
export function refuseMacros(pkg: OfficePackage, fileName: string): void {
  if (isMacroFileName(fileName)) {
    throw packageError('macro-enabled', fileName, 'macro-enabled files are refused');
  }
  const types = pkg.text('[Content_Types].xml');
  if (MACRO_TYPES.test(types) || pkg.names().some((name) => /vbaProject\.bin$/i.test(name))) {
    throw packageError('macro-enabled', '[Content_Types].xml', 'the package carries macros');
  }
}
