/**
 * `/o/:teamId/create`: a new document — a name ('New Document' when left empty, spec 000 §5) and
 * an empty data source or one of the samples, with sample data generated from it.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { DEFAULT_DOC_NAME } from '../../../api/contract';
import { parseDataSource } from '../../../core/data/dataSource';
import { sampleData } from '../../../core/data/sampleData';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';
import { plainValues } from './apiSchema';
import { emptyDataSource } from './dataSourceEdit';
import { useDocsTranslation } from './i18n/useTranslation';
import { SAMPLE_SOURCE_NAMES, SAMPLE_SOURCES, type SampleSourceName } from './samples';
import { SignInFirst } from './shared';
import './docs.css';

export function CreateDocScreen() {
  const { teamId } = useParams({ strict: false }) as { teamId: string };
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [start, setStart] = useState<'empty' | SampleSourceName>('empty');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const dataSource = start === 'empty' ? emptyDataSource() : parseDataSource(SAMPLE_SOURCES[start]);
      const sample = start === 'empty' ? {} : plainValues(sampleData(dataSource));
      const doc = await serverApi().docs.create(teamId, {
        name: name.trim() || undefined,
        dataSource,
        sampleData: sample,
      });
      await navigate({ to: '/o/$teamId/docs/$docId/data', params: { teamId, docId: doc.id } });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <section className="screen platform-screen docs-screen" aria-labelledby="create-title">
      <h1 id="create-title">{t('createTitle')}</h1>
      {!token ? (
        <SignInFirst />
      ) : (
        <form className="platform-form docs-form" onSubmit={create}>
          <label>
            {t('docName')}
            <input
              name="name"
              value={name}
              maxLength={200}
              placeholder={DEFAULT_DOC_NAME}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <fieldset>
            <legend>{t('startFrom')}</legend>
            <label className="docs-choice">
              <input type="radio" name="start" checked={start === 'empty'} onChange={() => setStart('empty')} />
              {t('startEmpty')}
            </label>
            {SAMPLE_SOURCE_NAMES.map((sample) => (
              <label key={sample} className="docs-choice">
                <input type="radio" name="start" checked={start === sample} onChange={() => setStart(sample)} />
                {t(`samples.${sample}`)}
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" className="button primary" disabled={busy}>
              {t('createDocument')}
            </button>
          </div>
          {error && <p role="alert">{error}</p>}
        </form>
      )}
    </section>
  );
}
