/**
 * Where a document's data comes from, as the caller hands it to the render worker: raw data of
 * one data source, not yet mapped. Mapping (`build.ts`) runs in the worker, so the UI thread only
 * reads storage and passes messages. Every source crosses a worker (or process, or HTTP) boundary,
 * so it is validated by `printSourceSchema` on arrival.
 */
import { z } from 'zod';
import { QuireError } from '../errors';
import { zodIssues } from '../issues';

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');
const linksSchema = z
  .object({
    currentView: z.string().optional(),
    viewUrlTemplate: z.string().optional(),
    currentRecord: z.string().optional(),
    recordShareUrl: z.string().optional(),
  })
  .strict();

/** What every source may carry besides its data. */
const common = {
  /** Image bytes by the URL the data names (local attachments: `quire-asset:<sha256>`). */
  assets: z.record(z.string(), bytes).optional(),
  links: linksSchema.optional(),
};

const tableFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  property: z.record(z.string(), z.unknown()).optional(),
  isPrimary: z.boolean().optional(),
});
const tableRecordSchema = z.object({ recordId: z.string(), fields: z.record(z.string(), z.unknown()) });
const tableDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(tableFieldSchema),
  records: z.array(tableRecordSchema),
});

export const printSourceSchema = z.discriminatedUnion('kind', [
  /** One record of a table (local workspace or a base host), with the linked records it names. */
  z.object({
    kind: z.literal('table'),
    table: tableDataSchema.omit({ records: true }),
    record: tableRecordSchema,
    linkedTables: z.array(tableDataSchema).default([]),
    ...common,
  }),
  /** An approval definition with one instance; no instance prints the designer's placeholders. */
  z.object({
    kind: z.literal('approval'),
    definition: z.unknown(),
    instance: z.unknown().optional(),
    /** Signatures saved on this device or account (#31), for approved entries that carry no image. */
    signatures: z.array(z.object({ userId: z.string().optional(), name: z.string(), image: z.string() })).optional(),
    ...common,
  }),
  /** An open-platform document instance: values validated against the document's data source. */
  z.object({
    kind: z.literal('open'),
    dataSource: z.unknown(),
    values: z.unknown(),
    docName: z.string().optional(),
    ...common,
  }),
  /** Plain JSON data as it is (the CLI's records, the bundled samples). */
  z.object({
    kind: z.literal('data'),
    data: z.record(z.string(), z.unknown()),
    ...common,
  }),
]);

export type PrintSource = z.input<typeof printSourceSchema>;
export type ParsedPrintSource = z.output<typeof printSourceSchema>;
export type PrintSourceKind = PrintSource['kind'];

/** Validates a source that crossed a boundary; failures name the path (DataInvalid). */
export function parsePrintSource(input: unknown): ParsedPrintSource {
  const result = printSourceSchema.safeParse(input);
  if (result.success) return result.data;
  throw new QuireError('DataInvalid', {
    issues: zodIssues(result.error, { limit: 20 }),
  });
}
