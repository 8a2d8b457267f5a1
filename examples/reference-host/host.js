// The reference host: a page on its own origin that embeds Quire and answers its requests from
// data held in the page, with nothing but the host SDK Quire serves (docs/HOST-PROTOCOL.md).
// Two modes: a base (tables, views, records, a hidden meta table) and, with ?mode=approval, an
// approval with instances. Served by `npm run host-demo`; also the fixture of tests/e2e/hosts.spec.ts.
//
// Query parameters: quire=<Quire's origin> (default: /config.json of the demo server),
// mode=approval, user=<user id>, lang=<language>, tz=<the user's IANA time zone, default the
// browser's>, locale=<formatting locale, default lang>, holdWrites=1 (record writes wait until
// `releaseWrites()` is called in this page, or 25 s, so two tabs can be seen waiting on one
// another), forger=<third-origin page to frame beside Quire>, demo=0 (a base not made from the
// demo: no demo info in its meta table, so Quire restores no demo templates).

const params = new URLSearchParams(location.search);
const config = await fetch('./config.json')
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));
const quireOrigin = params.get('quire') ?? config.quireOrigin ?? 'http://127.0.0.1:4173';
const mode = params.get('mode') === 'approval' ? 'approval' : 'base';
const userId = params.get('user') ?? 'u-demo';
const lang = params.get('lang') ?? 'en-US';
// The zone and locale dates, numbers and currency print in (hello's user.timeZone / user.locale).
const timeZone = params.get('tz') ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
const locale = params.get('locale') ?? lang;
const holdWrites = params.get('holdWrites') === '1';

const { createQuireHost, HostAnswerError } = await import(`${quireOrigin}/embed/quire-host.js`);

// ───────────── the base, held in the page ─────────────

const BASE_ID = 'bseNorthwind';
const tables = [
  {
    id: 'tblOrders',
    name: 'Orders',
    views: [{ id: 'vwOrdersAll', name: 'All orders' }],
    fields: [
      { id: 'fOrderNo', name: 'Order No', type: 'text', isPrimary: true },
      { id: 'fCustomer', name: 'Customer', type: 'text' },
      { id: 'fAmount', name: 'Amount', type: 'number' },
      { id: 'fStatus', name: 'Status', type: 'text' },
      // A date (milliseconds; printed in the user's zone), an amount in a named currency and a
      // link to the Customers table (record ids; Quire reads the linked records itself).
      { id: 'fOrdered', name: 'Ordered', type: 'dateTime', property: { dateFormat: 'yyyy/MM/dd HH:mm' } },
      { id: 'fTotal', name: 'Total', type: 'currency', property: { currencyCode: 'EUR', precision: 2 } },
      { id: 'fBuyer', name: 'Buyer', type: 'singleLink', property: { tableId: 'tblCustomers' } },
    ],
    records: [
      {
        recordId: 'recO1',
        fields: {
          ...{ fOrderNo: 'SO-1001', fCustomer: 'Alice Chen', fAmount: 1280, fStatus: 'Paid' },
          ...{ fOrdered: Date.UTC(2024, 5, 30, 20, 0), fTotal: 1280, fBuyer: ['recC1'] },
        },
      },
      {
        recordId: 'recO2',
        fields: {
          ...{ fOrderNo: 'SO-1002', fCustomer: 'Bruno Díaz', fAmount: 455.5, fStatus: 'Open' },
          ...{ fOrdered: Date.UTC(2024, 6, 1, 9, 30), fTotal: 455.5, fBuyer: ['recC2'] },
        },
      },
      {
        recordId: 'recO3',
        fields: {
          ...{ fOrderNo: 'SO-1003', fCustomer: 'Chen Wei', fAmount: 99, fStatus: 'Shipped' },
          ...{ fOrdered: Date.UTC(2024, 6, 2, 23, 45), fTotal: 99, fBuyer: [] },
        },
      },
    ],
  },
  {
    id: 'tblCustomers',
    name: 'Customers',
    views: [{ id: 'vwCustomersAll', name: 'All customers' }],
    fields: [
      { id: 'fName', name: 'Name', type: 'text', isPrimary: true },
      { id: 'fCity', name: 'City', type: 'text' },
      { id: 'fEmail', name: 'Email', type: 'text' },
    ],
    records: [
      { recordId: 'recC1', fields: { fName: 'Alice Chen', fCity: 'Shanghai', fEmail: 'alice@example.com' } },
      { recordId: 'recC2', fields: { fName: 'Bruno Díaz', fCity: 'Madrid', fEmail: 'bruno@example.com' } },
    ],
  },
  {
    // The hidden meta table Quire keeps its own per-base data in (never listed by getTables).
    id: 'tblMeta',
    name: '__quire_meta',
    hidden: true,
    views: [],
    fields: [
      { id: 'fKey', name: 'key', type: 'text' },
      { id: 'fValue', name: 'value', type: 'text' },
    ],
    // This base was made from Quire's demo: its demo info (the base id only as a SHA-256 digest)
    // lets Quire restore the demo's templates into the tables of the same names (?demo=0: none).
    records: params.get('demo') === '0' ? [] : [{ recordId: 'recMetaDemo', fields: await demoInfoFields() }],
  },
];

async function demoInfoFields() {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(BASE_ID));
  const baseId = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const info = { baseId, name: 'Northwind (from the Quire demo)', baseUrl: location.href, version: 1 };
  return { fKey: 'quire.demoInfo', fValue: JSON.stringify(info) };
}

// ───────────── the approval, held in the page ─────────────

const APPROVAL_CODE = 'PURCHASE-0001';
const approvalDefinition = {
  approval_name: 'Purchase request',
  approval_code: APPROVAL_CODE,
  form: [
    { id: 'w_title', name: 'Purchase title', type: 'input', printable: true },
    { id: 'w_budget', name: 'Budget', type: 'amount', printable: true, option: { currency: 'USD' } },
    { id: 'w_reason', name: 'Reason', type: 'textarea', printable: true },
  ],
  i18n_resources: [],
};
const instance = (serial, applicant, title, budget, reason, status) => ({
  content_data: [
    { id: 'w_title', name: 'Purchase title', type: 'input', value: title },
    { id: 'w_budget', name: 'Budget', type: 'amount', value: budget, ext: { currency: 'USD' } },
    { id: 'w_reason', name: 'Reason', type: 'textarea', value: reason },
  ],
  tenant_name: 'Northwind Trading Co.',
  apply_user_name: applicant,
  user_department_name: 'Operations',
  create_time: 1710032400000,
  end_time: null,
  serial_id: serial,
  instance_name: title,
  instance_status: status,
  comment_list: [],
  approval_processes_data: { title: 'process', data: [] },
});
const instances = {
  INS001: instance('202403100001', 'Zhou Lan', 'Standing desks', 3200, 'Four desks for the new team.', 'APPROVED'),
  INS002: instance('202403100002', 'Sam Ortiz', 'Laptop stands', 240, 'Ergonomics review.', 'PENDING'),
};

// ───────────── the page's state and view ─────────────

const frame = document.getElementById('quire');
const statusEl = document.getElementById('status');
const logEl = document.getElementById('log');
const selection = { baseId: BASE_ID, tableId: 'tblOrders', viewId: 'vwOrdersAll', recordId: 'recO1' };
let approvalInstance = params.get('instance') ?? 'INS001';

function log(line) {
  const item = document.createElement('li');
  item.textContent = line;
  logEl.prepend(item);
}

const tableById = (id) => {
  const table = tables.find((t) => t.id === id);
  if (!table) throw new HostAnswerError('NOT_FOUND', `no table ${id}`);
  return table;
};
const checkBase = (baseId) => {
  if (baseId && baseId !== BASE_ID) throw new HostAnswerError('WRONG_BASE', `this page shows ${BASE_ID}`);
};
const held = [];
window.releaseWrites = () => {
  for (const release of held.splice(0)) release();
};
const pause = () =>
  holdWrites
    ? new Promise((resolve) => {
        held.push(resolve);
        setTimeout(resolve, 25_000);
      })
    : Promise.resolve();

function renderTabs() {
  const nav = document.getElementById('tabs');
  nav.replaceChildren(
    ...tables
      .filter((t) => !t.hidden)
      .map((table) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = table.name;
        button.dataset.table = table.id;
        button.setAttribute('aria-pressed', String(table.id === selection.tableId));
        button.onclick = () => select({ tableId: table.id, viewId: table.views[0]?.id ?? null, recordId: null });
        return button;
      }),
  );
}

/** A cell as this page shows it, in the user's zone and locale (Quire prints it the same way). */
function cellText(field, value) {
  if (value == null) return '';
  if (field.type === 'dateTime') return new Date(value).toLocaleString(locale, { timeZone });
  if (field.type === 'currency')
    return new Intl.NumberFormat(locale, { style: 'currency', currency: field.property.currencyCode }).format(value);
  if (field.type === 'singleLink')
    return value
      .map((id) => tableById(field.property.tableId).records.find((r) => r.recordId === id)?.fields.fName ?? id)
      .join(', ');
  return String(value);
}

function renderRecords() {
  const table = tableById(selection.tableId);
  const grid = document.createElement('table');
  const head = grid.createTHead().insertRow();
  for (const field of table.fields) head.insertCell().textContent = field.name;
  const body = grid.createTBody();
  for (const record of table.records) {
    const row = body.insertRow();
    row.dataset.record = record.recordId;
    row.setAttribute('aria-selected', String(record.recordId === selection.recordId));
    for (const field of table.fields) row.insertCell().textContent = cellText(field, record.fields[field.id]);
    row.onclick = () => select({ recordId: record.recordId });
  }
  document.getElementById('records').replaceChildren(grid);
}

function renderApproval() {
  const list = document.createElement('ul');
  for (const [code, data] of Object.entries(instances)) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.instance = code;
    button.textContent = `${code} · ${data.apply_user_name} · ${data.instance_name}`;
    button.setAttribute('aria-pressed', String(code === approvalInstance));
    button.onclick = () => {
      approvalInstance = code;
      frame.src = `${quireOrigin}/approval/preview/${code}?lng=${encodeURIComponent(lang)}`;
      renderApproval();
    };
    item.append(button);
    list.append(item);
  }
  document.getElementById('tabs').replaceChildren();
  document.getElementById('records').replaceChildren(list);
}

let host;
function select(change) {
  Object.assign(selection, change);
  renderTabs();
  renderRecords();
  // Quire also reads the selection every 500 ms; announcing it makes the change immediate.
  host?.notifySelection(selection);
}

// ───────────── the protocol: answering Quire from the data above ─────────────

host = createQuireHost({
  frame,
  quireOrigin,
  host: { kind: mode, brand: 'second', name: 'Reference host' },
  user: { userId, tenantKey: 'tenant-demo', name: 'Demo user', lang, timeZone, locale },
  onRequest: (method, ok) => {
    statusEl.textContent = `Connected to ${quireOrigin}`;
    statusEl.dataset.connected = 'true';
    log(`${ok ? '✓' : '✗'} ${method}`);
  },
  onIgnored: (reason) => log(`ignored: ${reason}`),
  handlers: {
    'base.getSelection': () => ({ ...selection }),
    'base.getTables': ({ baseId }) => {
      checkBase(baseId);
      return tables.filter((t) => !t.hidden).map(({ id, name }) => ({ id, name }));
    },
    'base.getFieldMetaList': ({ baseId, tableId, limit }) => {
      checkBase(baseId);
      return tableById(tableId).fields.slice(0, limit ?? 100);
    },
    'base.getRecordIds': ({ baseId, tableId, limit }) => {
      checkBase(baseId);
      return tableById(tableId)
        .records.slice(0, limit)
        .map((r) => r.recordId);
    },
    'base.getRecords': ({ baseId, tableId, recordIds }) => {
      checkBase(baseId);
      return tableById(tableId).records.filter((r) => recordIds.includes(r.recordId));
    },
    'base.getMetaTable': ({ baseId }) => {
      checkBase(baseId);
      return { tableId: 'tblMeta' };
    },
    'base.addRecord': async ({ baseId, tableId, fields }) => {
      checkBase(baseId);
      await pause();
      const recordId = `rec${Math.random().toString(36).slice(2, 10)}`;
      tableById(tableId).records.push({ recordId, fields: { ...fields } });
      if (tableId === selection.tableId) renderRecords();
      return { recordId };
    },
    'base.setRecord': async ({ baseId, tableId, recordId, fields }) => {
      checkBase(baseId);
      await pause();
      const record = tableById(tableId).records.find((r) => r.recordId === recordId);
      if (!record) throw new HostAnswerError('NOT_FOUND', `no record ${recordId}`);
      Object.assign(record.fields, fields);
      return null;
    },
    'base.deleteRecord': async ({ baseId, tableId, recordId }) => {
      checkBase(baseId);
      await pause();
      const table = tableById(tableId);
      table.records = table.records.filter((r) => r.recordId !== recordId);
      return null;
    },
    'approval.getContext': () => ({ approvalCode: APPROVAL_CODE, instanceCode: approvalInstance, lang }),
    'approval.getDefinition': ({ approvalCode }) => {
      if (approvalCode !== APPROVAL_CODE) throw new HostAnswerError('NOT_FOUND', `no approval ${approvalCode}`);
      return approvalDefinition;
    },
    'approval.getInstance': ({ instanceCode }) => {
      const found = instances[instanceCode];
      if (!found) throw new HostAnswerError('NOT_FOUND', `no instance ${instanceCode}`);
      return found;
    },
  },
});

document.getElementById('mode-label').textContent = mode === 'approval' ? 'Approval' : 'Base';
if (mode === 'approval') {
  renderApproval();
  // Quire's approval entry asks this page (approval.getContext) which instance to open.
  frame.src = `${quireOrigin}/approval-entry?lng=${encodeURIComponent(lang)}`;
} else {
  renderTabs();
  renderRecords();
  frame.src = `${quireOrigin}/baseplugin?userId=${encodeURIComponent(userId)}&lng=${encodeURIComponent(lang)}`;
}

// A third-origin page framed beside Quire (the journeys' forger): it may post what it likes.
const forger = params.get('forger');
if (forger) {
  const extra = document.createElement('iframe');
  extra.id = 'forger';
  extra.title = 'Third-party widget';
  extra.src = forger;
  extra.style.cssText = 'width: 1px; height: 1px; border: 0; position: absolute; left: -10px;';
  document.body.append(extra);
}
