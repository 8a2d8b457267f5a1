/**
 * Attachment preview (#30 item 2, spec 001 §3.4, §7): `POST /api/attachments/preview {files}` —
 * each file fetched under the server's fetch policy (QUIRE_FETCH_HOSTS: never a private address
 * unless allowed), PDF pages drawn as PNG, images as they are, Office files through LibreOffice
 * first; one finished result per file with the spec's code. Signed-in members of a team whose plan
 * includes `attachmentPreview` (403 PlanFeatureRequired otherwise).
 */
import type { Hono } from 'hono';
import { createNodePreviewLoader } from '../../../workers/attachment-preview';
import { LibreOfficeConverter } from '../../../workers/libreoffice';
import { type AttachmentPreviewDto, attachmentPreviewBody } from '../../api/contract';
import { type AttachmentPreviewLoader, type FilePreviewResult, PreviewTooLarge } from '../../core/attachments/preview';
import { bytesToBase64 } from '../../core/data/signatureImage';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { limitBody, ok, readBody } from '../envelope';
import { requirePlanFeature } from '../plans';
import { isTooLargeRefusal, safeFetch } from '../render/fetchPolicy';
import { teamOfRequest } from '../teams';

/** 20 files of long URLs fit many times over; nothing larger is read. */
export const ATTACHMENT_PREVIEW_BODY_MAX = 64 * 1024;

function dtoOf(result: FilePreviewResult): AttachmentPreviewDto {
  return {
    name: result.name,
    url: result.url,
    status: result.status,
    errorCode: result.errorCode,
    ...(result.msg ? { msg: result.msg } : {}),
    ...(result.error ? { error: result.error } : {}),
    thumbs: result.thumbs.map((thumb) => ({
      mime: thumb.mime,
      ...(thumb.width ? { width: thumb.width, height: thumb.height } : {}),
      url: `data:${thumb.mime};base64,${bytesToBase64(thumb.bytes)}`,
    })),
  };
}

/**
 * The server's loader: its fetch policy (whose `maxBytes`, 20 MB by default, is the preview's size
 * limit) and one LibreOffice pool of its own, started on the first Office file.
 */
export function serverPreviewLoader(ctx: ServerContext): AttachmentPreviewLoader {
  let converter: LibreOfficeConverter | undefined;
  const policy = ctx.config.fetchPolicy;
  return createNodePreviewLoader({
    sizeLimit: policy.maxBytes,
    async fetch(url, maxBytes) {
      try {
        return await safeFetch(url, { ...policy, maxBytes });
      } catch (error) {
        if (isTooLargeRefusal(error)) throw new PreviewTooLarge(url);
        throw error;
      }
    },
    officePdf: () => {
      converter ??= new LibreOfficeConverter();
      return converter;
    },
  });
}

export function attachmentRoutes(api: Hono<AuthEnv>, ctx: ServerContext): void {
  const load = serverPreviewLoader(ctx);
  api.use(
    '/attachments/preview',
    limitBody(
      ATTACHMENT_PREVIEW_BODY_MAX,
      `an attachment preview body is at most ${ATTACHMENT_PREVIEW_BODY_MAX} bytes`,
    ),
  );
  api.post('/attachments/preview', async (c) => {
    const userId = c.get('session').userId;
    const team = await teamOfRequest(ctx.db, userId, c.req.header('tenant-key'));
    await requirePlanFeature(ctx.db, team.id, 'attachmentPreview', userId);
    const { files } = await readBody(c, attachmentPreviewBody);
    const results = await load(
      files.map((file) => ({ name: file.name, url: file.url, ...(file.mime ? { mime: file.mime } : {}) })),
    );
    return ok(c, { files: results.map(dtoOf) });
  });
}
