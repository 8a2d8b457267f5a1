/**
 * Typed calls of Quire's server, one function per route of `src/server`, on the shared contract.
 * Each checks its required arguments before any request and names its catalogue failure.
 */
import type { z } from 'zod';
import type { ApiClient } from './client';
import { requireArgs } from './client';
import type {
  ApiKeyAction,
  ApiKeyCreatedDto,
  ApiKeyDto,
  CollectedSignatureDto,
  createApprovalTemplateBody,
  createDocBody,
  createOpenTemplateBody,
  createPrintTemplateBody,
  DocDto,
  DocLogDto,
  InvitationCreatedDto,
  InvitationDto,
  InvitationPreviewDto,
  LoginDto,
  MailStatusDto,
  MemberDto,
  Page,
  PasswordResetRequestedDto,
  PlanDto,
  PullResult,
  PushBody,
  PushResult,
  printTemplateListQuery,
  ReleaseDto,
  SeatsDto,
  SeatUserDto,
  SessionDto,
  SignatureDto,
  SignatureLinkDto,
  TeamDto,
  TeamQuotasDto,
  TeamRole,
  TemplateDto,
  UserDto,
} from './contract';

type In<S extends z.ZodType> = z.input<S>;
interface PageArgs {
  pageNo?: number;
  pageSize?: number;
}
const seg = encodeURIComponent;

export function quireApi(client: ApiClient) {
  const get = <T>(path: string, failure: Parameters<ApiClient['request']>[2]['failure'], query?: object) =>
    client.request<T>('GET', path, { failure, query: query as Record<string, string> });
  const send = <T>(
    method: string,
    path: string,
    failure: Parameters<ApiClient['request']>[2]['failure'],
    body: unknown,
    requireData = true,
  ) => client.request<T>(method, path, { failure, body, requireData });

  const docPath = (teamId: string, docId: string) => `/api/teams/${seg(teamId)}/docs/${seg(docId)}`;
  const tplPath = (teamId: string, docId: string, templateId: string) =>
    `${docPath(teamId, docId)}/templates/${seg(templateId)}`;

  return {
    health: () => client.request<unknown>('GET', '/api/health', { failure: 'TemplateQueryError', requireData: false }),

    auth: {
      register: (body: { email: string; password: string; name: string }) =>
        send<LoginDto>('POST', '/api/auth/register', 'InvalidUser', body),
      login: (body: { email: string; password: string }) =>
        send<LoginDto>('POST', '/api/auth/login', 'InvalidUser', body),
      logout: () => send<null>('POST', '/api/auth/logout', 'NotLogin', {}, false),
      updatePassword: (body: { oldPassword: string; newPassword: string }) =>
        send<null>('POST', '/api/auth/update-password', 'PasswordChangeFailed', body, false),
      /** Asks for a reset link; the answer says how it travels (the server's log when no mail server is set up). */
      requestPasswordReset: (email: string) =>
        send<PasswordResetRequestedDto>('POST', '/api/auth/password-reset', 'PasswordChangeFailed', { email }),
      /** Sets a new password with a reset link's token; answers a fresh login (every other session ends). */
      confirmPasswordReset: (token: string, newPassword: string) => {
        requireArgs({ token });
        return send<LoginDto>('POST', '/api/auth/password-reset/confirm', 'PasswordChangeFailed', {
          token,
          newPassword,
        });
      },
    },

    user: {
      get: () => get<UserDto>('/api/user', 'FetchUserFailed'),
      /** A new email needs `currentPassword`. */
      update: (body: { name?: string; email?: string; currentPassword?: string }) =>
        send<UserDto>('PUT', '/api/user', 'UpdateUserFailed', body),
      /** Whether the server sends mail (reset links by mail, invitation links to an address). */
      mail: () => get<MailStatusDto>('/api/mail', 'FetchUserFailed'),
      /** The account's saved signature (#31): a transparent PNG as base64; 404 when none is saved. */
      signature: {
        get: () => get<SignatureDto>('/api/user/signature', 'FetchUserFailed'),
        put: (png: string) => send<SignatureDto>('PUT', '/api/user/signature', 'UpdateUserFailed', { png }),
        remove: () => send<null>('DELETE', '/api/user/signature', 'UpdateUserFailed', {}, false),
      },
      /** The account's own sessions (#33): which browsers are signed in; revoking the current one signs out. */
      sessions: {
        list: () => get<SessionDto[]>('/api/user/sessions', 'FetchUserFailed'),
        revoke: (sessionId: string) => {
          requireArgs({ sessionId });
          return send<null>('DELETE', `/api/user/sessions/${seg(sessionId)}`, 'UpdateUserFailed', {}, false);
        },
      },
    },

    /**
     * Signing on a phone through a QR link (#31). Public: the desktop's `watch` and the phone's
     * token are the only keys; a used, expired or unknown link is a 404.
     */
    signatureLinks: {
      create: () => send<SignatureLinkDto>('POST', '/api/signature-links', 'SignatureLinkFailed', {}),
      /** The phone: whether the link is still open. */
      check: (token: string) => {
        requireArgs({ token });
        return get<{ expiresAt: number }>(`/api/signature-links/${seg(token)}`, 'SignatureLinkFailed');
      },
      /** The phone: the signature as base64 PNG; accepted once. */
      send: (token: string, png: string) => {
        requireArgs({ token });
        return send<null>('PUT', `/api/signature-links/${seg(token)}`, 'SignatureLinkFailed', { png }, false);
      },
      /** The desktop: waiting, or the phone's PNG (handed over once). */
      collect: (watch: string) =>
        send<CollectedSignatureDto>('POST', '/api/signature-links/collect', 'SignatureLinkFailed', { watch }),
    },

    /** The plan of the request's team (tenant-key) for the signed-in user (#32). */
    plan: {
      get: () => get<PlanDto>('/api/plan', 'FetchTeamDetailFailed'),
    },

    /** Seats of the request's team (#32): seat managers only (spec 000 §6). */
    seats: {
      list: () => get<SeatsDto>('/api/seats', 'FetchTeamDetailFailed'),
      /** Members without a seat whose name or e-mail contains `name`. */
      search: (name: string) => get<SeatUserDto[]>('/api/seats/search', 'FetchTeamDetailFailed', { name }),
      add: (userIds: string[]) => send<SeatsDto>('POST', '/api/seats', 'UpdateTeamFailed', { userIds }),
      remove: (userId: string) => {
        requireArgs({ userId });
        return send<SeatsDto>('DELETE', `/api/seats/${seg(userId)}`, 'UpdateTeamFailed', {});
      },
    },

    /** Invitation links seen from the invited side (#15). */
    invitations: {
      /** Public: the team and who invited, before signing in. */
      preview: (code: string) => {
        requireArgs({ code });
        return get<InvitationPreviewDto>(`/api/invitations/${seg(code)}`, 'FetchTeamDetailFailed');
      },
      accept: (code: string) => {
        requireArgs({ code });
        return send<TeamDto>('POST', `/api/invitations/${seg(code)}/accept`, 'UpdateTeamFailed', {});
      },
    },

    /** A team's members and its invitation links (#15): owners and admins manage them. */
    members: {
      list: (teamId: string) => {
        requireArgs({ teamId });
        return get<MemberDto[]>(`/api/teams/${seg(teamId)}/members`, 'FetchTeamDetailFailed');
      },
      changeRole: (teamId: string, userId: string, role: TeamRole) => {
        requireArgs({ teamId, userId });
        return send<MemberDto[]>('PUT', `/api/teams/${seg(teamId)}/members/${seg(userId)}`, 'UpdateTeamFailed', {
          role,
        });
      },
      /** Removes a member, or the caller themself (leaving). */
      remove: (teamId: string, userId: string) => {
        requireArgs({ teamId, userId });
        return send<null>(
          'DELETE',
          `/api/teams/${seg(teamId)}/members/${seg(userId)}`,
          'UpdateTeamFailed',
          undefined,
          false,
        );
      },
      invitations: (teamId: string) => {
        requireArgs({ teamId });
        return get<InvitationDto[]>(`/api/teams/${seg(teamId)}/invitations`, 'FetchTeamDetailFailed');
      },
      /** With `email`, the server also mails the link there (when it has a mail server; see `user.mail`). */
      invite: (teamId: string, body: { role: 'admin' | 'member'; expiresInDays?: number; email?: string }) => {
        requireArgs({ teamId });
        return send<InvitationCreatedDto>('POST', `/api/teams/${seg(teamId)}/invitations`, 'UpdateTeamFailed', body);
      },
      revokeInvitation: (teamId: string, invitationId: string) => {
        requireArgs({ teamId, invitationId });
        return send<null>(
          'DELETE',
          `/api/teams/${seg(teamId)}/invitations/${seg(invitationId)}`,
          'UpdateTeamFailed',
          undefined,
          false,
        );
      },
    },

    teams: {
      list: () => get<TeamDto[]>('/api/teams', 'FetchTeamsFailed'),
      create: (name: string) => send<TeamDto>('POST', '/api/teams', 'UpdateTeamFailed', { name }),
      current: (teamId: string) => {
        requireArgs({ teamId });
        return get<TeamDto>(`/api/teams/${seg(teamId)}/current`, 'FetchTeamDetailFailed');
      },
      /** What the team may use of this server (its configuration) and uses now (#33). */
      quotas: (teamId: string) => {
        requireArgs({ teamId });
        return get<TeamQuotasDto>(`/api/teams/${seg(teamId)}/quotas`, 'FetchTeamDetailFailed');
      },
      rename: (teamKey: string, name: string) => {
        requireArgs({ teamKey });
        return send<TeamDto>('PUT', `/api/teams/${seg(teamKey)}`, 'UpdateTeamFailed', { name });
      },
      addMember: (teamId: string, email: string) => {
        requireArgs({ teamId, email });
        return send<unknown>('POST', `/api/teams/${seg(teamId)}/members`, 'UpdateTeamFailed', { email });
      },
    },

    /** A team's API keys (issue 15): the secret is in `create`'s answer only. */
    appKeys: {
      list: (teamId: string) => {
        requireArgs({ teamId });
        return get<ApiKeyDto[]>(`/api/teams/${seg(teamId)}/app-keys`, 'FetchTeamApiKeysFailed');
      },
      /** `scope` (#33): only these documents / actions, until `expiresAt`; a part left out is unlimited. */
      create: (
        teamId: string,
        description: string,
        scope: { docIds?: string[]; actions?: ApiKeyAction[]; expiresAt?: number } = {},
      ) => {
        requireArgs({ teamId });
        return send<ApiKeyCreatedDto>('POST', `/api/teams/${seg(teamId)}/app-key`, 'UpdateTeamFailed', {
          description,
          ...scope,
        });
      },
      remove: (teamId: string, keyId: string) => {
        requireArgs({ teamId, keyId });
        return send<null>(
          'DELETE',
          `/api/teams/${seg(teamId)}/app-keys/${seg(keyId)}`,
          'UpdateTeamFailed',
          undefined,
          false,
        );
      },
    },

    docs: {
      list: (teamId: string, page: PageArgs = {}) => {
        requireArgs({ teamId });
        return get<Page<DocDto>>(`/api/teams/${seg(teamId)}/docs`, 'TemplateQueryError', page);
      },
      create: (teamId: string, body: In<typeof createDocBody> = {}) => {
        requireArgs({ teamId });
        return send<DocDto>('POST', `/api/teams/${seg(teamId)}/docs`, 'TemplateCreateError', body);
      },
      get: (teamId: string, docId: string) => {
        requireArgs({ teamId, docId });
        return get<DocDto>(docPath(teamId, docId), 'TemplateQueryError');
      },
      update: (teamId: string, docId: string, body: { name?: string; dataSource?: unknown; sampleData?: unknown }) => {
        requireArgs({ teamId, docId });
        return send<DocDto>('PUT', docPath(teamId, docId), 'TemplateUpdateError', body);
      },
      remove: (teamId: string, docId: string) => {
        requireArgs({ teamId, docId });
        return send<null>('DELETE', docPath(teamId, docId), 'TemplateUpdateError', undefined, false);
      },
      setStatus: (teamId: string, docId: string, status: 'active' | 'archived') => {
        requireArgs({ teamId, docId });
        return send<DocDto>('PUT', `${docPath(teamId, docId)}/status`, 'TemplateUpdateError', { status });
      },
      logs: (teamId: string, docId: string, page: PageArgs = {}) => {
        requireArgs({ teamId, docId });
        return get<Page<DocLogDto>>(`${docPath(teamId, docId)}/logs`, 'TemplateQueryError', page);
      },
    },

    templates: {
      list: (teamId: string, docId: string, page: PageArgs = {}) => {
        requireArgs({ teamId, docId });
        return get<Page<TemplateDto>>(`${docPath(teamId, docId)}/templates`, 'TemplateQueryError', page);
      },
      create: (teamId: string, docId: string, body: In<typeof createOpenTemplateBody>) => {
        requireArgs({ teamId, docId });
        return send<TemplateDto>('POST', `${docPath(teamId, docId)}/templates`, 'TemplateCreateError', body);
      },
      get: (teamId: string, docId: string, templateId: string) => {
        requireArgs({ teamId, docId, templateId });
        return get<TemplateDto>(tplPath(teamId, docId, templateId), 'TemplateQueryError');
      },
      /** Throws `VersionConflict` (an ApiCallError whose `data.current` is the server's version) when stale. */
      save: (
        teamId: string,
        docId: string,
        templateId: string,
        body: { lastVersion: number; content: string; deps?: string[] },
      ) => {
        requireArgs({ teamId, docId, templateId, lastVersion: body.lastVersion });
        return send<TemplateDto>('PUT', tplPath(teamId, docId, templateId), 'TemplateUpdateError', body);
      },
      remove: (teamId: string, docId: string, templateId: string) => {
        requireArgs({ teamId, docId, templateId });
        return send<null>('DELETE', tplPath(teamId, docId, templateId), 'TemplateUpdateError', undefined, false);
      },
      rename: (teamId: string, docId: string, templateId: string, name: string) => {
        requireArgs({ teamId, docId, templateId });
        return send<TemplateDto>('PUT', `${tplPath(teamId, docId, templateId)}/name`, 'TemplateUpdateError', { name });
      },
      copy: (teamId: string, docId: string, templateId: string, body: { id?: string; name?: string } = {}) => {
        requireArgs({ teamId, docId, templateId });
        return send<TemplateDto>('POST', `${tplPath(teamId, docId, templateId)}/copy`, 'TemplateCreateError', body);
      },
      publish: (teamId: string, docId: string, templateId: string, body: { lastVersion: number; note?: string }) => {
        requireArgs({ teamId, docId, templateId, lastVersion: body.lastVersion });
        return send<{ template: TemplateDto; release: ReleaseDto }>(
          'POST',
          `${tplPath(teamId, docId, templateId)}/publish`,
          'TemplateUpdateError',
          body,
        );
      },
      releases: (docId: string, templateId: string) => {
        requireArgs({ docId, templateId });
        return get<ReleaseDto[]>(`/api/docs/${seg(docId)}/templates/${seg(templateId)}/releases`, 'TemplateQueryError');
      },
      reset: (teamId: string, docId: string, templateId: string, body: { lastVersion: number; releaseNo: number }) => {
        requireArgs({ teamId, docId, templateId, lastVersion: body.lastVersion });
        return send<TemplateDto>('POST', `${tplPath(teamId, docId, templateId)}/reset`, 'TemplateUpdateError', body);
      },
      enabled: (teamId: string, docId: string, page: PageArgs = {}) => {
        requireArgs({ teamId, docId });
        return get<Page<TemplateDto>>(`${docPath(teamId, docId)}/enabled-templates`, 'TemplateQueryError', page);
      },
      enabledOne: (teamId: string, docId: string, templateId: string) => {
        requireArgs({ teamId, docId, templateId });
        return get<TemplateDto>(`${docPath(teamId, docId)}/enabled-templates/${seg(templateId)}`, 'TemplateQueryError');
      },
    },

    approval: {
      get: (approvalCode: string, templateId: string) => {
        requireArgs({ approvalCode, templateId });
        return get<TemplateDto>(`/api/print-approval-v2/templates/${seg(approvalCode)}`, 'TemplateQueryError', {
          templateId,
        });
      },
      create: (approvalCode: string, body: In<typeof createApprovalTemplateBody>) => {
        requireArgs({ approvalCode });
        return send<TemplateDto>(
          'POST',
          `/api/print-approval-v2/templates/${seg(approvalCode)}`,
          'TemplateCreateError',
          body,
        );
      },
      save: (
        approvalCode: string,
        body: { templateId: string; lastVersionLock: number; content: string; name?: string },
      ) => {
        requireArgs({ approvalCode, templateId: body.templateId, lastVersionLock: body.lastVersionLock });
        return send<TemplateDto>(
          'PUT',
          `/api/print-approval-v2/templates/${seg(approvalCode)}`,
          'TemplateUpdateError',
          body,
        );
      },
      releases: (approvalCode: string, templateId: string) => {
        requireArgs({ approvalCode, templateId });
        return get<ReleaseDto[]>(
          `/api/print-approval-v2/templates/${seg(approvalCode)}/releases`,
          'TemplateQueryError',
          {
            templateId,
          },
        );
      },
      release: (approvalCode: string, templateId: string, version: number) => {
        requireArgs({ approvalCode, templateId, version });
        return get<ReleaseDto>(`/api/print-approval-v2/templates/${seg(approvalCode)}/release`, 'TemplateQueryError', {
          templateId,
          version,
        });
      },
      publishRelease: (approvalCode: string, templateId: string, lastVersionLock: number, note?: string) => {
        requireArgs({ approvalCode, templateId, lastVersionLock });
        return send<{ template: TemplateDto; release: ReleaseDto }>(
          'POST',
          `/api/print-approval-v2/templates/${seg(approvalCode)}/publish-release/${lastVersionLock}`,
          'TemplateUpdateError',
          { templateId, note },
        );
      },
      manages: {
        list: (approvalCode: string, page: PageArgs = {}) => {
          requireArgs({ approvalCode });
          return get<Page<TemplateDto>>(
            `/api/print-approval-v2/template-manages/${seg(approvalCode)}`,
            'TemplateQueryError',
            page,
          );
        },
        setEnabled: (approvalCode: string, templateId: string, enabled: boolean) => {
          requireArgs({ approvalCode, templateId });
          return send<TemplateDto>(
            'POST',
            `/api/print-approval-v2/template-manages/${seg(approvalCode)}/enable/${seg(templateId)}`,
            'TemplateUpdateError',
            { enabled },
          );
        },
        markOutdated: (approvalCode: string, templateId: string) => {
          requireArgs({ approvalCode, templateId });
          return send<TemplateDto>(
            'PUT',
            `/api/print-approval-v2/template-manages/${seg(approvalCode)}/templateId/${seg(templateId)}`,
            'TemplateUpdateError',
            { outdated: true },
          );
        },
      },
    },

    printTemplates: {
      list: (query: In<typeof printTemplateListQuery> = {}) =>
        get<Page<TemplateDto>>('/api/print-templates', 'TemplateQueryError', query),
      create: (body: In<typeof createPrintTemplateBody>) =>
        send<TemplateDto>('POST', '/api/print-templates', 'TemplateCreateError', body),
      get: (id: string) => {
        requireArgs({ id });
        return get<TemplateDto>(`/api/print-templates/code/${seg(id)}`, 'TemplateQueryError');
      },
      save: (id: string, body: { name?: string; content: string; lastVersion: number }) => {
        requireArgs({ id, lastVersion: body.lastVersion });
        return send<TemplateDto>('PUT', `/api/print-templates/code/${seg(id)}`, 'TemplateUpdateError', body);
      },
      remove: (id: string) => {
        requireArgs({ id });
        return send<null>('DELETE', `/api/print-templates/code/${seg(id)}`, 'TemplateUpdateError', undefined, false);
      },
    },

    sync: {
      push: (body: PushBody) => send<PushResult>('POST', '/api/sync/push', 'TemplateUpdateError', body),
      pull: (docId: string, since: number) => {
        requireArgs({ docId });
        return get<PullResult>('/api/sync/pull', 'TemplateQueryError', { docId, since });
      },
    },
  };
}

export type QuireApi = ReturnType<typeof quireApi>;
