/**
 * What the document screens share: the document in view (loaded once by the layout), the sign-in
 * notice, a list of refused fields, and a PDF drawn with pdf.js.
 */
import { Link } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { DocDto } from '../../../api/contract';
import type { ErrorIssue } from '../../../core/errors';
import { isQuireError } from '../../../core/errors';
import { drawPdf } from '../../services/pdf';
import { useDocsTranslation } from './i18n/useTranslation';

export interface DocView {
  teamId: string;
  docId: string;
  doc: DocDto;
  /** Replaces the document after a save answered it. */
  setDoc(doc: DocDto): void;
}

export const DocContext = createContext<DocView | null>(null);

export function useDocView(): DocView {
  const view = useContext(DocContext);
  if (!view) throw new Error('a document tab rendered outside its layout');
  return view;
}

export const docHref = (teamId: string, docId: string, tail = '') =>
  `/o/${encodeURIComponent(teamId)}/docs/${encodeURIComponent(docId)}${tail}`;

export function SignInFirst() {
  const { t } = useDocsTranslation();
  return (
    <p>
      {t('signInFirst')}{' '}
      <Link to="/sync" className="button primary">
        {t('signIn')}
      </Link>
    </p>
  );
}

/** The fields a check refused, each with its path and reason. */
export function IssueList({ issues, testId }: { issues: readonly ErrorIssue[]; testId?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul className="docs-issues" data-testid={testId}>
      {issues.map((issue, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one path may be refused for two reasons; the list is redrawn whole
        <li key={`${issue.path}-${index}`}>
          <code>{issue.path || '(root)'}</code> {issue.reason}
        </li>
      ))}
    </ul>
  );
}

/** The issues a refusal carried (DataInvalid lists each field), else none. */
export const issuesOf = (error: unknown): ErrorIssue[] => (isQuireError(error) ? [...error.issues] : []);

/** Pages of a PDF drawn by pdf.js, with their text for screen readers (and tests). */
export function PdfView({ bytes, label }: { bytes: Uint8Array; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [text, setText] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const { t } = useDocsTranslation();
  useEffect(() => {
    let alive = true;
    const box = holder.current;
    if (!box) return;
    const width = Math.min(760, Math.max(280, box.clientWidth - 16));
    drawPdf(bytes, width).then(
      (drawn) => {
        if (!alive) return;
        box.replaceChildren(...drawn.pages);
        setText(drawn.text);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [bytes]);
  return (
    <figure className="docs-pdf" aria-label={label}>
      <div ref={holder} className="docs-pdf-pages" data-testid="pdf-pages" />
      {failed && <p role="alert">{t('pdfFailed')}</p>}
      <figcaption className="visually-hidden" data-testid="pdf-text">
        {text.join('\n')}
      </figcaption>
    </figure>
  );
}

/** A rendered file that is not a PDF (an Office template's): offered as a download. */
export function FileLink({ bytes, mime, fileName }: { bytes: Uint8Array; mime: string; fileName: string }) {
  const { t } = useDocsTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, mime]);
  return url ? (
    <a className="button secondary" href={url} download={fileName || 'document'}>
      {t('download', { name: fileName || 'document' })}
    </a>
  ) : null;
}
