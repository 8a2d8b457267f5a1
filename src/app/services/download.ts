/**
 * The app's one way to hand a file to the browser's downloads: a temporary object URL on a link
 * (works offline, nothing leaves the page). Every screen that downloads calls these.
 */

/** Saves a Blob as `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves bytes (or a Blob) as `fileName` of type `mime`. */
export function downloadBytes(bytes: Uint8Array | Blob, fileName: string, mime: string): void {
  downloadBlob(bytes instanceof Blob ? bytes : new Blob([bytes.slice()], { type: mime }), fileName);
}

/** Reads a picked file's bytes. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
