/**
 * The HTTP contract between Quire's server (`src/server`) and its clients (`src/api`, `src/sync`):
 * body codes, request schemas and response shapes. Both sides import this one module so a field
 * renamed here fails the typecheck on both. Pure zod and types: safe for the browser build.
 */
import { z } from 'zod';
import { SIGNATURE_MAX_BYTES } from '../core/data/signatureImage';
import type { ErrorIssue, ErrorName } from '../core/errors';
import { FILE_FORMAT_LIST, type FileFormat } from '../core/outputs/catalogue';
import type { Feature, PlanState, TenantPlanVersion, UserType } from '../core/plan';
import { TENANT_PLAN_VERSIONS } from '../core/plan/tenantPlan';

/** Body codes of the envelope. Success is HTTP 200 with code 0 (spec 000 §5). */
export const BODY_CODE = {
  ok: 0,
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  tooManyAttempts: 429,
  internal: 500,
  /** The stored base token is no longer valid: the client clears it (spec 000 §4). */
  baseTokenInvalid: 3021,
  /** A write carried a version that is not the current one; `data.current` holds the current one. */
  versionConflict: 3030,
  /** A sync push skipped a mutation id; `data.expected` is the next id the server will accept. */
  mutationOutOfOrder: 3031,
} as const;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** What `data` holds when `code` is not 0. */
export interface ErrorData {
  error: ErrorName;
  issues?: ErrorIssue[];
  current?: TemplateDto;
  expected?: number;
  /** InternalError: the id the server logged the failure under. */
  requestId?: string;
  /** The translated message's values (RenderTimedOut: `seconds`; RenderOutOfMemory: `megabytes`). */
  params?: Record<string, string | number>;
}

// ---- shared pieces ----------------------------------------------------------------------------

const id = z.string().min(1).max(64);
const name = z.string().trim().min(1).max(200);
/** Template content is a JSON string (spec 000 §3); the server checks it parses. */
const content = z.string().max(4_000_000);
const deps = z.array(z.string().max(200)).max(2000);
const version = z.number().int().min(0);

export const idParam = id;
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

// ---- accounts ---------------------------------------------------------------------------------

export const registerBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
  password: z.string().min(8).max(200),
  name,
});
export const loginBody = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
});
export const updatePasswordBody = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8).max(200),
});
/** Profile: a new e-mail address needs the current password (a stolen session must not take the account). */
export const updateUserBody = z
  .object({
    name: name.optional(),
    email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)).optional(),
    currentPassword: z.string().min(1).max(200).optional(),
  })
  .refine((b) => b.name !== undefined || b.email !== undefined, { message: 'name or email is required' });

/**
 * The user's signature (#31): a transparent PNG as base64, checked again by the server
 * (core/data/signatureImage.ts); the length bound is SIGNATURE_MAX_BYTES in base64.
 */
export const putSignatureBody = z.object({
  png: z
    .string()
    .min(1)
    .max(Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4),
});
/** The phone's signature through a QR link (#31): the same PNG bounds as the account's. */
export const signatureLinkPngBody = putSignatureBody;
/** The desktop collecting what its link received: the secret only it holds. */
export const collectSignatureBody = z.object({ watch: z.string().min(16).max(100) });
/** A new QR link: `token` goes into the link, `watch` stays on the desktop that asked. */
export interface SignatureLinkDto {
  token: string;
  watch: string;
  /** epoch ms */
  expiresAt: number;
}
/** What the desktop finds: still waiting, or the phone's PNG (base64) once — the link is then gone. */
export type CollectedSignatureDto =
  | { status: 'waiting'; expiresAt: number }
  | { status: 'signed'; png: string; width: number; height: number };
export interface SignatureDto {
  /** base64 PNG */
  png: string;
  width: number;
  height: number;
  /** epoch ms */
  updatedAt: number;
}

/** Attachment preview (#30, spec 001 §7): the files of one attachment block, at most 20 per call. */
export const ATTACHMENT_PREVIEW_MAX_FILES = 20;
export const attachmentPreviewBody = z.object({
  files: z
    .array(
      z.object({
        name: z.string().max(255).default(''),
        url: z.string().max(4096),
        mime: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(ATTACHMENT_PREVIEW_MAX_FILES),
});
/** One file's preview: finished with success (page images as data URLs) or a spec result code. */
export interface AttachmentPreviewDto {
  name: string;
  url: string;
  status: 'success' | 'failed';
  errorCode: 'success' | 'size_over_limit' | 'FETCH_ERROR' | 'missing' | 'unknown' | 'error';
  msg?: string;
  /** The catalogued error behind a failure (name, code, params such as `file`), for a translated message. */
  error?: { name: string; code: string | number; params: Record<string, string | number> };
  thumbs: Array<{ mime: string; width?: number; height?: number; url: string }>;
}

export interface LoginDto {
  token: string;
  userId: string;
  expireAt: number;
  /** The key of the user's default team, stored with the login (spec 000 §3 "Stored login info"). */
  tenantKey: string;
}
export interface UserDto {
  id: string;
  email: string;
  name: string;
  tenantName: string;
  avatarUrl: string;
}

// ---- plans and seats (#32) -------------------------------------------------------------------

/** Operator API `PUT /api/operator/teams/{team}/plan` and `quire plan set`: the team's new plan. */
export const setPlanBody = z.object({
  version: z.enum(TENANT_PLAN_VERSIONS),
  trial: z.boolean().default(false),
  /** Epoch ms or an ISO date; null or absent: no end. */
  expiresAt: z
    .union([z.number().int().positive(), z.string().trim().min(1).max(40)])
    .nullable()
    .default(null),
  totalSeats: z.number().int().min(0).max(100_000).default(0),
  /** The buyer: a user id or e-mail address of a team member. */
  buyer: z.string().trim().min(1).max(254).nullable().default(null),
  note: z.string().max(500).default(''),
});
export type SetPlanBody = z.input<typeof setPlanBody>;
/** The plan body after its defaults: what the server stores. */
export type SetPlan = z.output<typeof setPlanBody>;

/** `GET /api/plan`: the plan of the request's team (tenant-key, else the default team) for the caller. */
export interface PlanDto {
  teamId: string;
  teamName: string;
  version: TenantPlanVersion;
  trial: boolean;
  expiresAt: number | null;
  totalSeats: number;
  assignedSeats: number;
  buyerUserId: string | null;
  state: PlanState;
  /** FREE once the plan has lapsed. */
  effectiveVersion: TenantPlanVersion;
  userType: UserType;
  /** What the caller may use under this plan (on ENTERPRISE_SEAT: with their seat). */
  features: Feature[];
  seated: boolean;
  /** Seat management (spec 000 §6): allowed, or the catalogued refusal. */
  seatAccess: { allowed: true } | { allowed: false; error: 'OnlyAdminAllowed' | 'OnlyBuyerAllowed' | 'Forbidden' };
  /** Where upgrades are bought (QUIRE_UPGRADE_URL); null when the server has none. */
  upgradeUrl: string | null;
}

export interface PlanHistoryEntryDto {
  id: number;
  version: TenantPlanVersion;
  trial: boolean;
  expiresAt: number | null;
  totalSeats: number;
  buyerUserId: string | null;
  setBy: string;
  note: string;
  createdAt: number;
}

export interface SeatUserDto {
  id: string;
  name: string;
  email: string;
  avatarUrl: string;
}

export interface SeatsDto {
  total: number;
  assigned: number;
  users: SeatUserDto[];
}

/** `POST /api/seats`: up to 10 members at once (spec 000 §5, the seat chooser's limit). */
export const addSeatsBody = z.object({ userIds: z.array(z.string().min(1).max(100)).min(1).max(10) });

// ---- teams and documents ----------------------------------------------------------------------

export const createTeamBody = z.object({ name });
export const updateTeamBody = z.object({ name });
export const addMemberBody = z.object({ email: z.string().trim().toLowerCase().max(254) });

/** A member's role in a team: owners and admins manage members; only owners make owners. */
const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export interface TeamDto {
  id: string;
  teamKey: string;
  name: string;
  role: TeamRole;
}

/** One of the signed-in user's sessions (#33 item 4): `GET /api/user/sessions`, revoked by `DELETE …/:id`. */
export interface SessionDto {
  id: string;
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
  /** The browser that signed in, as it named itself ('' when unknown). */
  userAgent: string;
  /** The session this request came with. */
  current: boolean;
}

/** What a team may use of the server (#33 item 2; the server's configuration) and uses now. */
export interface TeamQuotasDto {
  limits: {
    rendersPerMinute: number;
    concurrentRenders: number;
    instances: number;
    instanceBytes: number;
    storedFileBytes: number;
  };
  usage: { rendersRunning: number; instances: number; instanceBytes: number; storedFileBytes: number };
}

export const createDocBody = z.object({
  name: z.string().trim().max(200).optional(),
  dataSource: z.unknown().optional(),
  sampleData: z.unknown().optional(),
});
export const updateDocBody = z
  .object({ name: name.optional(), dataSource: z.unknown().optional(), sampleData: z.unknown().optional() })
  .refine((b) => b.name !== undefined || b.dataSource !== undefined || b.sampleData !== undefined, {
    message: 'name, dataSource or sampleData is required',
  });
export const docStatusBody = z.object({ status: z.enum(['active', 'archived']) });

/** Spec 000 §5: a new team document is named 'New Document' when no name is given. */
export const DEFAULT_DOC_NAME = 'New Document';

export interface DocDto {
  id: string;
  teamId: string;
  name: string;
  status: 'active' | 'archived';
  dataSource: unknown;
  sampleData: unknown;
  createdAt: number;
  updatedAt: number;
}
export interface DocLogDto {
  id: number;
  userId: string;
  action: string;
  detail: unknown;
  createdAt: number;
}
export interface Page<T> {
  total: number;
  list: T[];
}

// ---- templates (one mechanism for the three families) -----------------------------------------

export type TemplateFamily = 'open' | 'approval' | 'print';

export interface TemplateDto {
  id: string;
  family: TemplateFamily;
  teamId: string;
  docId: string | null;
  approvalCode: string | null;
  name: string;
  content: string;
  deps: string[];
  type: number;
  category: number;
  baseId: string | null;
  tableId: string | null;
  /** Grows by one with each write; the lock a save or publish must carry. */
  version: number;
  /** Approval templates only: the version lock (same number as `version`). */
  lastVersionLock: number;
  enabled: boolean;
  status: string;
  outdated: boolean;
  deleted: boolean;
  /** Latest release number, 0 when never published. */
  releaseNo: number;
  createdAt: number;
  updatedAt: number;
}

export interface ReleaseDto {
  templateId: string;
  releaseNo: number;
  /** The draft version that was published. */
  version: number;
  name: string;
  content: string;
  deps: string[];
  note: string;
  createdBy: string;
  createdAt: number;
}

export const createOpenTemplateBody = z.object({
  /** Optional client-chosen id, so a template created offline keeps its id once synced. */
  id: id.optional(),
  name,
  content,
  deps: deps.default([]),
  type: z.number().int().min(0).max(100).default(1),
});
export const saveTemplateBody = z.object({ lastVersion: version, content, deps: deps.optional() });
export const renameTemplateBody = z.object({ name });
export const copyTemplateBody = z.object({ id: id.optional(), name: name.optional() });
export const publishTemplateBody = z.object({ lastVersion: version, note: z.string().max(2000).default('') });
export const resetTemplateBody = z.object({ lastVersion: version, releaseNo: z.number().int().min(1) });

// approval family (/api/print-approval-v2)
export const approvalTemplateQuery = z.object({ templateId: id });
export const createApprovalTemplateBody = z.object({
  id: id.optional(),
  name,
  content,
  type: z.number().int().min(0).max(100).default(1),
});
export const saveApprovalTemplateBody = z.object({
  templateId: id,
  lastVersionLock: version,
  content,
  name: name.optional(),
});
export const approvalReleaseQuery = z.object({ templateId: id, version: z.coerce.number().int().min(1) });
export const publishReleaseBody = z.object({ templateId: id, note: z.string().max(2000).default('') });
export const resetApprovalBody = z.object({ templateId: id, lastVersionLock: version, version: z.number().int() });
export const manageUpdateBody = z.object({
  name: name.optional(),
  /** The outdated flag can be set true and is never reset (spec 000 §4). */
  outdated: z.literal(true).optional(),
});
export const enableBody = z.object({ enabled: z.boolean() });
export const statusBody = z.object({ templateId: id, status: z.enum(['active', 'inactive']) });

// main API (/api/print-templates)
export const printTemplateListQuery = z.object({
  baseId: z.string().max(64).optional(),
  tableId: z.string().max(64).optional(),
  category: z.coerce.number().int().min(1).max(2).optional(),
  name: z.string().max(200).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const createPrintTemplateBody = z.object({
  id: id.optional(),
  category: z.number().int().min(1).max(2).default(1),
  name,
  tableId: z.string().min(1).max(64),
  baseId: z.string().min(1).max(64),
  content,
  type: z.number().int().min(0).max(100).default(1),
});
export const updatePrintTemplateBody = z.object({ name: name.optional(), content, lastVersion: version });

// ---- sync -------------------------------------------------------------------------------------

export const mutationSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.number().int().min(1),
    kind: z.literal('template.create'),
    templateId: id,
    docId: id,
    name,
    content,
    deps: deps.default([]),
    /** Where the template lives on the device that made it: other devices place it the same way. */
    baseId: z.string().min(1).max(200).optional(),
    tableId: z.string().min(1).max(200).optional(),
    type: z.number().int().min(0).max(100).optional(),
    category: z.number().int().min(0).max(100).optional(),
  }),
  z.object({
    id: z.number().int().min(1),
    kind: z.literal('template.save'),
    templateId: id,
    lastVersion: version,
    content,
    deps: deps.optional(),
  }),
  z.object({
    id: z.number().int().min(1),
    kind: z.literal('template.rename'),
    templateId: id,
    lastVersion: version,
    name,
  }),
  z.object({
    id: z.number().int().min(1),
    kind: z.literal('template.publish'),
    templateId: id,
    lastVersion: version,
    note: z.string().max(2000).default(''),
  }),
  z.object({ id: z.number().int().min(1), kind: z.literal('template.delete'), templateId: id }),
]);
export type Mutation = z.input<typeof mutationSchema>;
export type MutationKind = Mutation['kind'];

export const pushBody = z.object({
  clientId: z.string().min(8).max(64),
  mutations: z.array(mutationSchema).min(1).max(500),
});
export type PushBody = z.input<typeof pushBody>;

/** The outcome of one mutation. A replay of an applied mutation gets its first outcome again. */
export type MutationResult =
  | { id: number; status: 'applied'; template: TemplateDto; release?: ReleaseDto }
  | { id: number; status: 'conflict'; current: TemplateDto; error: 'VersionConflict' }
  /** Refused for another reason (the template was deleted, an id is taken, …): never retried. */
  | { id: number; status: 'rejected'; current: TemplateDto | null; error: ErrorName; msg: string };

export interface PushResult {
  /** The last mutation id the server has applied for this client. */
  lastMutationId: number;
  results: MutationResult[];
}

export const pullQuery = z.object({ docId: id, since: z.coerce.number().int().min(0).default(0) });
export interface PullResult {
  /** Pass as `since` next time. */
  cursor: number;
  templates: TemplateDto[];
}

// ---- open platform: API keys, instances, render (issue 15) ------------------------------------

/** What a scoped key may do (#33): read instances (and the enabled templates), create or delete instances, render. */
export const API_KEY_ACTIONS = ['instances.read', 'instances.create', 'instances.delete', 'render'] as const;
export type ApiKeyAction = (typeof API_KEY_ACTIONS)[number];

export const createApiKeyBody = z.object({
  description: z.string().trim().max(200).default(''),
  /** Only these documents of the team; omitted: every document. */
  docIds: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
  /** Only these actions; omitted: every action. */
  actions: z.array(z.enum(API_KEY_ACTIONS)).min(1).optional(),
  /** Epoch ms after which the key answers 401 like a revoked one; omitted: no expiry. */
  expiresAt: z.number().int().positive().optional(),
});

/** An API key as listed: never the secret, which is answered once at creation (`ApiKeyCreatedDto`). */
export interface ApiKeyDto {
  id: string;
  description: string;
  /** The first characters of the key, so a user can tell keys apart. */
  prefix: string;
  createdAt: number;
  /** Epoch ms of the last request made with the key, null when never used. */
  lastUsedAt: number | null;
  /** The documents it is limited to; null: every document of the team. */
  docIds: string[] | null;
  /** The actions it is limited to; null: every action. */
  actions: ApiKeyAction[] | null;
  /** Epoch ms it stops working; null: never. */
  expiresAt: number | null;
  /** Epoch ms of its last use per action (to within 10 s); an action never used is absent. */
  lastUsedByAction: Partial<Record<ApiKeyAction, number>>;
}
export interface ApiKeyCreatedDto extends ApiKeyDto {
  /** The secret itself: shown this once, stored only as a SHA-256 digest. */
  key: string;
}

/** An instance's values: each plain (`"ACME"`, `12.5`) or an open value of spec 001 §3.7. */
export const createInstanceBody = z.object({ data: z.record(z.string(), z.unknown()) });

export interface InstanceDto {
  id: string;
  docId: string;
  /** The values as open values, validated against the document's data source when posted. */
  data: Record<string, unknown>;
  createdAt: number;
}

/** A render's target is a file format of the output catalogue. */
const RENDER_TARGETS = FILE_FORMAT_LIST as [FileFormat, ...FileFormat[]];
export type RenderTarget = FileFormat;
const RENDER_RUNTIMES = ['native', 'wasm'] as const;

const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((value) => value === '1' || value === 'true');

export const renderQuery = z.object({
  templateId: id,
  /** Render now and keep the file for the previews instead of answering it (a job, like async). */
  prerender: flag,
  /** Answer `{jobId, status}` at once; the file is fetched with `GET …/render?jobId=`. */
  async: flag,
});
export const renderBody = z.object({
  targetType: z.enum(RENDER_TARGETS).default('pdf'),
  /** The Typst engine: the native compiler (default on servers) or its WebAssembly build. */
  runtime: z.enum(RENDER_RUNTIMES).default('native'),
  /** A job's file is deleted once fetched: a second fetch is 404 (#33 item 3). */
  singleUse: z.boolean().default(false),
});
export const renderStatusQuery = z.object({ jobId: id });

export type RenderJobStatus = 'queued' | 'running' | 'done' | 'failed';
export interface RenderJobDto {
  jobId: string;
  status: RenderJobStatus;
  /** When failed: the catalogued error. */
  error?: { error: ErrorName; msg: string };
}

// ---- a document's screens (issue 15, docs): preview settings, previews, release snapshots ----

export const previewSettingsBody = z.object({ publicPreview: z.boolean() });
export interface PreviewSettingsDto {
  /** Whether anyone holding an instance's public link may see it (no sign-in). */
  publicPreview: boolean;
}

/** `snapshot/{env}`: `latest` (each template's newest release) or a release number. */
export const snapshotEnvParam = z.union([z.literal('latest'), z.coerce.number().int().min(1)]);

/** A template as an instance's preview lists it: what it renders to and which release is shown. */
export interface PreviewTemplateDto {
  id: string;
  name: string;
  /** The release shown (public previews), or null for the draft (signed-in previews). */
  releaseNo: number | null;
  targets: RenderTarget[];
}
export interface PublicPreviewDto {
  docName: string;
  instanceId: string;
  createdAt: number;
  templates: PreviewTemplateDto[];
}
export const previewFileQuery = z.object({ templateId: id });
// ---- accounts, members and invitations (#15) ---------------------------------------------------

export const changeRoleBody = z.object({ role: z.enum(TEAM_ROLES) });
/** An invitation link joins as a member or an admin; owners are made from members, by an owner. */
export const createInvitationBody = z.object({
  role: z.enum(['admin', 'member']).default('member'),
  expiresInDays: z.number().int().min(1).max(30).default(7),
  /** Also mail the link to this address (only when the server has a mail server). */
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)).optional(),
});
/** Invitation codes and reset tokens are 32+ URL-safe characters; anything else is refused unread. */
export const secretParam = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'not a valid link code');
export const requestPasswordResetBody = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });
export const confirmPasswordResetBody = z.object({
  /** Checked against `secretParam` by the server: a malformed token is an invalid link, not a bad body. */
  token: z.string().min(1).max(200),
  newPassword: z.string().min(8).max(200),
});

export interface MemberDto {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: number;
}
export interface InvitationDto {
  id: string;
  role: TeamRole;
  /** The code's first characters, so links can be told apart; the code itself is shown once. */
  prefix: string;
  createdAt: number;
  expiresAt: number;
  acceptedCount: number;
}
export interface InvitationCreatedDto extends InvitationDto {
  /** The secret code of the link `/invitation/{code}`: answered this once, stored only as a digest. */
  code: string;
  /** The address the link was mailed to, when one was given. */
  sentTo?: string;
}
/** Whether this server sends mail (QUIRE_SMTP_URL): reset links by mail, invitation links to an address. */
export interface MailStatusDto {
  configured: boolean;
}
/** What an invitation link shows before anyone signs in. */
export interface InvitationPreviewDto {
  teamName: string;
  invitedBy: string;
  role: TeamRole;
  expiresAt: number;
}
/** How a reset link travels: with no mail server configured it is written to the server's log. */
export interface PasswordResetRequestedDto {
  delivery: 'log' | 'mail';
}
