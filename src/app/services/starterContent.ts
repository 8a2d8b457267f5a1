/**
 * What a new template for a table starts as (host bases and, #32, the non-host `preview/add`): a
 * record card, one line per field, "Name: value", so it prints something of the record at once.
 */
import {
  createBlock,
  createDocument,
  createPage,
  createRow,
  createTemplateContent,
  parseTemplateContent,
  serializeTemplateContent,
} from '../../core/model';

/** Fields a starter template shows; the designer adds the rest. */
const STARTER_FIELDS = 12;

/** A record card: one line per field, "Name: value". */
export function starterContent(fields: ReadonlyArray<{ name: string; variable?: string }>): string {
  const rows = fields.slice(0, STARTER_FIELDS).map((field) =>
    createRow([
      createBlock('richText', {
        content: [
          {
            type: 'paragraph',
            children: [
              { text: `${field.name}: `, bold: true },
              { type: 'variable', name: field.variable ?? field.name, children: [{ text: '' }] },
              { text: '' },
            ],
          },
        ],
      } as never),
    ]),
  );
  const content = createTemplateContent(createDocument([createPage(rows)]));
  // Through the parser: what is stored is what the editor and the worker read back.
  return serializeTemplateContent(parseTemplateContent(content));
}
