/**
 * The app's one way to print a rendered PDF: the browser's print dialog on a hidden frame that holds
 * the file, so the PDF viewer paginates exactly as rendered and nothing leaves the page (offline too).
 */

/** Opens the print dialog for `pdf`; `title` names the frame for assistive tools that list frames. */
export function printPdf(pdf: Uint8Array, title: string): void {
  const url = URL.createObjectURL(new Blob([pdf.slice()], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.className = 'q-print-frame';
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Out of sight but laid out: a frame with display:none never loads its document in every browser.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.append(frame);
  // The print dialog holds the document while it is open; clean up well after.
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}
