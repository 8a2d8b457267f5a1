/**
 * FROZEN: the schema and rows of database version 1 exactly as v1 wrote them. Never edit; migration
 * tests open this with the current code and check the upgrade.
 */
export const FROZEN_SCHEMA_V1 = {
  bases: 'id, updatedAt',
  dataTables: 'id, baseId',
  records: 'id, tableId',
  templates: 'id, baseId, tableId, updatedAt',
  releases: 'id, templateId',
  approvalDefinitions: 'code',
  approvalInstances: 'code, approvalCode',
  openDocuments: 'id, updatedAt',
  assets: 'hash',
  settings: 'key',
  logins: 'key',
  baseCache: 'baseId',
};

export const FROZEN_ROWS_V1 = {
  bases: [{ id: 'b1', name: 'Sales', createdAt: 1000, updatedAt: 2000 }],
  dataTables: [
    {
      id: 't2',
      baseId: 'b1',
      name: 'Lines',
      fields: [{ id: 'f9', name: 'Item', type: 'text' }],
      createdAt: 1200,
      updatedAt: 1200,
    },
    {
      id: 't1',
      baseId: 'b1',
      name: 'Orders',
      fields: [
        { id: 'f1', name: 'No', type: 'text' },
        { id: 'f2', name: 'Lines', type: 'singleLink', property: { tableId: 't2' } },
      ],
      createdAt: 1100,
      updatedAt: 1100,
    },
  ],
  records: [
    { id: 'r-b', tableId: 't1', values: { f1: 'SO-2' }, createdAt: 3000, updatedAt: 3000 },
    { id: 'r-a', tableId: 't1', values: { f1: 'SO-1', f2: ['l-1'] }, createdAt: 2000, updatedAt: 2000 },
    { id: 'r-c', tableId: 't1', values: { f1: 'SO-3' }, createdAt: 4000, updatedAt: 4000 },
    { id: 'l-1', tableId: 't2', values: { f9: 'Pen' }, createdAt: 2500, updatedAt: 2500 },
  ],
  templates: [
    {
      id: 'tp1',
      name: 'Invoice',
      baseId: 'b1',
      tableId: 't1',
      category: 1,
      type: 3,
      content: '{"document":{"pages":[]}}',
      createdAt: 1,
      updatedAt: 5,
    },
    {
      id: 'tp2',
      name: 'Slip',
      baseId: 'b1',
      tableId: 't1',
      category: 2,
      type: 3,
      content: { document: { pages: [] } },
      createdAt: 1,
      updatedAt: 6,
    },
  ],
  releases: [{ id: 'tp1@1', templateId: 'tp1', version: 1, name: 'Invoice', content: '{}', publishedAt: 4 }],
  baseCache: [{ baseId: 'b1', baseAccessToken: 'tok', templateRecoveryCheck: true }],
  settings: [{ key: 'pref:hideResizeTip', value: true }],
};
