/**
 * `/signature/sign`: draw a signature (pointer, pen or touch), undo, clear, pick the pen width, see
 * it as an approval document prints it, and save it as the person's signature — a transparent PNG on
 * this device and, when signed in, with the account (#31).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { SignatureRow } from '../../storage/types';
import { PlanRequired } from '../services/plan/PlanRequired';
import { isPlanRefusal } from '../services/plan/plan';
import { signaturesEnabled } from '../services/signatureGate';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import { exportSignaturePng, type SignaturePng } from './exportPng';
import { useSignatureTranslation } from './i18n';
import { SignaturePad, StrokeButtons } from './SignaturePad';
import { SignaturesOff } from './SignaturesOff';
import { deleteSignature, loadSignature, saveSignature } from './savedSignature';
import { DEFAULT_PEN_WIDTH, PEN_WIDTHS, type Stroke } from './strokes';
import './signature.css';

const PEN_LABEL = { 2: 'pen2', 3: 'pen3', 5: 'pen5', 8: 'pen8' } as const;

/** An object URL for a Blob, revoked when the Blob changes or the screen goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The signature in a signature box the way the approval documents lay it out: image, line, name. */
function PrintPreview({ image, name, label, empty }: { image?: string; name: string; label: string; empty: string }) {
  return (
    <figure className="sig-paper" data-testid="signature-preview">
      <figcaption>{label}</figcaption>
      <div className="sig-box">{image ? <img src={image} alt={label} /> : <p className="muted">{empty}</p>}</div>
      <div className="sig-line" />
      <p className="sig-name">{name}</p>
    </figure>
  );
}

function SignatureDrawing() {
  const { t } = useSignatureTranslation();
  const errorText = useErrorText();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [penWidth, setPenWidth] = useState<number>(DEFAULT_PEN_WIDTH);
  const [name, setName] = useState('');
  const [png, setPng] = useState<SignaturePng | undefined>();
  const [saved, setSaved] = useState<SignatureRow | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server refused the account's copy: the team's plan has no signatures (#32).
  const [planRefused, setPlanRefused] = useState(false);
  const drawnUrl = useObjectUrl(png?.blob);
  const savedUrl = useObjectUrl(saved?.png);

  useEffect(() => {
    let live = true;
    loadSignature()
      .then((row) => {
        if (!live || !row) return;
        setSaved(row);
        setName((current) => current || row.name);
        setPenWidth(row.penWidth);
      })
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [errorText]);

  // The preview is the PNG itself, made again after each change: what is shown is what is saved.
  useEffect(() => {
    let live = true;
    exportSignaturePng(strokes).then((made) => live && setPng(made));
    return () => {
      live = false;
    };
  }, [strokes]);

  const change = (next: Stroke[]) => {
    setStrokes(next);
    setStatus(null);
    setError(null);
  };

  const save = async () => {
    if (!png) {
      setError(t('nothingDrawn'));
      return;
    }
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const outcome = await saveSignature({ ...png, png: png.blob, penWidth, name: name.trim() });
      setSaved(outcome.server === true ? { ...outcome.row, serverSavedAt: Date.now() } : outcome.row);
      setStrokes([]);
      if (outcome.server === undefined) setStatus(t('savedDevice'));
      else if (outcome.server === true) setStatus(t('savedAccount'));
      else if (isPlanRefusal(outcome.server.error)) {
        setStatus(t('savedDevice'));
        setPlanRefused(true);
      } else setError(t('serverFailed', { reason: errorText(outcome.server.error) }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteSignature();
      setSaved(undefined);
      setStatus(t('removed'));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="screen sig-screen" aria-labelledby="sig-title">
      <h1 id="sig-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p>
        <Link to="/signature/qr">{t('usePhone')}</Link>
      </p>

      <div className="sig-layout">
        <div className="sig-draw">
          <SignaturePad
            strokes={strokes}
            penWidth={penWidth}
            label={t('padLabel')}
            onStroke={(s) => change([...strokes, s])}
          />
          <div className="sig-tools">
            <StrokeButtons strokes={strokes} onChange={change} undoLabel={t('undo')} clearLabel={t('clear')} />
            <fieldset className="sig-widths">
              <legend>{t('penWidth')}</legend>
              {PEN_WIDTHS.map((width) => (
                <label key={width}>
                  <input
                    type="radio"
                    name="sig-pen"
                    value={width}
                    checked={penWidth === width}
                    onChange={() => setPenWidth(width)}
                  />
                  <span className="sig-pen-sample" style={{ height: width }} aria-hidden="true" />
                  {t(PEN_LABEL[width])}
                </label>
              ))}
            </fieldset>
          </div>
          <label className="sig-name-field">
            <span>{t('name')}</span>
            <input
              type="text"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              aria-describedby="sig-name-hint"
            />
            <small id="sig-name-hint" className="muted">
              {t('nameHint')}
            </small>
          </label>
          <p>
            <button type="button" className="button primary" disabled={busy || !png} onClick={save}>
              {busy ? t('saving') : t('save')}
            </button>
          </p>
          {status ? (
            <p className="sig-status" role="status" data-testid="signature-status">
              {status}
            </p>
          ) : null}
          <ErrorLine error={error} />
          {planRefused && <PlanRequired feature="signature" />}
        </div>

        <div className="sig-side">
          <h2>{t('preview')}</h2>
          <PrintPreview
            image={drawnUrl}
            name={name.trim() || t('previewRole')}
            label={t('preview')}
            empty={t('previewEmpty')}
          />
          {saved ? (
            <div className="sig-saved" data-testid="signature-saved">
              <h2>{t('current')}</h2>
              <PrintPreview image={savedUrl} name={saved.name || t('previewRole')} label={t('current')} empty="" />
              <p className="muted">
                {t('savedAt', { time: new Date(saved.updatedAt).toLocaleString() })}
                {saved.serverSavedAt ? ` ${t('onServer')}` : ''}
              </p>
              <button type="button" className="button danger" disabled={busy} onClick={remove}>
                {t('remove')}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The signing screen, or what the plan says while the signature features are off. */
export function SignatureScreen() {
  const { t } = useSignatureTranslation();
  return signaturesEnabled() ? <SignatureDrawing /> : <SignaturesOff title={t('title')} />;
}
