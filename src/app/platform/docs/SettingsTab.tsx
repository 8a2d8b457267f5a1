/** The settings tab: the document's name, whether its instances have public previews, deletion. */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../services/dialogs/ConfirmDialog';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { docsServerApi } from './api';
import { useDocsTranslation } from './i18n/useTranslation';
import { useDocView } from './shared';

export function SettingsTab() {
  const { teamId, docId, doc, setDoc } = useDocView();
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [name, setName] = useState(doc.name);
  const [publicPreview, setPublicPreview] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    docsServerApi()
      .previewSettings(teamId, docId)
      .then(
        (settings) => alive && setPublicPreview(settings.publicPreview),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [teamId, docId, errorText]);

  const run = async (job: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await job();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setDoc(await serverApi().docs.update(teamId, docId, { name: name.trim() }));
      setNotice(t('renamed'));
    });
  };
  // The box follows the click at once; a refusal puts it back (with the error shown).
  const togglePreview = (enabled: boolean) => {
    const before = publicPreview;
    setPublicPreview(enabled);
    return run(async () => {
      try {
        setPublicPreview((await docsServerApi().setPublicPreview(teamId, docId, enabled)).publicPreview);
      } catch (failure) {
        setPublicPreview(before);
        throw failure;
      }
      setNotice(enabled ? t('publicPreviewOnNotice') : t('publicPreviewOffNotice'));
    });
  };
  const remove = () =>
    run(async () => {
      await serverApi().docs.remove(teamId, docId);
      await navigate({ to: '/o/$teamId', params: { teamId } });
    });

  return (
    <section className="docs-tab" aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title">{t('settingsTitle')}</h2>
      <form className="platform-form docs-form docs-inline-form" onSubmit={rename}>
        <label>
          {t('docName')}
          <input name="name" value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={busy || name.trim() === ''}>
          {t('rename')}
        </button>
      </form>

      <h3>{t('publicPreviewTitle')}</h3>
      <label className="docs-choice">
        <input
          type="checkbox"
          name="publicPreview"
          checked={publicPreview ?? false}
          disabled={busy || publicPreview === null}
          onChange={(event) => void togglePreview(event.target.checked)}
        />
        {t('publicPreviewLabel')}
      </label>
      <p className="muted">{t('publicPreviewHint')}</p>

      <h3>{t('dangerZone')}</h3>
      <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
        {t('deleteDocument')}
      </button>
      {notice && (
        <p role="status" className="docs-good">
          {notice}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {confirming && (
        <ConfirmDialog
          title={t('deleteDocumentTitle')}
          message={t('deleteDocumentMessage', { name: doc.name })}
          confirmLabel={t('deleteDocument')}
          danger
          onAnswer={(confirmed) => {
            setConfirming(false);
            if (confirmed) void remove();
          }}
        />
      )}
    </section>
  );
}
