import Dexie from 'dexie';
import { QuireError } from '../../core/errors';
import type { StorageContext } from '../context';
import { newId, write } from '../context';
import type { ReleaseRow, TemplateCategory, TemplateRow } from '../types';
import { prepareAsset, putAssetIfMissing } from './assets';

export interface NewTemplate {
  id?: string;
  name: string;
  baseId: string;
  tableId: string;
  category?: TemplateCategory;
  type: number;
  content: string;
}

export type TemplatePatch = Partial<
  Pick<TemplateRow, 'name' | 'content' | 'tableId' | 'category' | 'type' | 'remoteId' | 'remoteVersion'>
>;

async function loadForWrite(ctx: StorageContext, id: string, expectedRevision: number): Promise<TemplateRow> {
  const current = await ctx.db.templates.get(id);
  if (!current) throw new QuireError('NoTempalte', { detail: id });
  if (current.revision !== expectedRevision) {
    // Another tab (or sync) saved since this editor loaded: never overwrite it silently.
    throw new QuireError('VersionConflict', {
      detail: `template ${id}: expected revision ${expectedRevision}, stored ${current.revision}`,
      params: { expected: expectedRevision, actual: current.revision },
    });
  }
  return current;
}

function latestReleaseOf(ctx: StorageContext, templateId: string): Promise<ReleaseRow | undefined> {
  return ctx.db.releases
    .where('[templateId+version]')
    .between([templateId, Dexie.minKey], [templateId, Dexie.maxKey])
    .last();
}

export function releaseId(templateId: string, version: number): string {
  return `${templateId}@${version}`;
}

export function createTemplateRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    list(filter: { baseId?: string; tableId?: string } = {}): Promise<TemplateRow[]> {
      if (filter.tableId) return db.templates.where('tableId').equals(filter.tableId).toArray();
      if (filter.baseId) return db.templates.where('baseId').equals(filter.baseId).toArray();
      return db.templates.orderBy('updatedAt').reverse().toArray();
    },
    get(id: string): Promise<TemplateRow | undefined> {
      return db.templates.get(id);
    },
    async create(input: NewTemplate): Promise<TemplateRow> {
      const now = ctx.now();
      const row: TemplateRow = {
        id: input.id ?? newId('tpl'),
        name: input.name,
        baseId: input.baseId,
        tableId: input.tableId,
        category: input.category ?? 1,
        type: input.type,
        content: input.content,
        revision: 1,
        createdAt: now,
        updatedAt: now,
      };
      await write(
        ctx,
        {
          action: 'template.create',
          stores: ['templates'],
          keys: [row.id],
          unsaved: { key: `template:${row.id}`, label: `Create template “${row.name}”`, payload: row },
        },
        () => db.templates.add(row),
      );
      return row;
    },
    /**
     * Save a draft. `expectedRevision` is the revision this editor last loaded or saved; if the stored
     * one differs, `VersionConflict` is thrown and nothing is written. Returns the saved row (its
     * `revision` is the one to pass next time).
     */
    async save(id: string, patch: TemplatePatch, expectedRevision: number): Promise<TemplateRow> {
      return write(
        ctx,
        {
          action: 'template.save',
          stores: ['templates'],
          keys: [id],
          unsaved: {
            key: `template:${id}`,
            label: `Save template ${patch.name ? `“${patch.name}”` : id}`,
            payload: { id, expectedRevision, ...patch },
          },
        },
        async () => {
          const current = await loadForWrite(ctx, id, expectedRevision);
          const next: TemplateRow = { ...current, ...patch, revision: current.revision + 1, updatedAt: ctx.now() };
          await db.templates.put(next);
          return next;
        },
      );
    },
    /**
     * A new template beside `id` (same base, binding, category and kind) holding `content`: how a
     * conflict's "keep mine as a copy" saves one side without touching the other.
     */
    async copy(id: string, patch: { name: string; content: string; tableId?: string }): Promise<TemplateRow> {
      const source = await db.templates.get(id);
      if (!source) throw new QuireError('NoTempalte', { detail: id });
      return this.create({
        name: patch.name,
        baseId: source.baseId,
        tableId: patch.tableId ?? source.tableId,
        category: source.category,
        type: source.type,
        content: patch.content,
      });
    },
    /** Store a rendered thumbnail (deduplicated) and point the template at it; not a content change. */
    async setThumbnail(id: string, image: Blob): Promise<string> {
      const asset = await prepareAsset(image, `${id}-thumbnail`, ctx.now());
      await write(ctx, { action: 'template.thumbnail', stores: ['templates', 'assets'], keys: [id] }, async () => {
        await putAssetIfMissing(ctx, asset);
        await db.templates.update(id, { thumbnailHash: asset.hash });
      });
      return asset.hash;
    },
    async delete(id: string): Promise<void> {
      await write(
        ctx,
        {
          action: 'template.delete',
          stores: ['templates', 'releases'],
          keys: [id],
          unsaved: { key: `template:${id}:delete`, label: 'Delete template', payload: { id, op: 'delete' } },
        },
        async () => {
          await db.releases.where('templateId').equals(id).delete();
          await db.templates.delete(id);
        },
      );
    },
    /** Snapshot the current draft as the next release version (1, 2, …). */
    async publish(id: string, expectedRevision: number): Promise<ReleaseRow> {
      return write(ctx, { action: 'template.publish', stores: ['templates', 'releases'], keys: [id] }, async () => {
        const current = await loadForWrite(ctx, id, expectedRevision);
        const latest = await latestReleaseOf(ctx, id);
        const version = (latest?.version ?? 0) + 1;
        const release: ReleaseRow = {
          id: releaseId(id, version),
          templateId: id,
          version,
          name: current.name,
          content: current.content,
          publishedAt: ctx.now(),
        };
        await db.releases.add(release);
        return release;
      });
    },
    releases(templateId: string): Promise<ReleaseRow[]> {
      return db.releases.where('templateId').equals(templateId).sortBy('version');
    },
    release(templateId: string, version: number): Promise<ReleaseRow | undefined> {
      return db.releases.get(releaseId(templateId, version));
    },
    latestRelease(templateId: string): Promise<ReleaseRow | undefined> {
      return latestReleaseOf(ctx, templateId);
    },
    /** Make the draft equal to a release again (a new revision, so other tabs see the change). */
    async resetToRelease(id: string, version: number, expectedRevision: number): Promise<TemplateRow> {
      return write(ctx, { action: 'template.reset', stores: ['templates', 'releases'], keys: [id] }, async () => {
        const release = await db.releases.get(releaseId(id, version));
        if (!release) throw new QuireError('NoTempalte', { detail: `${id} release ${version}` });
        const current = await loadForWrite(ctx, id, expectedRevision);
        const next = { ...current, content: release.content, revision: current.revision + 1, updatedAt: ctx.now() };
        await db.templates.put(next);
        return next;
      });
    },
  };
}

export type TemplateRepo = ReturnType<typeof createTemplateRepo>;
