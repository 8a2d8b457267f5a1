/** Data sources a new document may start from (the create screen's "start from a sample"). */
import type { OpenDataSource } from '../../../core/data/dataSource';

const s = (fieldName: string, label: string) => ({ fieldName, label, fieldType: 'string' as const });
const n = (fieldName: string, label: string) => ({ fieldName, label, fieldType: 'number' as const });
const d = (fieldName: string, label: string) => ({ fieldName, label, fieldType: 'datetime' as const });

export const SAMPLE_SOURCES = {
  invoice: {
    groups: [
      {
        name: 'Invoice',
        description: 'The invoice itself',
        variables: [
          s('invoiceNumber', 'Invoice number'),
          d('invoiceDate', 'Invoice date'),
          { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
          { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
          n('total', 'Total'),
          { fieldName: 'notes', label: 'Notes', fieldType: 'string', stringContentFormat: 'markdown' },
        ],
      },
    ],
    dataSpecs: [
      { id: 'party', variables: [s('name', 'Name'), s('address', 'Address'), s('email', 'Email')] },
      {
        id: 'line',
        variables: [s('description', 'Description'), n('quantity', 'Quantity'), n('unitPrice', 'Unit price')],
      },
    ],
  },
  letter: {
    groups: [
      {
        name: 'Letter',
        variables: [
          s('recipient', 'Recipient'),
          d('date', 'Date'),
          s('subject', 'Subject'),
          { fieldName: 'body', label: 'Body', fieldType: 'string', stringContentFormat: 'html' },
          { fieldName: 'signature', label: 'Signature', fieldType: 'inline-image' },
        ],
      },
    ],
    dataSpecs: [],
  },
} satisfies Record<string, OpenDataSource>;

export type SampleSourceName = keyof typeof SAMPLE_SOURCES;
export const SAMPLE_SOURCE_NAMES = Object.keys(SAMPLE_SOURCES) as SampleSourceName[];
