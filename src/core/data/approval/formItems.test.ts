import { describe, expect, it } from 'vitest';
import { files, list, map, num, type OpenValue, str } from '../openValue';
import { type FormContext, type ItemPart, itemParts, type MergedItem } from './formItems';

const ctx: FormContext = { lang: 'en-US', timeZone: 'Asia/Shanghai', mode: 'instance' };
const item = (type: string, value: unknown, extra: Partial<MergedItem> = {}): MergedItem => ({
  id: 'w1',
  name: 'Field',
  type,
  value,
  ...extra,
});
const only = (value: OpenValue): ItemPart[] => [{ value }];

type Case = [label: string, item: MergedItem, expected: ItemPart[]];

const cases: Case[] = [
  ['input', item('input', 'hello'), only(str('hello'))],
  ['input empty → -', item('input', ''), only(str('-'))],
  ['input missing → -', item('input', undefined), only(str('-'))],
  ['textarea', item('textarea', 'a\nb'), only(str('a\nb'))],
  [
    'text from design option',
    item('text', undefined, { design: { id: 'w1', name: 'n', type: 'text', option: { text: 'Read me' } } }),
    only(str('Read me')),
  ],
  ['radioV2 text', item('radioV2', 'Yes'), only(str('Yes'))],
  [
    'radioV2 key with options',
    item('radioV2', 'k2', { option: { options: [{ key: 'k2', text: 'Two' }] } }),
    only(str('Two')),
  ],
  ['radioV2 object', item('radioV2', { key: 'k', text: 'Kay' }), only(str('Kay'))],
  ['checkboxV2', item('checkboxV2', ['a', 'b']), only(str('a, b'))],
  [
    'checkboxV2 keys via design options',
    item('checkboxV2', ['x'], {
      design: { id: 'w1', name: 'n', type: 'checkboxV2', option: [{ value: 'x', text: 'Ex' }] },
    }),
    only(str('Ex')),
  ],
  ['checkboxV2 empty', item('checkboxV2', []), only(str('-'))],
  ['address string', item('address', 'Beijing/Haidian 1 Rd'), only(str('Beijing/Haidian 1 Rd'))],
  ['address object', item('address', { region: ['CN', 'SH'], detail: '88 Ave' }), only(str('CN/SH 88 Ave'))],
  [
    'document',
    item('document', [
      { title: 'Spec', url: 'u' },
      { title: 'Plan', url: 'v' },
    ]),
    only(str('Spec, Plan')),
  ],
  [
    'amount with currency',
    item('amount', '1,234.5', { ext: { currency: 'usd' } }),
    [{ value: num(1234.5, '$1,234.50') }, { suffix: 'currency', value: str('USD') }],
  ],
  [
    'amount with capital option',
    item('amount', 100.5, { option: { capital: true } }),
    [
      { value: num(100.5, '¥100.50') },
      { suffix: 'currency', value: str('CNY') },
      { suffix: 'capital', value: str('壹佰元伍角') },
    ],
  ],
  [
    'amount with host capital text',
    item('amount', 2, { ext: '{"currency":"CNY","capitalValue":"贰元整"}' }),
    [
      { value: num(2, '¥2.00') },
      { suffix: 'currency', value: str('CNY') },
      { suffix: 'capital', value: str('贰元整') },
    ],
  ],
  [
    'amount unparseable → 0',
    item('amount', 'lots', { ext: { currency: 'CNY' } }),
    [{ value: num(0, '¥0.00') }, { suffix: 'currency', value: str('CNY') }],
  ],
  ['amount empty → -', item('amount', ''), only(str('-'))],
  ['number', item('number', '1,500'), only(num(1500, '1,500'))],
  ['number unparseable → 0', item('number', 'three'), only(num(0, '0'))],
  ['number percent text', item('number', '12.5%'), only(num(0.125, '0.125'))],
  ['formula', item('formula', 7.25), only(num(7.25, '7.25'))],
  ['number empty → -', item('number', null), only(str('-'))],
  ['date ISO', item('date', '2024-03-05T00:00:00+08:00'), only(str('2024/03/05'))],
  ['date ms', item('date', 1709602200000), only(str('2024/03/05'))],
  [
    'date with time format',
    item('date', 1709602200000, { option: { format: 'YYYY-MM-DD hh:mm' } }),
    only(str('2024/03/05 09:30')),
  ],
  ['date unparseable → -', item('date', 'soon'), only(str('-'))],
  [
    'dateInterval',
    item('dateInterval', { start: '2024-03-11', end: '2024-03-13', interval: 3 }),
    [
      { value: str('2024/03/11 - 2024/03/13') },
      { suffix: 'start', value: str('2024/03/11') },
      { suffix: 'end', value: str('2024/03/13') },
      { suffix: 'interval', value: num(3) },
    ],
  ],
  [
    'dateInterval empty',
    item('dateInterval', undefined),
    [
      { value: str('-') },
      { suffix: 'start', value: str('-') },
      { suffix: 'end', value: str('-') },
      { suffix: 'interval', value: str('-') },
    ],
  ],
  ['department', item('department', [{ name: 'Sales', open_id: 'od' }]), only(str('Sales'))],
  ['contact names', item('contact', [{ id: 'u', name: 'Ann' }, 'Bo']), only(str('Ann, Bo'))],
  ['contact empty', item('contact', []), only(str('-'))],
  [
    'telephone object',
    item('telephone', { countryCode: '+86', nationalNumber: '13800000000' }),
    only(str('+86 13800000000')),
  ],
  ['telephone string', item('telephone', '010-1234'), only(str('010-1234'))],
  ['serialNumber', item('serialNumber', 'NO-7'), only(str('NO-7'))],
  [
    'account',
    item('account', { accountName: 'Li', bankName: 'CMB', accountNumber: '6225' }),
    [
      { value: str('Li, CMB, 6225') },
      { suffix: 'accountName', value: str('Li') },
      { suffix: 'bankName', value: str('CMB') },
      { suffix: 'branchName', value: str('-') },
      { suffix: 'accountNumber', value: str('6225') },
    ],
  ],
  [
    'account unparseable → -',
    item('account', '{broken json'),
    [
      { value: str('-') },
      { suffix: 'accountName', value: str('-') },
      { suffix: 'bankName', value: str('-') },
      { suffix: 'branchName', value: str('-') },
      { suffix: 'accountNumber', value: str('-') },
    ],
  ],
  [
    'attachmentV2 urls + ext names',
    item('attachmentV2', ['https://f/1', 'https://f/2'], { ext: 'a.pdf,b.png' }),
    only(
      files([
        { fileName: 'a.pdf', url: 'https://f/1', mime: 'application/pdf' },
        { fileName: 'b.png', url: 'https://f/2', mime: 'image/png' },
      ]),
    ),
  ],
  [
    'attachmentV2 objects',
    item('attachmentV2', [{ name: 'c.docx', url: 'https://f/c', size: 9 }]),
    only(
      files([
        {
          fileName: 'c.docx',
          url: 'https://f/c',
          mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          fileSize: 9,
        },
      ]),
    ),
  ],
  ['attachmentV2 empty', item('attachmentV2', []), only(files([]))],
  [
    'image',
    item('image', ['https://f/p/photo%201.jpg?x=1']),
    only(files([{ fileName: 'photo 1.jpg', url: 'https://f/p/photo%201.jpg?x=1', mime: 'image/jpeg' }])),
  ],
  [
    'image without extension',
    item('image', ['https://f/p/blob']),
    only(files([{ fileName: 'blob', url: 'https://f/p/blob', mime: 'image/*' }])),
  ],
  [
    'connect',
    item('connect', [
      {
        submitter_name: 'Zhou',
        instance_name: 'Budget',
        serial_id: '77',
        create_time: 1709602200000,
        status: 'REJECTED',
      },
    ]),
    only(
      list([
        map({
          submitter: str('Zhou'),
          title: str('Budget'),
          serialNumber: str('77'),
          createTime: str('2024-03-05 09:30:00'),
          status: str('Rejected'),
        }),
      ]),
    ),
  ],
  ['connect empty', item('connect', undefined), only(list([]))],
  ['unsupported → - in instances', item('mapWidget', { lat: 1 }), only(str('-'))],
];

describe('itemParts', () => {
  it.each(cases)('%s', (_label, formItem, expected) => {
    expect(itemParts(formItem, ctx)).toEqual(expected);
  });

  it("prints 'not support' for unsupported items in preview", () => {
    expect(itemParts(item('mapWidget', undefined), { ...ctx, mode: 'preview' })).toEqual(only(str('not support')));
  });

  it('numbers rows #n in a fieldList with more than one row, columns in design order', () => {
    const design = {
      id: 'w1',
      name: 'Lines',
      type: 'fieldList',
      children: [
        { id: 'c_name', name: 'Name', type: 'input' },
        { id: 'c_qty', name: 'Qty', type: 'number' },
      ],
    };
    const value = [
      [
        { id: 'c_qty', name: 'Qty', type: 'number', value: '2' },
        { id: 'c_name', name: 'Name', type: 'input', value: 'Pen' },
      ],
      [
        { id: 'c_name', name: 'Name', type: 'input', value: 'Ink' },
        { id: 'c_extra', name: 'Note', type: 'input', value: 'blue' },
      ],
    ];
    const [part] = itemParts(item('fieldList', value, { design }), ctx);
    expect(part!.value).toEqual(
      list([
        map({ rowNumber: str('#1'), Name: str('Pen'), Qty: num(2, '2') }),
        map({ rowNumber: str('#2'), Name: str('Ink'), Qty: str('-'), Note: str('blue') }),
      ]),
    );
  });

  it('leaves a single fieldList row unnumbered', () => {
    const [part] = itemParts(item('fieldList', [[{ id: 'a', name: 'A', type: 'input', value: 'x' }]]), ctx);
    expect(part!.value).toEqual(list([map({ rowNumber: str(''), A: str('x') })]));
  });

  it('maps a reimbursement group with parsed invoice counts', () => {
    const parts = itemParts(
      item('reimbursementGroup', {
        currency: 'CNY',
        details: [
          {
            feeType: 'Taxi',
            amount: '30',
            feeDate: '2024-03-05',
            invoice: '[{"code":"C1","number":"N1"}]',
            remark: 'airport',
          },
          { feeType: { name: 'Hotel' }, amount: 'n/a', invoice: 'garbage', attachments: [{ name: 'h.pdf', url: 'u' }] },
        ],
      }),
      ctx,
    );
    expect(parts.map((p) => p.suffix)).toEqual([undefined, 'total', 'currency', 'invoiceCount']);
    expect(parts[1]!.value).toEqual(num(30, '¥30.00'));
    expect(parts[3]!.value).toEqual(num(1));
    const rows = parts[0]!.value;
    expect(rows.type === 'list' && rows.items[1]).toEqual(
      map({
        rowNumber: str('#2'),
        feeType: str('Hotel'),
        amount: num(0, '¥0.00'),
        feeDate: str('-'),
        invoice: str('-'),
        invoiceCount: num(0),
        attachments: files([{ fileName: 'h.pdf', url: 'u', mime: 'application/pdf' }]),
        remark: str('-'),
      }),
    );
  });

  it('uses Japanese status labels for connect items in ja-JP', () => {
    const [part] = itemParts(item('connect', [{ status: 'APPROVED' }]), { ...ctx, lang: 'ja-JP' });
    expect(part!.value.type === 'list' && part!.value.items[0]).toMatchObject({ fields: { status: str('承認済み') } });
  });
});
