/**
 * Which code points a TrueType/OpenType font maps to glyphs, read from its `cmap` table
 * (formats 4 and 12). Lets tests — and callers that want to warn — prove no glyph is missing.
 */
export function fontCodePoints(bytes: Uint8Array): (codePoint: number) => boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numTables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (String.fromCharCode(...bytes.subarray(rec, rec + 4)) === 'cmap') cmap = view.getUint32(rec + 8);
  }
  if (cmap < 0) return () => false;
  const ranges: [number, number][] = [];
  const count = view.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const platform = view.getUint16(cmap + 4 + i * 8);
    const encoding = view.getUint16(cmap + 6 + i * 8);
    if (!(platform === 3 && (encoding === 1 || encoding === 10)) && platform !== 0) continue;
    const sub = cmap + view.getUint32(cmap + 8 + i * 8);
    const format = view.getUint16(sub);
    if (format === 12) {
      const groups = view.getUint32(sub + 12);
      for (let g = 0; g < groups; g++)
        ranges.push([view.getUint32(sub + 16 + g * 12), view.getUint32(sub + 20 + g * 12)]);
    } else if (format === 4) {
      const segCount = view.getUint16(sub + 6) / 2;
      for (let s = 0; s < segCount; s++) {
        const end = view.getUint16(sub + 14 + s * 2);
        const start = view.getUint16(sub + 16 + segCount * 2 + s * 2);
        if (start !== 0xffff) ranges.push([start, end]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return (cp) => {
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, end] = ranges[mid]!;
      if (cp < start) hi = mid - 1;
      else if (cp > end) lo = mid + 1;
      else return true;
    }
    return false;
  };
}
