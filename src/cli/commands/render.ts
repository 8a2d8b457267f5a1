import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import { createIsolatedWasmEngine } from '../../../workers/compile-node';
import { QuireError } from '../../core/errors';
import { officeKindOfFileName } from '../../core/outputs/catalogue';
import type { PrintSource } from '../../core/print/sources';
import { printBatchFiles, runPrintBatch } from '../../render/batch/index';
import { isExportFormat } from '../../render/export';
import { createNodeEngine, type EngineKind } from '../../render/node-engine';
import { nodeImageLoader } from '../../render/node-images';
import { officeContentFromFile } from '../../render/office';
import {
  canRenderGroup,
  exportOutput,
  prepareOutputTemplate,
  renderOutput,
  renderOutputGroup,
} from '../../render/outputs/render';
import type { TypstEngine } from '../../render/typst/engine';
import { RecyclingTypstEngine } from '../../render/typst/recycling-engine';
import { type CliCommand, parseArgs } from '../command';
import { printSourcesOf } from '../sources';

const USAGE =
  "render <template.json | pdfme-template.json | .docx | .xlsx | .pptx> --data <records.json | sources.json> --out <out.pdf | out.zip | dir/> [--merge] [--name '<file-name template>'] [--engine wasm|native] [--format docx|xlsx|pptx]";

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

/**
 * Several records into one file merge: Word templates into one .docx (a section per record),
 * document templates into one PDF; Excel and PowerPoint files do not merge. Said before any work,
 * so a wrong `--out` never leaves a misnamed file. A ZIP or a directory always works.
 */
function mergeTargetProblem(templateExtension: string, out: string): string | undefined {
  const target = extname(out).toLowerCase();
  if (target === '.zip' || target === '' || out.endsWith('/')) return undefined;
  if (templateExtension === '.docx' && target !== '.docx')
    return `A Word template writes .docx files: use --out merged.docx (one document, a section per record), out.zip or dir/`;
  if ((templateExtension === '.xlsx' || templateExtension === '.pptx') && target !== templateExtension)
    return `An ${templateExtension === '.xlsx' ? 'Excel' : 'PowerPoint'} template writes ${templateExtension} files: use --out out${templateExtension} for one record, out.zip or dir/ for several`;
  return undefined;
}

/** A Word, Excel or PowerPoint file with Quire's tags, as the app stores it after an upload. */
async function officeTemplate(path: string): Promise<{ content: unknown; name: string }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (cause) {
    throw new QuireError('NoTempalte', { detail: `cannot read ${path}`, cause });
  }
  const ext = extname(path);
  return { content: officeContentFromFile(bytes, basename(path)), name: basename(path, ext) };
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
    const { positional, options } = parseArgs(args, ['merge']);
    const templatePath = positional[0];
    const dataPath = options.data;
    const out = options.out;
    const engineKind = (options.engine ?? 'wasm') as EngineKind;
    // A document template exported as Word, Excel or PowerPoint instead of a PDF.
    const format = options.format;
    if (
      !templatePath ||
      typeof dataPath !== 'string' ||
      typeof out !== 'string' ||
      !['wasm', 'native'].includes(engineKind) ||
      (format !== undefined && !isExportFormat(format))
    ) {
      io.err(`Usage: ${USAGE}`);
      return 2;
    }
    const templateExtension = extname(templatePath).toLowerCase();
    if (isExportFormat(format) && officeKindOfFileName(templatePath)) {
      io.err(`--format exports document templates; ${templatePath} is already an Office file`);
      return 2;
    }
    const mergeProblem = mergeTargetProblem(isExportFormat(format) ? `.${format}` : templateExtension, out);
    if (mergeProblem) {
      io.err(mergeProblem);
      return 2;
    }
    const template = officeKindOfFileName(templatePath)
      ? await officeTemplate(templatePath)
      : templateOf(await readJson(templatePath, 'TemplateParseError'), templatePath);
    const prepared = prepareOutputTemplate(template.content);
    const sources = printSourcesOf(await readJson(dataPath, 'DataInvalid'));
    // Created on first use: outputs that do not typeset never load the compiler.
    let engine: Promise<TypstEngine> | undefined;
    const env = {
      typst: () => {
        // A batch's WASM compiles run on compilers replaced past a budget, so memory stays flat
        // however many records; one record keeps the in-process compiler (no thread to start).
        engine ??=
          engineKind === 'wasm' && sources.length > 1
            ? Promise.resolve(new RecyclingTypstEngine(createIsolatedWasmEngine))
            : createNodeEngine(engineKind);
        return engine;
      },
      // A long document's chunks move to fresh WASM compilers, so its memory stays bounded.
      ...(engineKind === 'wasm' ? { freshTypst: createIsolatedWasmEngine } : {}),
      loadImage: nodeImageLoader(dirname(resolve(dataPath))),
      loadFontGroup: loadFontGroupFromNodeModules,
    };
    // What the template asks for that Quire replaces (a canvas font it does not ship) is said, not fatal.
    if (prepared.kind === 'canvas') for (const warning of prepared.template.warnings) io.err(`Warning: ${warning}`);
    const started = performance.now();
    const printTime = Date.now();
    const naming = {
      templateName: template.name,
      printTime,
      ...(typeof options.name === 'string' ? { rule: options.name } : {}),
    };
    // Plain records and exported sources alike take the one path every caller takes.
    const batch = {
      items: sources,
      total: sources.length,
      render: (source: PrintSource) =>
        isExportFormat(format)
          ? exportOutput(prepared, source, env, format, naming)
          : renderOutput(prepared, source, env, naming),
      // A merged PDF is typeset in groups, so its fonts are embedded once per group, not per record.
      ...(canRenderGroup(prepared) && !isExportFormat(format)
        ? { renderGroup: (group: PrintSource[]) => renderOutputGroup(prepared, group, env, naming) }
        : {}),
      templateName: template.name,
      printTime,
      concurrency: 1,
    };

    let written = '';
    try {
      const toDir = await isDirectoryTarget(out);
      if (extname(out).toLowerCase() === '.zip') {
        await mkdir(dirname(resolve(out)), { recursive: true });
        const run = await runPrintBatch(batch, 'zip');
        await pipeline(Readable.fromWeb(run.body as unknown as NodeReadableStream<Uint8Array>), createWriteStream(out));
        written = out;
      } else if (toDir && !options.merge) {
        await mkdir(out, { recursive: true });
        for await (const file of printBatchFiles(batch)) await writeFile(join(out, file.name), file.bytes);
        written = `${sources.length} file(s) in ${out}`;
      } else {
        const single = sources.length === 1 ? await batch.render(sources[0]!) : undefined;
        const extension = isExportFormat(format) ? format : 'pdf';
        const target = toDir ? join(out, single?.fileName ?? `${template.name || 'merged'}.${extension}`) : out;
        await mkdir(dirname(resolve(target)), { recursive: true });
        if (single) await writeFile(target, single.bytes);
        else {
          const run = await runPrintBatch(batch, 'merged');
          await pipeline(
            Readable.fromWeb(run.body as unknown as NodeReadableStream<Uint8Array>),
            createWriteStream(target),
          );
        }
        written = target;
      }
    } finally {
      if (engine) (await engine).dispose();
    }
    const seconds = (performance.now() - started) / 1000;
    io.out(
      `Rendered ${sources.length} record(s) with the ${engineKind} engine in ${seconds.toFixed(2)} s → ${written}`,
    );
    return 0;
  },
};
