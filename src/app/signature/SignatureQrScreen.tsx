/**
 * `/signature/qr` (#31): signing on a phone for this computer. The computer asks the server for a
 * one-time link and shows it as a QR code; the phone opens it (this screen with `?link=`), draws and
 * sends; the computer collects the PNG with the secret only it holds and saves it as the person's
 * signature. Neither side needs to be signed in; the link works once and for a few minutes.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import type { SignatureLinkDto } from '../../api/contract';
import { base64ToBytes, bytesToBase64 } from '../../core/data/signatureImage';
import { PlanRequired } from '../services/plan/PlanRequired';
import { isPlanRefusal } from '../services/plan/plan';
import { signaturesEnabled } from '../services/signatureGate';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import { serverApi } from '../services/sync/server';
import { exportSignaturePng } from './exportPng';
import { useSignatureTranslation } from './i18n';
import { isGone, linkToken, phoneLink } from './phoneLink';
import { SignaturePad, StrokeButtons } from './SignaturePad';
import { SignaturesOff } from './SignaturesOff';
import { loadSignature, saveSignature } from './savedSignature';
import { DEFAULT_PEN_WIDTH, type Stroke } from './strokes';
import './signature.css';

/** How often the computer asks whether the phone has signed. */
const POLL_MS = 1500;

export function SignatureQrScreen() {
  const { t } = useSignatureTranslation();
  const token = useMemo(() => linkToken(globalThis.location?.search ?? ''), []);
  if (!signaturesEnabled()) return <SignaturesOff title={t('qrTitle')} />;
  return token ? <PhoneSigning token={token} /> : <ComputerWaiting />;
}

type ComputerPhase = 'creating' | 'waiting' | 'received' | 'expired';

function ComputerWaiting() {
  const { t } = useSignatureTranslation();
  const errorText = useErrorText();
  const [link, setLink] = useState<SignatureLinkDto | undefined>();
  const [phase, setPhase] = useState<ComputerPhase>('creating');
  const [received, setReceived] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [planRefused, setPlanRefused] = useState(false);
  // The name approval entries match, as on /signature/sign: a signature without one prints nowhere.
  const [name, setName] = useState('');
  const nameRef = useRef('');
  nameRef.current = name;
  const polling = useRef(false);

  useEffect(() => {
    let live = true;
    loadSignature()
      .then((row) => live && row && setName((current) => current || row.name))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const create = useCallback(async () => {
    setPhase('creating');
    setError(null);
    setLink(undefined);
    try {
      setLink(await serverApi().signatureLinks.create());
      setPhase('waiting');
    } catch (e) {
      // Phone signing is a plan feature, decided by the server (#32): say why and how to upgrade.
      if (isPlanRefusal(e)) setPlanRefused(true);
      else setError(errorText(e));
    }
  }, [errorText]);

  useEffect(() => {
    void create();
  }, [create]);

  useEffect(() => {
    if (phase !== 'waiting' || !link) return;
    const poll = async () => {
      if (polling.current) return;
      polling.current = true;
      try {
        const answer = await serverApi().signatureLinks.collect(link.watch);
        if (answer.status !== 'signed') return;
        const bytes = base64ToBytes(answer.png);
        if (!bytes) return;
        const png = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' });
        const outcome = await saveSignature({
          png,
          width: answer.width,
          height: answer.height,
          penWidth: DEFAULT_PEN_WIDTH,
          name: nameRef.current.trim(),
        });
        setReceived(URL.createObjectURL(png));
        setPhase('received');
        if (outcome.server !== undefined && outcome.server !== true)
          setError(t('serverFailed', { reason: errorText(outcome.server.error) }));
      } catch (e) {
        if (isGone(e)) setPhase('expired');
        // Anything else (a moment offline) is tried again at the next tick, and said meanwhile.
        else setError(errorText(e));
      } finally {
        polling.current = false;
      }
    };
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [phase, link, t, errorText]);

  useEffect(() => () => (received ? URL.revokeObjectURL(received) : undefined), [received]);

  const href = link ? phoneLink(globalThis.location.origin, link.token) : undefined;
  const svg = useMemo(() => (href ? renderSVG(href, { border: 2 }) : ''), [href]);

  return (
    <section className="screen sig-screen" aria-labelledby="sig-qr-title">
      <h1 id="sig-qr-title">{t('qrTitle')}</h1>
      <p className="muted">{t('qrIntro')}</p>
      {phase === 'waiting' && link && href ? (
        <div className="sig-qr">
          <span className="sig-qr-code" role="img" aria-label={t('qrImage')}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: uqr draws the SVG from our own link */}
            <span dangerouslySetInnerHTML={{ __html: svg }} />
          </span>
          <p>
            {t('qrLinkLabel')}{' '}
            <a href={href} data-testid="signature-qr-link" target="_blank" rel="noreferrer">
              {href}
            </a>
          </p>
          <p className="muted">{t('qrExpires', { time: new Date(link.expiresAt).toLocaleTimeString() })}</p>
          <label className="sig-name-field">
            <span>{t('name')}</span>
            <input type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            <small className="muted">{t('nameHint')}</small>
          </label>
          <p role="status">{t('qrWaiting')}</p>
        </div>
      ) : null}
      {phase === 'received' ? (
        <div className="sig-saved" data-testid="signature-received">
          <p role="status">{t('qrReceived')}</p>
          {received ? (
            <div className="sig-box">
              <img src={received} alt={t('current')} />
            </div>
          ) : null}
        </div>
      ) : null}
      {phase === 'expired' ? <p role="status">{t('qrExpired')}</p> : null}
      {phase === 'expired' || phase === 'received' || error ? (
        <p>
          <button type="button" className="button secondary" onClick={() => void create()}>
            {t('qrNew')}
          </button>
        </p>
      ) : null}
      <ErrorLine error={error} />
      {planRefused && <PlanRequired feature="signature" />}
      <p>
        <Link to="/signature/sign">{t('drawHere')}</Link>
      </p>
    </section>
  );
}

type PhonePhase = 'checking' | 'open' | 'sending' | 'sent' | 'gone';

function PhoneSigning({ token }: { token: string }) {
  const { t } = useSignatureTranslation();
  const errorText = useErrorText();
  const [phase, setPhase] = useState<PhonePhase>('checking');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    serverApi()
      .signatureLinks.check(token)
      .then(() => live && setPhase('open'))
      .catch((e: unknown) => {
        if (!live) return;
        if (isGone(e)) setPhase('gone');
        else {
          // The server out of reach for a moment: drawing may go on; sending says what failed.
          setPhase('open');
          setError(errorText(e));
        }
      });
    return () => {
      live = false;
    };
  }, [token, errorText]);

  const send = async () => {
    const png = await exportSignaturePng(strokes);
    if (!png) {
      setError(t('nothingDrawn'));
      return;
    }
    setPhase('sending');
    setError(null);
    try {
      await serverApi().signatureLinks.send(token, bytesToBase64(new Uint8Array(await png.blob.arrayBuffer())));
      setPhase('sent');
    } catch (e) {
      if (isGone(e)) setPhase('gone');
      else {
        setPhase('open');
        setError(errorText(e));
      }
    }
  };

  return (
    <section className="screen sig-screen" aria-labelledby="sig-phone-title">
      <h1 id="sig-phone-title">{t('phoneTitle')}</h1>
      {phase === 'gone' ? (
        <p role="alert" data-testid="signature-link-gone">
          {t('phoneLinkGone')}
        </p>
      ) : phase === 'sent' ? (
        <p role="status" data-testid="signature-sent">
          {t('phoneSent')}
        </p>
      ) : phase === 'checking' ? null : (
        <div className="sig-draw">
          <p className="muted">{t('phoneIntro')}</p>
          <SignaturePad
            strokes={strokes}
            penWidth={DEFAULT_PEN_WIDTH}
            label={t('padLabel')}
            onStroke={(s) => setStrokes([...strokes, s])}
          />
          <div className="sig-tools">
            <StrokeButtons strokes={strokes} onChange={setStrokes} undoLabel={t('undo')} clearLabel={t('clear')} />
            <button
              type="button"
              className="button primary"
              disabled={strokes.length === 0 || phase === 'sending'}
              onClick={() => void send()}
            >
              {phase === 'sending' ? t('phoneSending') : t('phoneSend')}
            </button>
          </div>
        </div>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
