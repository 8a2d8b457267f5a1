/** The api tab: the document's endpoints, how a key is sent, and where keys are made. */
import { Link } from '@tanstack/react-router';
import { apiOrigin } from './api';
import { useDocsTranslation } from './i18n/useTranslation';
import { useDocView } from './shared';

export function ApiTab() {
  const { teamId, docId } = useDocView();
  const { t } = useDocsTranslation();
  const base = `${apiOrigin()}/api/teams/${encodeURIComponent(teamId)}/docs/${encodeURIComponent(docId)}`;
  const endpoints: { method: string; path: string; what: string }[] = [
    { method: 'POST', path: `${base}/instances`, what: t('endpointCreate') },
    { method: 'GET', path: `${base}/instances/{instanceId}`, what: t('endpointGet') },
    { method: 'POST', path: `${base}/instances/{instanceId}/render?templateId=…`, what: t('endpointRender') },
    { method: 'POST', path: `${base}/instances/{instanceId}/render?templateId=…&async=1`, what: t('endpointAsync') },
    { method: 'GET', path: `${base}/instances/{instanceId}/render?jobId=…`, what: t('endpointStatus') },
    {
      method: 'POST',
      path: `${base}/snapshot/latest/instances/{instanceId}/render?templateId=…`,
      what: t('endpointSnapshot'),
    },
    { method: 'GET', path: `${base}/enabled-templates/snapshot/latest`, what: t('endpointTemplates') },
  ];
  return (
    <section className="docs-tab" aria-labelledby="api-tab-title">
      <h2 id="api-tab-title">{t('apiTitle')}</h2>
      <p>{t('apiIntro')}</p>
      <table className="platform-table docs-table" data-testid="endpoints">
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={`${endpoint.method} ${endpoint.path}`}>
              <td>
                <code className="docs-method">{endpoint.method}</code>
              </td>
              <td>
                <code className="docs-path">{endpoint.path}</code>
                <br />
                <span className="muted">{endpoint.what}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('keyTitle')}</h3>
      <p>{t('keyIntro')}</p>
      <pre className="docs-code">{'Authorization: Bearer qk_…\nx-api-key: qk_…'}</pre>
      <p className="muted">{t('keyLimits')}</p>
      <Link to="/o/$teamId/api-keys" params={{ teamId }} className="button primary">
        {t('manageKeys')}
      </Link>
    </section>
  );
}
