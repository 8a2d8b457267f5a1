import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { QuireError } from '../../core/errors';
import { renderFileName } from '../../core/naming/filename';
import { mergePdfs, renderBatch, UniqueNames, zipStream } from '../../render/batch/index';
import { createNodeEngine, type EngineKind } from '../../render/node-engine';
import { nodeImageLoader } from '../../render/node-images';
import { prepareTemplate, renderPdf } from '../../render/render-pdf';
import { type CliCommand, parseArgs } from '../command';

const USAGE =
  "render <template.json> --data <records.json> --out <out.pdf | out.zip | dir/> [--merge] [--name '<file-name template>'] [--engine wasm|native]";

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

/** Records: an array, `{ records: [...] }`, or one record object. */
function recordsOf(raw: unknown): Record<string, unknown>[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { records?: unknown }).records)
      ? (raw as { records: unknown[] }).records
      : [raw];
  const issues = list.flatMap((r, i) =>
    r && typeof r === 'object' && !Array.isArray(r) ? [] : [{ path: `[${i}]`, reason: 'a record must be an object' }],
  );
  if (issues.length > 0) throw new QuireError('DataInvalid', { issues: issues.slice(0, 20) });
  return list as Record<string, unknown>[];
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
  summary: 'Render a template with records to PDF (one file, merged, a ZIP, or one PDF per record)',
  usage: USAGE,
  async run(args, io) {
    const { positional, options } = parseArgs(args, ['merge']);
    const templatePath = positional[0];
    const dataPath = options.data;
    const out = options.out;
    const engineKind = (options.engine ?? 'wasm') as EngineKind;
    if (
      !templatePath ||
      typeof dataPath !== 'string' ||
      typeof out !== 'string' ||
      !['wasm', 'native'].includes(engineKind)
    ) {
      io.err(`Usage: ${USAGE}`);
      return 2;
    }
    const template = templateOf(await readJson(templatePath, 'TemplateParseError'), templatePath);
    const content = prepareTemplate(template.content);
    const records = recordsOf(await readJson(dataPath, 'DataInvalid'));
    const engine = await createNodeEngine(engineKind);
    const loadImage = nodeImageLoader(dirname(resolve(dataPath)));
    const started = performance.now();
    const printTime = Date.now();
    const render = (record: Record<string, unknown>) => renderPdf(content, record, { engine, loadImage });
    const nameTemplate = typeof options.name === 'string' ? options.name : undefined;
    const names = new UniqueNames();
    const fileName = (record: Record<string, unknown>) =>
      `${names.take(
        renderFileName({
          template: nameTemplate,
          record,
          variables: { NAME: template.name, PRINT_TIME: printTime },
          options: { timeZone: content.settings.timeZone, locale: content.settings.lang },
        }),
      )}.pdf`;

    let written = '';
    try {
      const toDir = await isDirectoryTarget(out);
      if (extname(out).toLowerCase() === '.zip') {
        await mkdir(dirname(resolve(out)), { recursive: true });
        const entries = (async function* () {
          for await (const item of renderBatch(records, render)) yield { name: fileName(item.record), bytes: item.pdf };
        })();
        const stream = Readable.fromWeb(zipStream(entries) as unknown as NodeReadableStream<Uint8Array>);
        await pipeline(stream, createWriteStream(out));
        written = out;
      } else if (toDir && !options.merge) {
        await mkdir(out, { recursive: true });
        for await (const item of renderBatch(records, render))
          await writeFile(join(out, fileName(item.record)), item.pdf);
        written = `${records.length} file(s) in ${out}`;
      } else {
        const target = toDir ? join(out, `${template.name || 'merged'}.pdf`) : out;
        await mkdir(dirname(resolve(target)), { recursive: true });
        const pdf =
          records.length === 1
            ? await render(records[0]!)
            : await mergePdfs(
                (async function* () {
                  for await (const item of renderBatch(records, render)) yield item.pdf;
                })(),
              );
        await writeFile(target, pdf);
        written = target;
      }
    } finally {
      engine.dispose();
    }
    const seconds = (performance.now() - started) / 1000;
    io.out(
      `Rendered ${records.length} record(s) with the ${engine.kind} engine in ${seconds.toFixed(2)} s → ${written}`,
    );
    return 0;
  },
};
