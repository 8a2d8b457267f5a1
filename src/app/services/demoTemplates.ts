import { EditorMode } from '../../core/model/types';
import type { DemoTemplate } from '../../storage';

/**
 * Print templates installed with the demo workspace, bound to its tables by field name (variables
 * read the record scope: field name → value; link fields are lists of the linked records). Kept as
 * small builders here so the demo's templates change together with the demo's fields.
 */

type Json = Record<string, unknown>;
type Arg = string | number;

const leaf = (text: string, marks: Json = {}): Json => ({ text, ...marks });
const v = (name: string, filters: [string, ...Arg[]][] = [], marks: Json = {}): Json => ({
  type: 'variable',
  name,
  ...(filters.length > 0 ? { filters: filters.map(([f, ...args]) => ({ name: f, args })) } : {}),
  children: [leaf('', marks)],
});
const para = (props: Json, ...children: (string | Json)[]): Json => ({
  type: 'paragraph',
  ...props,
  children: children.length > 0 ? children.map((c) => (typeof c === 'string' ? leaf(c) : c)) : [leaf('')],
});
const p = (...children: (string | Json)[]) => para({}, ...children);
const b = (text: string, marks: Json = {}) => leaf(text, { bold: true, ...marks });
const rich = (id: string, content: Json[], extra: Json = {}): Json => ({ id, type: 'richText', content, ...extra });
const col = (id: string, width: number, ...blocks: Json[]): Json => ({ id, width, blocks });
const row = (id: string, ...columns: Json[]): Json => ({ id, columns });
const full = (id: string, ...blocks: Json[]) => row(id, col(`${id}-c`, 100, ...blocks));
const right = { align: 'right' };
const usd: [string, ...Arg[]][] = [['currency', 'USD']];
const day: [string, ...Arg[]][] = [['date', 'yyyy/MM/dd']];

function grid(id: string, widths: number[], rows: Json[][][], extra: Json = {}): Json {
  return {
    id,
    type: 'table',
    margins: { top: 6, right: 0, bottom: 6, left: 0 },
    table: {
      headerRowCount: 1,
      footerRowCount: 0,
      border: { width: 0.6, color: '#C9D1E3', style: 'solid' },
      columns: widths.map((width, c) => ({ id: `${id}-col${c}`, width })),
      rows: rows.map((cells, r) => ({
        id: `${id}-row${r}`,
        cells: cells.map((content, c) => ({
          id: `${id}-r${r}c${c}`,
          ...(r === 0 ? { background: '#EEF3FB' } : {}),
          content,
        })),
      })),
      merges: [],
      ...extra,
    },
  };
}

function content(pages: Json[], pageSetting: Json = {}): string {
  return JSON.stringify({
    schemaVersion: 1,
    document: { pages, sections: [], signatureList: [] },
    pageSetting: {
      sizeType: 'A4',
      width: 210,
      height: 297,
      direction: 'vertical',
      paddingTop: 17,
      paddingBottom: 17,
      paddingLeft: 15,
      paddingRight: 15,
      ...pageSetting,
    },
    settings: {
      lang: 'en-US',
      fontSize: 10,
      defaultMarginBottom: '0',
      defaultLineHeight: 1.5,
      timeZone: 'UTC',
      pdf: { showPageNumber: false, pageNumberAlign: 'center', pageNumberPosition: 'bottom' },
      exportFileType: 'ALL',
    },
    tagModePageSetting: null,
  });
}

const invoice = content([
  {
    id: 'demo-inv-p1',
    rows: [
      row(
        'demo-inv-head',
        col(
          'demo-inv-head-l',
          55,
          rich('demo-inv-from', [
            p(b('Quire Demo Ltd.', { fontSize: 14, color: '#1B2240' })),
            p('12 Market Street, Springfield'),
            p('billing@quire-demo.example'),
          ]),
        ),
        col(
          'demo-inv-head-r',
          45,
          rich('demo-inv-title', [
            para(right, b('INVOICE', { fontSize: 20, color: '#1F4EA1' })),
            para(right, b('No. '), v('Order no')),
            para(right, b('Date '), v('Order date', day)),
            para(right, b('Due '), v('Due date', day)),
          ]),
        ),
      ),
      full(
        'demo-inv-bill',
        rich('demo-inv-bill-to', [
          p(b('Bill to', { color: '#6B7390' })),
          p(v('Customer.0.Company', [], { bold: true })),
          p(v('Customer.0.Contact')),
          p(v('Customer.0.Email')),
        ]),
      ),
      full(
        'demo-inv-lines-row',
        grid(
          'demo-inv-lines',
          [8, 46, 12, 17, 17],
          [
            [
              [p(b('#'))],
              [p(b('Product'))],
              [para(right, b('Qty'))],
              [para(right, b('Unit price'))],
              [para(right, b('Amount'))],
            ],
            [
              [p(v('#'))],
              [p(v('Product')), p(v('SKU', [], { color: '#888888', fontSize: 8 }))],
              [para(right, v('Quantity'))],
              [para(right, v('Unit price', usd))],
              [para(right, v('Amount', usd))],
            ],
          ],
          { dynamicRows: { rootPath: 'Lines' } },
        ),
      ),
      full(
        'demo-inv-totals',
        rich('demo-inv-sum', [
          para(right, 'Subtotal  ', v('Subtotal', usd)),
          para(right, 'Tax  ', v('Tax rate', [['percent', 0]])),
          para(right, b('Total  ', { fontSize: 12 }), v('Total', usd, { bold: true, fontSize: 12 })),
          para(right, 'Status: ', v('Status')),
        ]),
      ),
      full('demo-inv-notes', rich('demo-inv-note', [p(b('Notes')), p(v('Notes', [['default', '—']]))])),
      full('demo-inv-code', {
        id: 'demo-inv-barcode',
        type: 'barcode',
        barcode: {
          width: 1.4,
          height: 32,
          align: 'left',
          format: 'CODE128',
          fontSize: 10,
          displayValue: true,
          background: '#ffffff',
          lineColor: '#000000',
          valueType: 'field',
          value: '',
          fieldName: 'Order no',
        },
      }),
    ],
  },
]);

const packingSlip = content(
  [
    {
      id: 'demo-pack-p1',
      rows: [
        row(
          'demo-pack-head',
          col(
            'demo-pack-head-l',
            65,
            rich('demo-pack-title', [
              p(b('PACKING SLIP', { fontSize: 16 })),
              p('Order ', v('Order no', [], { bold: true })),
              p('Shipped to ', v('Customer.0.Company')),
              p(v('Customer.0.Address')),
            ]),
          ),
          col('demo-pack-head-r', 35, {
            id: 'demo-pack-qr',
            type: 'qrcode',
            qrcode: { size: 90, align: 'right', value: { type: 'fieldValue', fieldType: 'name', field: 'Order no' } },
          }),
        ),
        full(
          'demo-pack-items-row',
          grid(
            'demo-pack-items',
            [10, 50, 25, 15],
            [
              [[p(b('#'))], [p(b('Product'))], [p(b('SKU'))], [para(right, b('Qty'))]],
              [[p(v('#'))], [p(v('Product'))], [p(v('SKU'))], [para(right, v('Quantity'))]],
            ],
            { dynamicRows: { rootPath: 'Lines' } },
          ),
        ),
        full(
          'demo-pack-track',
          rich('demo-pack-tracking', [p('Tracking: ', v('Tracking', [['default', 'not shipped yet']]))]),
        ),
      ],
    },
  ],
  { sizeType: 'A5', width: 148, height: 210, paddingTop: 12, paddingBottom: 12, paddingLeft: 12, paddingRight: 12 },
);

const employeeCard = content(
  [
    {
      id: 'demo-card-p1',
      rows: [
        row(
          'demo-card-main',
          col('demo-card-photo-col', 35, {
            id: 'demo-card-photo',
            type: 'image',
            image: {
              mode: 'attachment',
              fieldName: 'Photo',
              hideWhenEmpty: true,
              emptyContent: '',
              imageDisplayMode: 'fitWidth',
            },
          }),
          col(
            'demo-card-text-col',
            65,
            rich('demo-card-text', [
              p(b('Quire Demo Ltd.', { color: '#6B7390' })),
              p(v('Name', [], { bold: true, fontSize: 14 })),
              p(v('Title')),
              p(v('Department')),
              p('No. ', v('Employee no')),
              p('Since ', v('Hire date', day)),
            ]),
          ),
        ),
        full('demo-card-code', {
          id: 'demo-card-barcode',
          type: 'barcode',
          barcode: {
            width: 1.2,
            height: 28,
            align: 'center',
            format: 'CODE128',
            fontSize: 9,
            displayValue: true,
            background: '#ffffff',
            lineColor: '#000000',
            valueType: 'field',
            value: '',
            fieldName: 'Badge code',
          },
        }),
      ],
    },
  ],
  {
    // A card is 86 × 54 mm lying on its side: sizes are given upright and `horizontal` turns them.
    sizeType: 'Custom',
    width: 54,
    height: 86,
    direction: 'horizontal',
    paddingTop: 4,
    paddingBottom: 4,
    paddingLeft: 5,
    paddingRight: 5,
  },
);

export const DEMO_TEMPLATE_IDS = {
  invoice: 'demo-tpl-invoice',
  packingSlip: 'demo-tpl-packing-slip',
  employeeCard: 'demo-tpl-employee-card',
} as const;

/** File-name rules of the demo templates (see print/fileNames.ts for where rules are kept). */
export const DEMO_FILE_NAME_RULES: Record<string, string> = {
  [DEMO_TEMPLATE_IDS.invoice]: 'Invoice_{Order no}',
  [DEMO_TEMPLATE_IDS.packingSlip]: 'Packing_slip_{Order no}',
  [DEMO_TEMPLATE_IDS.employeeCard]: '{Name}_card',
};

export function demoTemplates(): DemoTemplate[] {
  return [
    { id: DEMO_TEMPLATE_IDS.invoice, name: 'Invoice', table: 'orders', type: EditorMode.Docs, content: invoice },
    {
      id: DEMO_TEMPLATE_IDS.packingSlip,
      name: 'Packing slip',
      table: 'orders',
      type: EditorMode.Docs,
      content: packingSlip,
    },
    {
      id: DEMO_TEMPLATE_IDS.employeeCard,
      name: 'Employee card',
      table: 'employees',
      type: EditorMode.Docs,
      content: employeeCard,
    },
  ];
}
