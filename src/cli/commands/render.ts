import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { LibreOfficeConverter } from '../../../workers/libreoffice';
import { NodeRenderEnvironment } from '../../../workers/node-environment';
import { QuireError } from '../../core/errors';
import {
  defaultFormatOf,
  FILE_FORMAT_LIST,
  FILE_FORMATS,
  type FileFormat,
  formatsOf,
  isFileFormat,
  isMergeable,
  isOfficeKind,
  type MergeableFormat,
  makesFormat,
  OFFICE_KINDS,
  type OfficeKind,
  officeKindOfFileName,
} from '../../core/outputs/catalogue';
import { isImageFormat } from '../../core/outputs/images';
import { type InProcessRun, printInProcess } from '../../render/batch/inProcess';
import type { NamedFile } from '../../render/batch/job';
import type { EngineKind } from '../../render/node-engine';
import { nodeImageLoader } from '../../render/node-images';
import { officeContentFromFile } from '../../render/office';
import { type PreparedTemplate, prepareOutputTemplate } from '../../render/outputs/render';
import { type CliCommand, type CliIO, parseArgs } from '../command';
import { printSourcesOf } from '../sources';
import { isOfficeTemplatePath, type OfficeSettings, officeSettingsOf } from './office';

const USAGE = `render <template.json | pdfme-template.json | ${OFFICE_KINDS.map((k) => `.${k}`).join(' | ')}> --data <records.json | sources.json> --out <out.pdf | out.zip | dir/> [--merge] [--name '<file-name template>'] [--engine wasm|native] [--format ${FILE_FORMAT_LIST.join('|')}] [--no-compress] [--tz Europe/Paris] [--lang de-DE] [--delimiters single|double]`;

async function readJson(path: string, error: 'TemplateParseError' | 'DataInvalid'): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new QuireError(error === 'TemplateParseError' ? 'NoTempalte' : 'NoData', {
      detail: `cannot read ${path}`,
      cause,
    });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new QuireError(error, { detail: `${path} is not valid JSON`, issues: [{ path: '', reason: String(cause) }] });
  }
}

/** A print template entity (`{ name, content: "<json>" }`) or bare template content. */
function templateOf(raw: unknown, path: string): { content: unknown; name: string } {
  if (raw && typeof raw === 'object' && 'content' in raw && typeof (raw as { content: unknown }).content === 'string') {
    const entity = raw as { content: string; name?: unknown };
    return { content: entity.content, name: typeof entity.name === 'string' ? entity.name : basename(path, '.json') };
  }
  return { content: raw, name: basename(dirname(resolve(path))) };
}

/** The file names an image export may be given (one image, or the stem of several). */
const IMAGE_TARGETS = ['.png', '.jpg', '.jpeg'];

/** What one merged file of each mergeable format is, for the hint on a wrong `--out`. */
const MERGED_AS: { [F in MergeableFormat]: string } = {
  pdf: 'one document',
  docx: 'one document, a section per record',
};

/**
 * A file target must carry the extension of the format the run makes; several records go into one
 * file only when the format merges (the output catalogue). Said before any work, so a wrong `--out`
 * never leaves a misnamed file. A ZIP or a directory always works.
 */
function targetProblem(format: FileFormat, out: string): string | undefined {
  const target = extname(out).toLowerCase();
  if (target === '.zip' || target === '' || out.endsWith('/')) return undefined;
  if (isImageFormat(format)) {
    if (IMAGE_TARGETS.includes(target)) return undefined;
    return `Page images are written as .png or .jpg files: use --out page.${FILE_FORMATS[format].extension} (several pages or records: page-1, page-2…), out.zip or dir/`;
  }
  const { name, extension } = FILE_FORMATS[format];
  if (target === `.${extension}`) return undefined;
  const article = /^[AEIOU]/.test(name) ? 'An' : 'A';
  return isMergeable(format)
    ? `${article} ${name} template writes .${extension} files: use --out merged.${extension} (${MERGED_AS[format]}), out.zip or dir/`
    : `${article} ${name} template writes .${extension} files: use --out out.${extension} for one record, out.zip or dir/ for several`;
}

/**
 * A Word, Excel or PowerPoint file with Quire's tags, as the app stores it after an upload, with
 * the settings the app keeps beside it (`--tz`, `--lang`, `--delimiters`).
 */
async function officeTemplate(path: string, settings: OfficeSettings): Promise<{ content: unknown; name: string }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (cause) {
    throw new QuireError('NoTempalte', { detail: `cannot read ${path}`, cause });
  }
  const ext = extname(path);
  const content = officeContentFromFile(bytes, basename(path));
  return { content: Object.keys(settings).length ? { ...content, settings } : content, name: basename(path, ext) };
}

async function isDirectoryTarget(out: string): Promise<boolean> {
  if (out.endsWith('/')) return true;
  try {
    return (await stat(out)).isDirectory();
  } catch {
    return false;
  }
}

export const renderCommand: CliCommand = {
  name: 'render',
  summary:
    'Render a template (document JSON, or a Word/Excel/PowerPoint file with tags) with records: one file, merged PDF, a ZIP, or one file per record',
  usage: USAGE,
  async run(args, io) {
    const { positional, options } = parseArgs(args, ['merge', 'no-compress']);
    const templatePath = positional[0];
    const dataPath = options.data;
    const out = options.out;
    const engineKind = (options.engine ?? 'wasm') as EngineKind;
    // One of the formats the template's kind makes (a document template as Word, Excel or PowerPoint).
    const asked = options.format;
    if (
      !templatePath ||
      typeof dataPath !== 'string' ||
      typeof out !== 'string' ||
      !['wasm', 'native'].includes(engineKind) ||
      (asked !== undefined && !isFileFormat(asked))
    ) {
      io.err(`Usage: ${USAGE}`);
      return 2;
    }
    const isOffice = officeKindOfFileName(templatePath) !== undefined || isOfficeTemplatePath(templatePath);
    const settings = officeSettingsOf(options);
    if (typeof settings === 'string' || (!isOffice && (options.tz || options.lang || options.delimiters))) {
      io.err(
        typeof settings === 'string'
          ? settings
          : '--tz, --lang and --delimiters are for Word, Excel and PowerPoint templates',
      );
      return 2;
    }
    const template = isOffice
      ? await officeTemplate(templatePath, settings)
      : templateOf(await readJson(templatePath, 'TemplateParseError'), templatePath);
    const prepared = prepareOutputTemplate(template.content);
    const officeKind = isOfficeKind(prepared.kind) ? prepared.kind : undefined;
    // An Office template to PDF: filled as its own kind, then converted by LibreOffice headless.
    if (officeKind && (asked === 'pdf' || (asked === undefined && extname(out).toLowerCase() === '.pdf'))) {
      return officeToPdf(
        { prepared, officeKind, dataPath, out, merge: options.merge === true, name: template.name, rule: options.name },
        io,
      );
    }
    if (asked !== undefined && !makesFormat(prepared.kind, asked)) {
      io.err(`A ${prepared.kind} template makes ${formatsOf(prepared.kind).join(', ')}, not ${asked}`);
      return 2;
    }
    const format: FileFormat = isFileFormat(asked) ? asked : defaultFormatOf(prepared.kind);
    const problem = targetProblem(format, out);
    if (problem) {
      io.err(problem);
      return 2;
    }
    const sources = printSourcesOf(await readJson(dataPath, 'DataInvalid'));
    const environment = new NodeRenderEnvironment({ loadImage: nodeImageLoader(dirname(resolve(dataPath))) });
    // A batch's WASM compiles run on compilers replaced past a budget, so memory stays flat however
    // many records; one record keeps the in-process compiler (no thread to start).
    const env = environment.env(engineKind, { isolateWasm: sources.length > 1 });
    // What the template asks for that Quire replaces (a canvas font it does not ship) is said, not fatal.
    if (prepared.kind === 'canvas') for (const warning of prepared.template.warnings) io.err(`Warning: ${warning}`);
    const started = performance.now();
    const naming = {
      templateName: template.name,
      printTime: Date.now(),
      ...(typeof options.name === 'string' ? { rule: options.name } : {}),
    };
    const run = { prepared, sources, env, format, naming, ...(options['no-compress'] ? { noCompress: true } : {}) };

    let written = '';
    try {
      const toDir = await isDirectoryTarget(out);
      if (extname(out).toLowerCase() === '.zip') {
        await mkdir(dirname(resolve(out)), { recursive: true });
        await save((await printInProcess({ ...run, output: 'zip' })).body, out);
        written = out;
      } else if (isImageFormat(format) && !toDir) {
        written = await saveImages(await imagesOf(run), out);
      } else if (toDir && !options.merge) {
        await mkdir(out, { recursive: true });
        await printInProcess({
          ...run,
          output: 'folder',
          writeFile: (file) => writeFile(join(out, file.name), file.bytes),
        });
        written = `${sources.length} file(s) in ${out}`;
      } else {
        if (toDir) await mkdir(out, { recursive: true });
        else await mkdir(dirname(resolve(out)), { recursive: true });
        const result = await printInProcess({ ...run, output: sources.length === 1 ? 'file' : 'merged' });
        const target = toDir
          ? join(
              out,
              sources.length === 1 ? result.fileName : `${template.name || 'merged'}.${FILE_FORMATS[format].extension}`,
            )
          : out;
        await save(result.body, target);
        written = target;
      }
    } catch (error) {
      throw notWritable(error, out) ?? error;
    } finally {
      await environment.dispose();
    }
    const seconds = (performance.now() - started) / 1000;
    io.out(
      `Rendered ${sources.length} record(s) with the ${engineKind} engine in ${seconds.toFixed(2)} s → ${written}`,
    );
    return 0;
  },
};

/** Every image of a run (each page of each record), in order. */
async function imagesOf<Source>(run: Omit<InProcessRun<Source>, 'output'>): Promise<NamedFile[]> {
  const images: NamedFile[] = [];
  await printInProcess({ ...run, output: 'folder', writeFile: async (file) => void images.push(file) });
  return images;
}

/**
 * Images to `--out page.png`: one image is that file; several are `page-1.png`, `page-2.png`…
 * Each keeps its own extension: a PNG past the spec's size cap was stored as JPEG.
 */
async function saveImages(images: readonly NamedFile[], out: string): Promise<string> {
  await mkdir(dirname(resolve(out)), { recursive: true });
  const stem = out.slice(0, out.length - extname(out).length);
  const digits = String(images.length).length;
  const written: string[] = [];
  for (const [i, image] of images.entries()) {
    const extension = image.name.slice(image.name.lastIndexOf('.'));
    const suffix = images.length === 1 ? '' : `-${String(i + 1).padStart(digits, '0')}`;
    const target =
      images.length === 1 && extension === extname(out).toLowerCase() ? out : `${stem}${suffix}${extension}`;
    await writeFile(target, image.bytes);
    written.push(target);
  }
  return written.length === 1 ? written[0]! : `${written.length} images: ${written.join(', ')}`;
}

interface OfficePdfRun {
  prepared: PreparedTemplate;
  officeKind: OfficeKind;
  dataPath: string;
  out: string;
  merge: boolean;
  name: string;
  rule: string | true | undefined;
}

/**
 * `quire render letter.docx --out letter.pdf`: one record → one PDF; several Word records → one
 * PDF of the merged document (a section per record), or with `dir/` one PDF per record.
 */
async function officeToPdf(run: OfficePdfRun, io: CliIO): Promise<number> {
  const { out, officeKind } = run;
  const toDir = await isDirectoryTarget(out);
  if (!toDir && extname(out).toLowerCase() !== '.pdf') {
    io.err(`An Office template made into PDF writes .pdf files: use --out out.pdf or dir/`);
    return 2;
  }
  const sources = printSourcesOf(await readJson(run.dataPath, 'DataInvalid'));
  if (!toDir && sources.length > 1 && officeKind !== 'docx') {
    io.err(`Several records of a ${officeKind} template make one PDF each: use --out dir/`);
    return 2;
  }
  const environment = new NodeRenderEnvironment({ loadImage: nodeImageLoader(dirname(resolve(run.dataPath))) });
  const converter = new LibreOfficeConverter();
  const started = performance.now();
  const naming = {
    templateName: run.name,
    printTime: Date.now(),
    ...(typeof run.rule === 'string' ? { rule: run.rule } : {}),
  };
  const base = { prepared: run.prepared, sources, env: environment.env('wasm'), format: officeKind, naming };
  let written = '';
  try {
    if (toDir && (sources.length === 1 || !run.merge)) {
      await mkdir(out, { recursive: true });
      await printInProcess({
        ...base,
        output: 'folder',
        writeFile: async (file) =>
          writeFile(join(out, file.name.replace(/\.[^.]+$/, '.pdf')), await converter.toPdf(file.bytes, officeKind)),
      });
      written = `${sources.length} PDF file(s) in ${out}`;
    } else {
      await mkdir(toDir ? out : dirname(resolve(out)), { recursive: true });
      const result = await printInProcess({ ...base, output: sources.length === 1 ? 'file' : 'merged' });
      const bytes = new Uint8Array(await new Response(result.body).arrayBuffer());
      const target = toDir ? join(out, `${run.name || 'merged'}.pdf`) : out;
      await writeFile(target, await converter.toPdf(bytes, officeKind));
      written = target;
    }
  } catch (error) {
    throw notWritable(error, out) ?? error;
  } finally {
    await Promise.all([environment.dispose(), converter.dispose()]);
  }
  const seconds = (performance.now() - started) / 1000;
  io.out(`Rendered ${sources.length} record(s) as PDF with LibreOffice in ${seconds.toFixed(2)} s → ${written}`);
  return 0;
}

/**
 * A file-system failure while writing `--out` (no permission, a read-only disk, a file where a
 * folder must be, a full disk) as the catalogued OutputNotWritable, not a stack trace.
 */
function notWritable(error: unknown, out: string): QuireError | undefined {
  const { code, syscall, path } = (error ?? {}) as { code?: unknown; syscall?: unknown; path?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string') return undefined;
  const where = typeof path === 'string' ? path : out;
  return new QuireError('OutputNotWritable', {
    detail: `cannot write ${where} (${code})`,
    issues: [{ path: where, reason: `${code}: ${syscall} failed` }],
    cause: error,
  });
}

/** Streams a run's file to disk. */
async function save(body: ReadableStream<Uint8Array> | undefined, path: string): Promise<void> {
  if (!body) throw new QuireError('DocGenerationError', { detail: `nothing was made to write to ${path}` });
  await pipeline(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>), createWriteStream(path));
}
