/**
 * The docs tab: API documentation generated from the saved data source — the instance body's
 * JSON Schema, an example body (the sample data, or data generated from the schema) and curl.
 */
import { useEffect, useMemo, useState } from 'react';
import { dataSourceSchema } from '../../../core/data/dataSource';
import { sampleData } from '../../../core/data/sampleData';
import { serverApi } from '../../services/sync/server';
import { apiOrigin } from './api';
import { curlExamples, instanceBodySchema, plainValues } from './apiSchema';
import { checkSample } from './dataSourceEdit';
import { useDocsTranslation } from './i18n/useTranslation';
import { useDocView } from './shared';

export function ApiDocsTab() {
  const { teamId, docId, doc } = useDocView();
  const { t } = useDocsTranslation();
  const [templateId, setTemplateId] = useState<string | undefined>();
  useEffect(() => {
    let alive = true;
    serverApi()
      .templates.list(teamId, docId, { pageSize: 1 })
      .then(
        (page) => alive && setTemplateId(page.list[0]?.id),
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, [teamId, docId]);

  const generated = useMemo(() => {
    const parsed = dataSourceSchema.safeParse(doc.dataSource);
    if (!parsed.success) return null;
    const source = parsed.data;
    // The saved sample data when it fits the data source; otherwise data generated from it.
    const fits = doc.sampleData && checkSample(source, doc.sampleData).length === 0;
    const example = { data: fits ? doc.sampleData : plainValues(sampleData(source)) };
    return { schema: instanceBodySchema(source), example };
  }, [doc.dataSource, doc.sampleData]);

  if (!generated)
    return (
      <section className="docs-tab">
        <h2>{t('apiDocsTitle')}</h2>
        <p>{t('noDataSource')}</p>
      </section>
    );
  const curl = curlExamples({ origin: apiOrigin(), teamId, docId, templateId, body: generated.example });
  return (
    <section className="docs-tab" aria-labelledby="api-docs-title">
      <h2 id="api-docs-title">{t('apiDocsTitle')}</h2>
      <p className="muted">{t('apiDocsIntro')}</p>
      <h3>{t('createInstance')}</h3>
      <p>
        <code>
          POST /api/teams/{teamId}/docs/{docId}/instances
        </code>
      </p>
      <h4>{t('jsonSchema')}</h4>
      <pre className="docs-code" data-testid="request-schema">
        {JSON.stringify(generated.schema, null, 2)}
      </pre>
      <h4>{t('example')}</h4>
      <pre className="docs-code" data-testid="request-example">
        {JSON.stringify(generated.example, null, 2)}
      </pre>
      <h4>{t('curl')}</h4>
      <pre className="docs-code" data-testid="curl-create">
        {curl.create}
      </pre>
      <h3>{t('renderInstance')}</h3>
      <p>{t('renderIntro')}</p>
      <pre className="docs-code" data-testid="curl-render">
        {curl.render}
      </pre>
      <h3>{t('answersTitle')}</h3>
      <ul>
        <li>{t('answerOk')}</li>
        <li>{t('answer400')}</li>
        <li>{t('answer401')}</li>
        <li>{t('answer403')}</li>
        <li>{t('answer429')}</li>
      </ul>
    </section>
  );
}
