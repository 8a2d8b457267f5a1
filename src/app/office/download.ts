/** Saves bytes as a file through a temporary link (works offline: nothing leaves the page). */
export function downloadBytes(bytes: Uint8Array | Blob, fileName: string, mime: string): void {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes.slice()], { type: mime });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a picked file's bytes. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
