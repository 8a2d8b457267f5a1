/**
 * Office to PDF with LibreOffice headless (issue 27 item 8), for the CLI and the server: a filled
 * .docx/.xlsx/.pptx goes in, its PDF comes out. A small pool of converters (LibreOffice cannot share
 * one user profile between processes, so each slot has its own, kept warm between files), a time-out
 * that kills the whole process group, and a catalogued OfficePdfUnavailable when `soffice` is not
 * installed (`QUIRE_SOFFICE` names another binary).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { QuireError } from '../src/core/errors';
import type { OfficeKind } from '../src/core/outputs/catalogue';

export interface LibreOfficeOptions {
  /** The soffice binary (default: QUIRE_SOFFICE, else `soffice` on the PATH). */
  binary?: string;
  /** Conversions at once (default 2: each LibreOffice takes a core and ~200 MB). */
  slots?: number;
  /** Per file (default 120 s: a first start builds the profile, large decks take a while). */
  timeoutMs?: number;
}

export const LIBREOFFICE_TIMEOUT_MS = 120_000;

/** Office attachments LibreOffice makes into PDF (attachment templates, spec 001 §5.1). */
const OFFICE_EXTENSIONS: readonly string[] = ['doc', 'docx', 'rtf', 'xls', 'xlsx', 'ppt', 'pptx'];
export type OfficeAttachmentExtension = 'doc' | 'docx' | 'rtf' | 'xls' | 'xlsx' | 'ppt' | 'pptx';

/** Whether LibreOffice is asked to convert files of this extension (lower case, no dot). */
export function isOfficeAttachmentExtension(extension: string): extension is OfficeAttachmentExtension {
  return OFFICE_EXTENSIONS.includes(extension);
}

/** The binary the converter runs (QUIRE_SOFFICE, else `soffice`). */
function sofficeBinary(): string {
  return process.env.QUIRE_SOFFICE ?? 'soffice';
}

/**
 * Whether the converter's binary exists (a path, or a name found on the PATH): the server offers
 * PDF for Office templates only then. Checked on each call (cheap: a few stat calls).
 */
export function libreOfficeInstalled(): boolean {
  const binary = sofficeBinary();
  if (binary.includes('/')) return existsSync(binary);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, binary)));
}

export class LibreOfficeConverter {
  private readonly binary: string;
  private readonly timeoutMs: number;
  private readonly free: number[];
  private readonly waiting: Array<(slot: number) => void> = [];
  private readonly profiles: Array<Promise<string> | undefined>;
  private disposed = false;

  constructor(options: LibreOfficeOptions = {}) {
    this.binary = options.binary ?? sofficeBinary();
    this.timeoutMs = options.timeoutMs ?? LIBREOFFICE_TIMEOUT_MS;
    const slots = Math.max(1, options.slots ?? 2);
    this.free = Array.from({ length: slots }, (_, i) => i);
    this.profiles = Array.from({ length: slots }, () => undefined);
  }

  /**
   * The PDF of one Office file: a filled template (its kind) or an attachment (doc, docx, rtf, xls,
   * xlsx, ppt, pptx). The extension tells LibreOffice how to read the bytes.
   */
  async toPdf(bytes: Uint8Array, kind: OfficeKind | OfficeAttachmentExtension): Promise<Uint8Array> {
    // The extension names a file in a folder of our own: only the known ones, never a path.
    if (!OFFICE_EXTENSIONS.includes(kind))
      throw new QuireError('DocGenerationError', { detail: `LibreOffice is not asked to read .${kind} files` });
    if (this.disposed) throw new QuireError('DocGenerationError', { detail: 'the PDF converter was closed' });
    const slot = await this.acquire();
    try {
      return await this.convert(slot, bytes, kind);
    } finally {
      this.release(slot);
    }
  }

  /** Removes the profiles (a conversion still running finishes first). */
  async dispose(): Promise<void> {
    this.disposed = true;
    const dirs = await Promise.all(this.profiles.map((p) => p?.catch(() => undefined)));
    await Promise.all(dirs.map((dir) => (dir ? rm(dir, { recursive: true, force: true }) : undefined)));
  }

  private acquire(): Promise<number> {
    const slot = this.free.pop();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: number) {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }

  private profile(slot: number): Promise<string> {
    this.profiles[slot] ??= mkdtemp(join(tmpdir(), 'quire-soffice-profile-'));
    return this.profiles[slot]!;
  }

  private async convert(slot: number, bytes: Uint8Array, kind: string): Promise<Uint8Array> {
    const profile = await this.profile(slot);
    const dir = await mkdtemp(join(tmpdir(), 'quire-soffice-'));
    try {
      const input = join(dir, `document.${kind}`);
      await writeFile(input, bytes);
      await this.run(
        [
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--headless',
          '--norestore',
          '--nolockcheck',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          input,
        ],
        dir,
      );
      try {
        return new Uint8Array(await readFile(join(dir, 'document.pdf')));
      } catch (cause) {
        throw new QuireError('DocGenerationError', {
          detail: `LibreOffice made no PDF of the ${kind} file`,
          issues: [{ path: 'pdf', reason: 'LibreOffice could not convert the filled file' }],
          cause,
        });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private run(args: string[], cwd: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // Its own process group, so a time-out ends LibreOffice's helper processes too.
      const child = spawn(this.binary, args, { cwd, stdio: 'ignore', detached: true });
      const timer = setTimeout(() => {
        kill(child.pid);
        reject(
          new QuireError('DocGenerationError', {
            detail: `LibreOffice did not finish the PDF within ${Math.round(this.timeoutMs / 1000)} s`,
            issues: [{ path: 'pdf', reason: `timed out after ${this.timeoutMs} ms` }],
          }),
        );
      }, this.timeoutMs);
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          error.code === 'ENOENT' || error.code === 'EACCES'
            ? new QuireError('OfficePdfUnavailable', {
                detail: `'${this.binary}' was not found: install LibreOffice (Debian: libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui) or set QUIRE_SOFFICE`,
                cause: error,
              })
            : error,
        );
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else
          reject(
            new QuireError('DocGenerationError', {
              detail: `LibreOffice stopped (${signal ?? `exit ${code}`}) before the PDF was made`,
            }),
          );
      });
    });
  }
}

function kill(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
