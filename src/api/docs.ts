/**
 * Calls of a document's screens (issue 15): instances, renders (files), preview settings, the
 * public preview (no sign-in) and release snapshots. Apart from `quire.ts` so each area's calls
 * grow in their own file.
 */
import type { ApiClient, FileAnswer } from './client';
import { requireArgs } from './client';
import type { InstanceDto, Page, PreviewSettingsDto, PublicPreviewDto, RenderTarget, TemplateDto } from './contract';

const seg = encodeURIComponent;

export function docsApi(client: ApiClient) {
  const docPath = (teamId: string, docId: string) => `/api/teams/${seg(teamId)}/docs/${seg(docId)}`;
  const instancePath = (teamId: string, docId: string, instanceId: string) =>
    `${docPath(teamId, docId)}/instances/${seg(instanceId)}`;
  const publicPath = (teamId: string, docId: string, instanceId: string) =>
    `/api/open/t/${seg(teamId)}/docs/${seg(docId)}/preview/${seg(instanceId)}`;

  return {
    previewSettings: (teamId: string, docId: string) => {
      requireArgs({ teamId, docId });
      return client.request<PreviewSettingsDto>('GET', `${docPath(teamId, docId)}/preview-settings`, {
        failure: 'TemplateQueryError',
      });
    },
    setPublicPreview: (teamId: string, docId: string, publicPreview: boolean) => {
      requireArgs({ teamId, docId });
      return client.request<PreviewSettingsDto>('PUT', `${docPath(teamId, docId)}/preview-settings`, {
        failure: 'TemplateUpdateError',
        body: { publicPreview },
      });
    },

    instances: {
      /** Throws `DataInvalid` listing each mismatched field when the values do not fit the data source. */
      create: (teamId: string, docId: string, data: Record<string, unknown>) => {
        requireArgs({ teamId, docId });
        return client.request<InstanceDto>('POST', `${docPath(teamId, docId)}/instances`, {
          failure: 'TemplateCreateError',
          body: { data },
        });
      },
      list: (teamId: string, docId: string, page: { pageNo?: number; pageSize?: number } = {}) => {
        requireArgs({ teamId, docId });
        return client.request<Page<InstanceDto>>('GET', `${docPath(teamId, docId)}/instances`, {
          failure: 'TemplateQueryError',
          query: page,
        });
      },
      get: (teamId: string, docId: string, instanceId: string) => {
        requireArgs({ teamId, docId, instanceId });
        return client.request<InstanceDto>('GET', instancePath(teamId, docId, instanceId), {
          failure: 'TemplateQueryError',
        });
      },
      /** The draft of a template rendered now, as the file itself. */
      render: (
        teamId: string,
        docId: string,
        instanceId: string,
        templateId: string,
        targetType: RenderTarget = 'pdf',
      ): Promise<FileAnswer> => {
        requireArgs({ teamId, docId, instanceId, templateId });
        return client.requestFile('POST', `${instancePath(teamId, docId, instanceId)}/render`, {
          failure: 'DocGenerationError',
          query: { templateId },
          body: { targetType },
        });
      },
    },

    snapshot: (teamId: string, docId: string, env: 'latest' | number = 'latest') => {
      requireArgs({ teamId, docId });
      return client.request<TemplateDto[]>(
        'GET',
        `${docPath(teamId, docId)}/enabled-templates/snapshot/${seg(String(env))}`,
        { failure: 'TemplateQueryError' },
      );
    },

    /** Anyone with the link; refused (`PublicPreviewOff`) when the document does not share previews. */
    publicPreview: {
      get: (teamId: string, docId: string, instanceId: string) => {
        requireArgs({ teamId, docId, instanceId });
        return client.request<PublicPreviewDto>('GET', publicPath(teamId, docId, instanceId), {
          failure: 'TemplateQueryError',
        });
      },
      file: (teamId: string, docId: string, instanceId: string, templateId: string): Promise<FileAnswer> => {
        requireArgs({ teamId, docId, instanceId, templateId });
        return client.requestFile('GET', `${publicPath(teamId, docId, instanceId)}/file`, {
          failure: 'DocGenerationError',
          query: { templateId },
        });
      },
    },
  };
}

export type DocsApi = ReturnType<typeof docsApi>;
