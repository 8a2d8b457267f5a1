/**
 * Render jobs as rows: created by the API, claimed by whichever process the queue hands them to,
 * finished once. A queue delivers a job at least once (a worker that dies mid-job has its job
 * retried), so storing the file is a compare-and-set on the status: the first finisher stores it,
 * a late duplicate changes nothing (`result_writes` stays 1).
 */
import { hostname } from 'node:os';
import type { RenderJobDto, RenderJobStatus, RenderTarget } from '../../api/contract';
import { type ErrorName, isQuireError } from '../../core/errors';
import { newId } from '../auth';
import type { Sql } from '../db';
import { notFound, templateNotFound } from '../envelope';
import type { Renderer } from './renderer';
import type { RenderRequest } from './renderFile';

export interface RenderJobSpec {
  teamId: string;
  docId: string;
  instanceId: string;
  templateId: string;
  /** A published release (snapshot routes); null renders the draft. */
  releaseNo: number | null;
  targetType: RenderTarget;
  runtime: 'native' | 'wasm';
}

/** What a render needs, read in one place for the synchronous path and for jobs alike. */
export async function loadRenderRequest(sql: Sql, spec: RenderJobSpec): Promise<RenderRequest> {
  const [row] = await sql.query<{ data: unknown; data_source: unknown; doc_name: string }>(
    `SELECT i.data, d.data_source, d.name AS doc_name FROM doc_instances i JOIN docs d ON d.id = i.doc_id
     WHERE i.id = $1 AND i.doc_id = $2 AND i.team_id = $3 AND NOT d.deleted`,
    [spec.instanceId, spec.docId, spec.teamId],
  );
  if (!row) throw notFound('instance');
  const template = await loadTemplateContent(sql, spec);
  return {
    content: template.content,
    templateName: template.name,
    docName: row.doc_name,
    dataSource: row.data_source,
    values: row.data,
    targetType: spec.targetType,
    runtime: spec.runtime,
  };
}

async function loadTemplateContent(sql: Sql, spec: RenderJobSpec): Promise<{ name: string; content: string }> {
  if (spec.releaseNo === null) {
    const [draft] = await sql.query<{ name: string; content: string }>(
      `SELECT name, content FROM templates
       WHERE id = $1 AND team_id = $2 AND doc_id = $3 AND family = 'open' AND NOT deleted`,
      [spec.templateId, spec.teamId, spec.docId],
    );
    if (!draft) throw templateNotFound(spec.templateId);
    return draft;
  }
  const [release] = await sql.query<{ name: string; content: string }>(
    `SELECT r.name, r.content FROM template_releases r
     JOIN templates t ON t.team_id = r.team_id AND t.id = r.template_id
     WHERE r.template_id = $1 AND r.release_no = $2 AND t.team_id = $3 AND t.doc_id = $4 AND NOT t.deleted`,
    [spec.templateId, spec.releaseNo, spec.teamId, spec.docId],
  );
  if (!release) throw templateNotFound(`${spec.templateId} release ${spec.releaseNo}`);
  return release;
}

/** The latest release of a template (snapshot routes without a number), or 404. */
export async function latestReleaseNo(sql: Sql, teamId: string, docId: string, templateId: string): Promise<number> {
  const [row] = await sql.query<{ release_no: number }>(
    `SELECT release_no FROM templates WHERE id = $1 AND team_id = $2 AND doc_id = $3 AND NOT deleted`,
    [templateId, teamId, docId],
  );
  if (!row || row.release_no === 0) throw templateNotFound(`${templateId} has no published release`);
  return row.release_no;
}

export async function createJob(sql: Sql, spec: RenderJobSpec, options: { singleUse?: boolean } = {}): Promise<string> {
  const id = newId('job');
  await sql.query(
    `INSERT INTO render_jobs (id, team_id, doc_id, instance_id, template_id, release_no, target_type, runtime, single_use)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      spec.teamId,
      spec.docId,
      spec.instanceId,
      spec.templateId,
      spec.releaseNo,
      spec.targetType,
      spec.runtime,
      options.singleUse === true,
    ],
  );
  return id;
}

interface JobRow {
  id: string;
  team_id: string;
  doc_id: string;
  instance_id: string;
  template_id: string;
  release_no: number | null;
  target_type: RenderTarget;
  runtime: 'native' | 'wasm';
  status: RenderJobStatus;
  error: { error: ErrorName; msg: string } | null;
}

interface StoredJob extends RenderJobDto {
  instanceId: string;
  file?: { bytes: Uint8Array; mime: string; fileName: string };
}

type StoredRow = JobRow & {
  result: Uint8Array | null;
  mime: string | null;
  file_name: string | null;
  single_use: boolean;
};

/**
 * A job of one instance of one team's document (404 for anything else). A single-use job's file
 * is deleted with its row by the fetch that reads it: one DELETE … RETURNING, so of two racing
 * fetches exactly one gets the file and the other a 404.
 */
export async function getJob(sql: Sql, teamId: string, docId: string, instanceId: string, jobId: string) {
  const where = 'id = $1 AND team_id = $2 AND doc_id = $3 AND instance_id = $4';
  const ids = [jobId, teamId, docId, instanceId];
  let [row] = await sql.query<StoredRow>(`SELECT * FROM render_jobs WHERE ${where}`, ids);
  if (row?.single_use && row.status === 'done')
    [row] = await sql.query<StoredRow>(`DELETE FROM render_jobs WHERE ${where} AND status = 'done' RETURNING *`, ids);
  if (!row) throw notFound('render job');
  const job: StoredJob = { jobId: row.id, status: row.status, instanceId: row.instance_id };
  if (row.error) job.error = row.error;
  if (row.status === 'done' && row.result)
    job.file = {
      bytes: new Uint8Array(row.result),
      mime: row.mime ?? 'application/octet-stream',
      fileName: row.file_name ?? 'document',
    };
  return job;
}

const WORKER_NAME = `${hostname()}:${process.pid}`;

/**
 * Runs one job where the queue delivered it. A catalogued failure (bad template, missing data) is
 * the job's answer and is not retried; anything else (the database went away) throws so the
 * queue retries it.
 */
export async function runJob(sql: Sql, jobId: string, renderer: Renderer): Promise<'done' | 'failed' | 'skipped'> {
  const [job] = await sql.query<JobRow>(
    `UPDATE render_jobs SET status = 'running', attempts = attempts + 1, started_at = now(), worker = $2
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
    [jobId, WORKER_NAME],
  );
  // Finished already (a duplicate delivery) or deleted with its document.
  if (!job) return 'skipped';
  const spec: RenderJobSpec = {
    teamId: job.team_id,
    docId: job.doc_id,
    instanceId: job.instance_id,
    templateId: job.template_id,
    releaseNo: job.release_no,
    targetType: job.target_type,
    runtime: job.runtime,
  };
  try {
    // A job waits for a render thread however busy they are: the job queue bounds how many there are.
    const file = await renderer.render(await loadRenderRequest(sql, spec), { wait: true });
    await sql.query(
      `UPDATE render_jobs SET status = 'done', result = $2, mime = $3, file_name = $4, finished_at = now(),
         result_writes = result_writes + 1
       WHERE id = $1 AND status <> 'done'`,
      [jobId, file.bytes, file.mime, file.fileName ?? `document.${file.extension}`],
    );
    return 'done';
  } catch (error) {
    const catalogued = isQuireError(error)
      ? { error: error.errorName, msg: error.message }
      : error instanceof Error && 'errorName' in error
        ? { error: (error as { errorName: ErrorName }).errorName, msg: error.message }
        : undefined;
    if (!catalogued) throw error;
    await sql.query(
      `UPDATE render_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'`,
      [jobId, JSON.stringify(catalogued)],
    );
    return 'failed';
  }
}

/** Jobs queued or running when a process stopped (embedded database: they resume in the next start). */
export async function unfinishedJobs(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM render_jobs WHERE status IN ('queued', 'running') ORDER BY created_at`,
  );
  return rows.map((r) => r.id);
}
