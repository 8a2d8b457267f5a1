/**
 * The canvas designer's toolbar: add a field of every kind, put a PDF under the page (its pages
 * become the template's pages) or go back to a blank page, import a pdfme template, pick the page
 * shown, and what reading a file came to.
 */
import { useRef } from 'react';
import { ADDABLE_TYPES } from '../services/canvasContent';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { Select } from '../shell/Select';
import type { CanvasEditing } from './useCanvasEditing';

/** A hidden file input that hands its one file on and is emptied, so the same file can be picked again. */
function FileInput({
  inputRef,
  accept,
  testId,
  onFile,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

export function CanvasToolbar({
  editing,
  importInput,
}: {
  editing: CanvasEditing;
  /** The pdfme file picker, opened from the header too. */
  importInput: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useCanvasTranslation();
  const pdfInput = useRef<HTMLInputElement>(null);
  const { content, pageIndex, pdfState, importState } = editing;
  const pageCount = content.schemas.length;
  return (
    <div className="cv-toolbar" role="toolbar" aria-label={t('add')}>
      <span className="cv-toolbar-label">{t('add')}:</span>
      {ADDABLE_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="btn cv-tool"
          data-testid={`canvas-add-${type}`}
          onClick={() => editing.add(type)}
        >
          {t(`types.${type}`)}
        </button>
      ))}
      <span className="cv-toolbar-sep" />
      <button type="button" className="btn" onClick={() => pdfInput.current?.click()} data-testid="canvas-use-pdf">
        {t('uploadPdf')}
      </button>
      {typeof content.basePdf === 'string' ? (
        <button type="button" className="btn" onClick={editing.toBlankPage}>
          {t('blankPage')}
        </button>
      ) : null}
      <FileInput
        inputRef={pdfInput}
        accept="application/pdf,.pdf"
        testId="canvas-pdf-input"
        onFile={(file) => void editing.takePdf(file)}
      />
      <FileInput
        inputRef={importInput}
        accept="application/json,.json"
        testId="canvas-import-input"
        onFile={(file) => void editing.takeImport(file)}
      />
      {pageCount > 1 ? (
        <label className="cv-page-pick">
          <span>{t('page')}</span>
          <Select
            value={pageIndex}
            data-testid="canvas-page-pick"
            onChange={(e) => editing.choosePage(Number(e.target.value))}
          >
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n - 1}>
                {t('pageOf', { n, count: pageCount })}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      {pdfState === 'reading' ? <span role="status">{t('readingPdf')}</span> : null}
      {pdfState === 'bad' ? <span role="alert">{t('badPdf')}</span> : null}
      {importState === 'bad' ? <span role="alert">{t('badImport')}</span> : null}
    </div>
  );
}
