import { seededRandom } from '../core/random';
import { write } from './context';
import { RECORD_STORES } from './db';
import { type MemberRow, membersKey } from './members';
import { BLOCK_SIZE, makeRecordId, putRecords } from './recordBlocks';
import { prepareAsset } from './repos/assets';
import { deleteBaseRows } from './repos/bases';
import type { Storage } from './storage';
import type {
  ApprovalDefinitionRow,
  ApprovalInstanceRow,
  AssetRow,
  BaseRow,
  CellValue,
  RecordRow,
  TableField,
  TableRow,
  TemplateCategory,
  TemplateRow,
} from './types';

/**
 * The demo workspace a newcomer meets on first start: Customers, Employees, Orders and their Order
 * lines (linked both ways), and an expense approval with instances. Data is generated from a fixed
 * seed and dates from a fixed anchor, so it is the same on every device (and in golden tests).
 * Ids are stable so templates shipped for the demo can bind to them.
 */

export const DEMO_BASE_ID = 'demo-base';
export const DEMO_APPROVAL_CODE = 'DEMO-EXPENSE';
const DEMO_INSTALLED_KEY = 'demo.installed';

export const DEMO_TABLE_IDS = {
  customers: 'demo-customers',
  employees: 'demo-employees',
  orders: 'demo-orders',
  orderLines: 'demo-order-lines',
} as const;
type DemoTableKey = keyof typeof DEMO_TABLE_IDS;

/** A template to install with the demo, bound to one of its tables (supplied from tests/fixtures). */
export interface DemoTemplate {
  id: string;
  name: string;
  table: DemoTableKey;
  /** Editor mode / template type (spec 001 §3.5). */
  type: number;
  category?: TemplateCategory;
  /** Template content as JSON text. */
  content: string;
}

/** Where demo templates come from; called on install and reset. */
export type DemoTemplateSource = () => Promise<DemoTemplate[]> | DemoTemplate[];

let registeredTemplates: DemoTemplateSource | undefined;

/** Let the app (or tests) supply the demo's templates once, e.g. from tests/fixtures/<name>/template.json. */
export function registerDemoTemplates(source: DemoTemplateSource | undefined): void {
  registeredTemplates = source;
}

export interface DemoOptions {
  templates?: DemoTemplateSource;
}

const demoSuffix = (n: number) => `n${String(n).padStart(4, '0')}`;

/** The demo base's people (its employees), as user cells store them. */
function demoUser(index: number): { id: string; name: string; email: string } {
  const name = EMPLOYEES[index]![0];
  return { id: `demo-user-${String(index + 1).padStart(2, '0')}`, name, email: `${mailbox(name)}@quire-demo.example` };
}

/** The members list seeded for the demo base (see members.ts). */
function demoMembers(now: number): MemberRow[] {
  return EMPLOYEES.map((_, i) => ({ ...demoUser(i), addedAt: now }));
}

/** The id of the n-th (1-based) demo record of a table, e.g. demoRecordId('orders', 1). */
export function demoRecordId(table: DemoTableKey, n: number): string {
  return makeRecordId(DEMO_TABLE_IDS[table], Math.floor((n - 1) / BLOCK_SIZE), demoSuffix(n));
}

// --- deterministic data ----------------------------------------------------------------------------

const DAY = 86_400_000;
/** Orders run over the 90 days before this date. */
const ANCHOR = Date.UTC(2026, 0, 5, 1, 0, 0);

const COMPANIES = [
  ['Northwind Traders', 'Maria Anders', 'Berlin', 'Obere Str. 57, 12209 Berlin'],
  ['Blue Harbor Foods', 'Liam Chen', 'Shanghai', '88 Century Ave, Pudong, Shanghai'],
  ['Alpine Outfitters', 'Sofia Rossi', 'Milan', 'Via Torino 12, 20123 Milano'],
  ['Sakura Stationery', 'Haruto Sato', 'Tokyo', '2-1-1 Marunouchi, Chiyoda, Tokyo'],
  ['Maple & Oak Interiors', 'Emma Tremblay', 'Toronto', '220 King St W, Toronto ON'],
  ['Coastal Coffee Roasters', 'Noah Williams', 'Sydney', '45 George St, Sydney NSW 2000'],
  ['Lumière Cosmetics', 'Chloé Martin', 'Paris', '14 Rue de Rivoli, 75004 Paris'],
  ['Redwood Analytics', 'Olivia Johnson', 'San Francisco', '500 Howard St, San Francisco CA'],
  ['Nordic Cycle Works', 'Lars Nilsson', 'Stockholm', 'Drottninggatan 33, 111 51 Stockholm'],
  ['Golden Lotus Tea House', 'Wei Zhang', 'Hangzhou', '9 Longjing Rd, Xihu, Hangzhou'],
  ['Pampas Leather Co.', 'Mateo García', 'Buenos Aires', 'Av. Corrientes 1234, Buenos Aires'],
  ['Seoul Smart Devices', 'Ji-woo Park', 'Seoul', '152 Teheran-ro, Gangnam, Seoul'],
  ['Highland Wool Mill', 'Isla Campbell', 'Edinburgh', '7 Royal Mile, Edinburgh EH1'],
  ['Saffron Spice Traders', 'Aarav Sharma', 'Mumbai', '21 Marine Dr, Mumbai 400020'],
  ['Andes Organic Farms', 'Valentina López', 'Lima', 'Av. Larco 345, Miraflores, Lima'],
  ['Baltic Amber Jewelry', 'Jonas Petrauskas', 'Vilnius', 'Pilies g. 8, Vilnius'],
  ['Cape Vineyards', 'Thabo Nkosi', 'Cape Town', '3 Wale St, Cape Town 8001'],
  ['Atlas Office Supply', 'James Miller', 'Chicago', '233 S Wacker Dr, Chicago IL'],
  ['Zen Garden Supplies', 'Yui Tanaka', 'Kyoto', '46 Gionmachi, Higashiyama, Kyoto'],
  ['Fjord Seafood Export', 'Ingrid Hansen', 'Bergen', 'Bryggen 15, 5003 Bergen'],
] as const;

const EMPLOYEES = [
  ['Ava Thompson', 'Sales', 'Sales Manager'],
  ['Ben Carter', 'Sales', 'Account Executive'],
  ['Chen Jing', 'Sales', 'Account Executive'],
  ['Diego Alvarez', 'Sales', 'Sales Representative'],
  ['Elena Petrova', 'Finance', 'Controller'],
  ['Farah Khan', 'Finance', 'Accountant'],
  ['Gabriel Silva', 'Operations', 'Warehouse Lead'],
  ['Hana Kobayashi', 'Operations', 'Logistics Coordinator'],
  ['Isaac Cohen', 'Engineering', 'Software Engineer'],
  ['Julia Novak', 'Engineering', 'Product Designer'],
  ['Kwame Mensah', 'Customer Care', 'Support Specialist'],
  ['Lin Mei', 'People', 'HR Partner'],
] as const;

const PRODUCTS = [
  ['Recycled Notebook A5', 'NB-A5-001', 4.5],
  ['Bamboo Desk Organizer', 'DO-BMB-014', 24.9],
  ['Ceramic Coffee Mug', 'MG-CER-350', 9.75],
  ['Wireless Mouse', 'EL-MSE-220', 19.99],
  ['Ergonomic Keyboard', 'EL-KBD-310', 59],
  ['Fountain Pen Set', 'PN-FNT-003', 32],
  ['Canvas Tote Bag', 'BG-TOT-101', 12.5],
  ['LED Desk Lamp', 'LT-LED-045', 39.95],
  ['Stainless Water Bottle', 'BT-STL-750', 18],
  ['Laptop Stand', 'EL-STD-120', 44.5],
  ['Sticky Notes (12 pack)', 'ST-NTS-012', 6.2],
  ['Whiteboard Markers', 'ST-MRK-004', 7.8],
] as const;

const STATUSES = ['Draft', 'Confirmed', 'Shipped', 'Paid'] as const;
const TIERS = ['Gold', 'Silver', 'Bronze'] as const;
const DEPARTMENTS = ['Sales', 'Finance', 'Operations', 'Engineering', 'Customer Care', 'People'] as const;
const COLORS = ['#3186FD', '#FF692E', '#22A06B', '#8F49DE', '#E2B203', '#DA4242'];

const options = (names: readonly string[]) => names.map((name, i) => ({ id: `opt${i + 1}`, name, color: i }));
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
/** The local part / domain of a demo e-mail address: accents folded (Chloé → chloe), never dropped. */
const mailbox = (text: string) =>
  slug(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ø/gi, 'o')
      .replace(/æ/gi, 'ae')
      .replace(/ß/g, 'ss')
      .replace(/ł/gi, 'l'),
  );
const round2 = (n: number) => Math.round(n * 100) / 100;

function field(id: string, name: string, type: TableField['type'], property?: TableField['property']): TableField {
  return { id, name, type, ...(property ? { property } : {}) };
}

function avatarSvg(name: string, color: string): Blob {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" rx="24" fill="${color}"/><text x="120" y="150" font-family="sans-serif" font-size="96" font-weight="bold" text-anchor="middle" fill="#ffffff">${initials}</text></svg>`;
  return new Blob([svg], { type: 'image/svg+xml' });
}

/**
 * A handwriting-like stroke for a person, as an SVG data URL: approval hosts send signatures as
 * image URLs inside the instance JSON, and a data URL keeps the demo offline and the same everywhere.
 */
function demoSignature(name: string): string {
  const codes = [...name].map((ch) => ch.codePointAt(0) ?? 0);
  const width = 24 + codes.length * 9;
  let d = 'M6 30';
  codes.forEach((code, i) => {
    const x = 14 + i * 9;
    d += ` Q${x - 4} ${22 - (code % 16)} ${x} 28 T${x + 5} ${30 + (code % 6)}`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="44" viewBox="0 0 ${width} 44"><path d="${d}" fill="none" stroke="#1B3A8C" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

interface DemoRows {
  base: BaseRow;
  tables: TableRow[];
  records: RecordRow[];
  assets: AssetRow[];
  definition: ApprovalDefinitionRow;
  instances: ApprovalInstanceRow[];
}

/** Build every row of the demo in memory (no storage access; assets are hashed here). */
export async function buildDemoRows(now: number): Promise<DemoRows> {
  const random = seededRandom(20260105);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const T = DEMO_TABLE_IDS;

  const customerFields = [
    { ...field('c_name', 'Company', 'text'), isPrimary: true },
    field('c_contact', 'Contact', 'text'),
    field('c_email', 'Email', 'email'),
    field('c_phone', 'Phone', 'phone'),
    field('c_address', 'Address', 'location'),
    field('c_city', 'City', 'singleSelect', { options: options([...new Set(COMPANIES.map((c) => c[2]))]) }),
    field('c_tier', 'Tier', 'singleSelect', { options: options(TIERS) }),
    field('c_orders', 'Orders', 'duplexLink', { tableId: T.orders, backFieldId: 'o_customer', multiple: true }),
    field('c_manager', 'Account manager', 'user', { multiple: false }),
  ];
  const employeeFields = [
    { ...field('e_name', 'Name', 'text'), isPrimary: true },
    field('e_no', 'Employee no', 'autoNumber'),
    field('e_department', 'Department', 'singleSelect', { options: options(DEPARTMENTS) }),
    field('e_title', 'Title', 'text'),
    field('e_email', 'Email', 'email'),
    field('e_phone', 'Phone', 'phone'),
    field('e_hired', 'Hire date', 'dateTime', { dateFormat: 'yyyy/MM/dd' }),
    field('e_photo', 'Photo', 'attachmentImage'),
    field('e_badge', 'Badge code', 'barcode'),
  ];
  const orderFields = [
    { ...field('o_no', 'Order no', 'text'), isPrimary: true },
    field('o_customer', 'Customer', 'duplexLink', { tableId: T.customers, backFieldId: 'c_orders', multiple: false }),
    field('o_rep', 'Sales rep', 'singleLink', { tableId: T.employees, multiple: false }),
    field('o_date', 'Order date', 'dateTime', { dateFormat: 'yyyy/MM/dd' }),
    field('o_due', 'Due date', 'dateTime', { dateFormat: 'yyyy/MM/dd' }),
    field('o_status', 'Status', 'singleSelect', { options: options(STATUSES) }),
    field('o_paid', 'Paid', 'checkbox'),
    field('o_lines', 'Lines', 'duplexLink', { tableId: T.orderLines, backFieldId: 'l_order', multiple: true }),
    field('o_subtotal', 'Subtotal', 'currency', { currencyCode: 'USD', precision: 2 }),
    field('o_tax', 'Tax rate', 'number', { formatter: 'percent', precision: 0 }),
    field('o_total', 'Total', 'currency', { currencyCode: 'USD', precision: 2 }),
    field('o_tracking', 'Tracking', 'url'),
    field('o_notes', 'Notes', 'text'),
  ];
  const lineFields = [
    { ...field('l_name', 'Line', 'text'), isPrimary: true },
    field('l_order', 'Order', 'duplexLink', { tableId: T.orders, backFieldId: 'o_lines', multiple: false }),
    field('l_product', 'Product', 'singleSelect', { options: options(PRODUCTS.map((p) => p[0])) }),
    field('l_sku', 'SKU', 'barcode'),
    field('l_qty', 'Quantity', 'number', { precision: 0 }),
    field('l_price', 'Unit price', 'currency', { currencyCode: 'USD', precision: 2 }),
    field('l_amount', 'Amount', 'currency', { currencyCode: 'USD', precision: 2 }),
  ];

  const table = (id: string, name: string, order: number, fields: TableField[]): TableRow => ({
    id,
    baseId: DEMO_BASE_ID,
    name,
    fields,
    order,
    createdAt: now,
    updatedAt: now,
  });
  const tables = [
    table(T.orders, 'Orders', 0, orderFields),
    table(T.orderLines, 'Order lines', 1, lineFields),
    table(T.customers, 'Customers', 2, customerFields),
    table(T.employees, 'Employees', 3, employeeFields),
  ];

  const records: RecordRow[] = [];
  const add = (tableId: string, suffix: string, seq: number, values: Record<string, CellValue>) => {
    const id = makeRecordId(tableId, Math.floor((seq - 1) / BLOCK_SIZE), suffix);
    const row: RecordRow = { id, tableId, seq, values, createdAt: now, updatedAt: now };
    records.push(row);
    return row;
  };

  const customers = COMPANIES.map(([company, contact, city, address], i) =>
    add(T.customers, demoSuffix(i + 1), i + 1, {
      c_name: company,
      c_contact: contact,
      c_email: `${mailbox(contact)}@${mailbox(company).replace(/\./g, '')}.example`,
      c_phone: `+1 555 01${String(10 + i).padStart(2, '0')} ${String(1000 + Math.floor(random() * 8999))}`,
      c_address: { address, name: company },
      c_city: city,
      c_tier: TIERS[i % 3]!,
      c_orders: [],
      // Account managers rotate over the sales team; no random draw, so the seeded data stays as it was.
      c_manager: [demoUser(i % 4)],
    }),
  );

  const assets: AssetRow[] = [];
  const employees: RecordRow[] = [];
  for (let i = 0; i < EMPLOYEES.length; i++) {
    const [name, department, title] = EMPLOYEES[i]!;
    const asset = await prepareAsset(avatarSvg(name, COLORS[i % COLORS.length]!), `${slug(name)}.svg`, now);
    assets.push(asset);
    const no = `E-${String(101 + i)}`;
    employees.push(
      add(T.employees, demoSuffix(i + 1), i + 1, {
        e_name: name,
        e_no: no,
        e_department: department,
        e_title: title,
        e_email: `${mailbox(name)}@quire-demo.example`,
        e_phone: `+1 555 02${String(10 + i).padStart(2, '0')} ${String(2000 + i * 37)}`,
        e_hired: Date.UTC(2018 + (i % 7), (i * 5) % 12, 1 + ((i * 11) % 27)),
        e_photo: [{ name: asset.name ?? 'photo.svg', size: asset.size, mime: asset.mime, assetHash: asset.hash }],
        e_badge: `QUIRE-${no}`,
      }),
    );
  }
  const salesReps = employees.filter((e) => e.values.e_department === 'Sales');

  let lineSeq = 0;
  for (let i = 0; i < 60; i++) {
    const orderId = demoRecordId('orders', i + 1);
    const orderNo = `SO-2025-${String(1001 + i)}`;
    const customer = pick(customers);
    const date = ANCHOR - (90 - i * 1.5) * DAY + Math.floor(random() * 8) * 3_600_000;
    const status = i < 40 ? (i % 5 === 0 ? 'Shipped' : 'Paid') : pick(STATUSES);
    const lineIds: string[] = [];
    let subtotal = 0;
    const count = 1 + Math.floor(random() * 5);
    const used = new Set<number>();
    for (let n = 0; n < count; n++) {
      let p = Math.floor(random() * PRODUCTS.length);
      while (used.has(p)) p = (p + 1) % PRODUCTS.length;
      used.add(p);
      const [product, sku, price] = PRODUCTS[p]!;
      const qty = 1 + Math.floor(random() * 24);
      const amount = round2(qty * price);
      subtotal += amount;
      lineSeq += 1;
      const lineId = demoRecordId('orderLines', lineSeq);
      lineIds.push(lineId);
      add(T.orderLines, demoSuffix(lineSeq), lineSeq, {
        l_name: `${orderNo} / ${n + 1}`,
        l_order: [orderId],
        l_product: product,
        l_sku: sku,
        l_qty: qty,
        l_price: price,
        l_amount: amount,
      });
    }
    subtotal = round2(subtotal);
    const tax = customer.values.c_city === 'Chicago' || customer.values.c_city === 'San Francisco' ? 0.08 : 0.1;
    (customer.values.c_orders as string[]).push(orderId);
    add(T.orders, demoSuffix(i + 1), i + 1, {
      o_no: orderNo,
      o_customer: [customer.id],
      o_rep: [pick(salesReps).id],
      o_date: date,
      o_due: date + 30 * DAY,
      o_status: status,
      o_paid: status === 'Paid',
      o_lines: lineIds,
      o_subtotal: subtotal,
      o_tax: tax,
      o_total: round2(subtotal * (1 + tax)),
      ...(status === 'Shipped' || status === 'Paid'
        ? { o_tracking: { text: `TRK${100200 + i}`, link: `https://track.example/parcel/TRK${100200 + i}` } }
        : {}),
      ...(i % 7 === 3 ? { o_notes: 'Deliver to the loading dock, weekdays 9–17.' } : {}),
    });
  }

  const { definition, instances } = demoApproval(now, employees, random);
  return {
    base: { id: DEMO_BASE_ID, name: 'Demo workspace', createdAt: now, updatedAt: now, isDemo: true },
    tables,
    records,
    assets,
    definition,
    instances,
  };
}

function demoApproval(now: number, employees: RecordRow[], random: () => number) {
  const form = [
    { id: 'widget_reason', name: 'Reason', type: 'textarea', printable: true },
    {
      id: 'widget_type',
      name: 'Expense type',
      type: 'radioV2',
      printable: true,
      option: [
        { value: 'travel', text: 'Travel' },
        { value: 'meal', text: 'Meals' },
        { value: 'office', text: 'Office supplies' },
      ],
    },
    { id: 'widget_amount', name: 'Amount', type: 'amount', printable: true },
    { id: 'widget_date', name: 'Date', type: 'date', printable: true },
    { id: 'widget_note', name: 'Note', type: 'input', printable: true },
  ];
  const definition: ApprovalDefinitionRow = {
    code: DEMO_APPROVAL_CODE,
    name: 'Expense reimbursement',
    design: {
      approval_name: 'Expense reimbursement',
      approval_code: DEMO_APPROVAL_CODE,
      locale: 'en-US',
      form: JSON.stringify(form),
      i18n_resources: [{ locale: 'en-US', is_default: true, texts: {} }],
    },
    updatedAt: now,
  };
  const reasons = [
    'Client visit in Berlin',
    'Team lunch after launch',
    'Printer toner and paper',
    'Trade fair travel',
    'Conference tickets',
    'Taxi to the airport',
  ];
  const types = ['travel', 'meal', 'office', 'travel', 'travel', 'travel'];
  const typeText: Record<string, string> = { travel: 'Travel', meal: 'Meals', office: 'Office supplies' };
  const manager = employees[0]!.values.e_name as string;
  const controller = employees[4]!.values.e_name as string;
  const instances: ApprovalInstanceRow[] = reasons.map((reason, i) => {
    const applicant = employees[(i * 3 + 1) % employees.length]!;
    const created = ANCHOR - (30 - i * 4) * DAY;
    const amount = round2(40 + random() * 900);
    const approved = i < 4;
    const serial = `20251${String(201 + i)}`;
    const content = [
      { id: 'widget_reason', name: 'Reason', type: 'textarea', value: reason },
      { id: 'widget_type', name: 'Expense type', type: 'radioV2', value: typeText[types[i]!] },
      { id: 'widget_amount', name: 'Amount', type: 'amount', value: amount, ext: { currency: 'USD' } },
      { id: 'widget_date', name: 'Date', type: 'date', value: new Date(created - 2 * DAY).toISOString() },
      { id: 'widget_note', name: 'Note', type: 'input', value: i % 2 ? 'Receipts attached' : '' },
    ];
    const applicantName = applicant.values.e_name as string;
    const signed = (name: string) => ({ signature: { img: demoSignature(name), label: name } });
    const steps = [
      {
        nodeName: 'Submit',
        userName: applicantName,
        operation: 'submitted',
        time: created,
        comment: { commentStr: reason, fileStr: '' },
        ...signed(applicantName),
      },
      {
        nodeName: 'Manager',
        userName: manager,
        operation: approved ? 'approved' : 'pending',
        time: approved ? created + DAY : null,
        comment: { commentStr: approved ? 'OK' : '', fileStr: '' },
        // Still deciding: nothing signed yet.
        ...(approved ? signed(manager) : {}),
      },
      ...(approved
        ? [
            {
              nodeName: 'Finance',
              userName: controller,
              operation: 'approved',
              time: created + 2 * DAY,
              comment: { commentStr: 'Paid with the next payroll', fileStr: '' },
              ...signed(controller),
            },
          ]
        : []),
    ];
    return {
      code: `demo-exp-${serial}`,
      approvalCode: DEMO_APPROVAL_CODE,
      instance: {
        instance_code: `demo-exp-${serial}`,
        approval_code: DEMO_APPROVAL_CODE,
        content_data: JSON.stringify(content),
        tenant_name: 'Quire Demo Ltd.',
        apply_user_name: applicant.values.e_name,
        user_department_name: applicant.values.e_department,
        create_time: created,
        end_time: approved ? created + 2 * DAY : null,
        serial_id: serial,
        instance_name: `Expense reimbursement – ${applicant.values.e_name}`,
        share_url: `https://approval.quire-demo.example/instances/demo-exp-${serial}`,
        instance_status: approved ? 'APPROVED' : 'PENDING',
        print_time: null,
        print_user_name: '',
        locale: 'en-US',
        comment_list: approved
          ? [
              {
                id: `c${i}`,
                user_name: manager,
                create_time: created + DAY,
                content: JSON.stringify({ text: 'Looks good', files: [] }),
              },
            ]
          : [],
        approval_processes_data: JSON.stringify({ title: 'Approval process', data: steps }),
      },
      updatedAt: now,
    };
  });
  return { definition, instances };
}

async function templateRows(source: DemoTemplateSource | undefined, now: number): Promise<TemplateRow[]> {
  if (!source) return [];
  const templates = await source();
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    baseId: DEMO_BASE_ID,
    tableId: DEMO_TABLE_IDS[t.table],
    category: t.category ?? 1,
    type: t.type,
    content: t.content,
    revision: 1,
    createdAt: now,
    updatedAt: now,
  }));
}

async function writeDemo(storage: Storage, options: DemoOptions, replace: boolean): Promise<void> {
  const now = storage.ctx.now();
  // Everything async (hashing, loading templates) happens before the transaction opens.
  const rows = await buildDemoRows(now);
  const templates = await templateRows(options.templates ?? registeredTemplates, now);
  const { db } = storage;
  await write(
    storage.ctx,
    {
      action: replace ? 'demo.reset' : 'demo.install',
      stores: [
        'bases',
        'dataTables',
        ...RECORD_STORES,
        'templates',
        'releases',
        'baseCache',
        'assets',
        'approvalDefinitions',
        'approvalInstances',
        'settings',
      ],
      keys: [DEMO_BASE_ID],
    },
    async () => {
      if (replace) {
        await deleteBaseRows(storage.ctx, DEMO_BASE_ID);
        await db.approvalInstances.where('approvalCode').equals(DEMO_APPROVAL_CODE).delete();
        await db.approvalDefinitions.delete(DEMO_APPROVAL_CODE);
      }
      await db.bases.put(rows.base);
      await db.dataTables.bulkPut(rows.tables);
      await putRecords(storage.ctx, rows.records);
      for (const asset of rows.assets) if (!(await db.assets.get(asset.hash))) await db.assets.add(asset);
      if (templates.length > 0) await db.templates.bulkPut(templates);
      await db.approvalDefinitions.put(rows.definition);
      await db.approvalInstances.bulkPut(rows.instances);
      await db.settings.put({ key: membersKey(DEMO_BASE_ID), value: demoMembers(now) });
      await db.settings.put({ key: DEMO_INSTALLED_KEY, value: { at: now } });
    },
  );
}

/**
 * Install the demo on first start. Runs once per device: if the user later deletes the demo base it
 * does not come back by itself (resetDemoWorkspace brings it back). Returns whether it installed.
 */
export async function ensureDemoWorkspace(storage: Storage, options: DemoOptions = {}): Promise<boolean> {
  if (await storage.db.settings.get(DEMO_INSTALLED_KEY)) return false;
  await writeDemo(storage, options, false);
  return true;
}

/** Put the demo back as new: its base, tables, records, templates and approval, in one transaction. */
export async function resetDemoWorkspace(storage: Storage, options: DemoOptions = {}): Promise<void> {
  await writeDemo(storage, options, true);
}
