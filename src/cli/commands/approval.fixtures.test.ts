import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { isQuireError } from '../../core/errors';

// src/core may not read files or import outside itself, so the fixture suite lives with the CLI.
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/approval/${name}.json`, import.meta.url), 'utf8'));

const reimbursementDef = fixture('reimbursement.definition');
const reimbursement = fixture('reimbursement.instance');
const leaveDef = fixture('leave.definition');
const leave = fixture('leave.instance');
const purchaseDef = fixture('purchase.definition');
const purchase = fixture('purchase.instance');
const inProgress = fixture('in-progress.instance');

import {
  type ApprovalMapping,
  approvalDataSource,
  approvalGroupsPlain,
  approvalScope,
  mapApproval,
} from '../../core/data/approval/mapApproval';
import { parseDataSource } from '../../core/data/dataSource';
import type { PlainValue } from '../../core/data/openValue';

type Row = Record<string, PlainValue>;
const scopeOf = (mapping: ApprovalMapping) =>
  JSON.parse(JSON.stringify(approvalScope(mapping))) as Record<string, PlainValue>;
const labelOf = (mapping: ApprovalMapping, name: string) =>
  [...mapping.form, ...mapping.system].find((v) => v.fieldName === name)?.label;

describe('reimbursement (fieldList of 3 rows, attachments, reimbursement group)', () => {
  const mapping = mapApproval(reimbursementDef, reimbursement);
  const scope = scopeOf(mapping);

  it('lists printable form items in design order with companions', () => {
    expect(mapping.form.map((v) => v.fieldName)).toEqual([
      'Reason',
      'Project',
      'Total',
      'Total_currency',
      'Total_capital',
      'Details',
      'Expenses',
      'Expenses_total',
      'Expenses_currency',
      'Expenses_invoiceCount',
      'Bank_account',
      'Bank_account_accountName',
      'Bank_account_bankName',
      'Bank_account_branchName',
      'Bank_account_accountNumber',
      'Attachments',
      'Route_map',
    ]);
    expect(scope.Internal_note).toBeUndefined();
  });

  it('maps simple items', () => {
    expect(scope.Reason).toBe('Client visit to Shenzhen, March 2024');
    expect(scope.Project).toBe('Zephyr');
    expect(scope.Total).toBe(1234.5);
    expect(scope.Total_capital).toBe('壹仟贰佰叁拾肆元伍角');
    expect(scope['Bank_account']).toBe('Li Wei, China Merchants Bank, Shenzhen Branch, 6225 8801 2345 6789');
    expect(scope['Route_map']).toBe('-');
  });

  it('numbers the three detail rows and keeps their attachments', () => {
    const rows = scope.Details as Row[];
    expect(rows.map((r) => [r.rowNumber, r.Item, r.Date, r.Amount])).toEqual([
      ['#1', 'Flight', '2024/03/05', 980],
      ['#2', 'Taxi', '2024/03/07', 86.5],
      ['#3', 'Dinner with client', '-', 168],
    ]);
    expect((rows[1]!.Receipt as Row[]).map((f) => [f.fileName, f.mime])).toEqual([
      ['taxi.jpg', 'image/jpeg'],
      ['taxi-2.png', 'image/png'],
    ]);
    expect(rows[2]!.Receipt).toEqual([]);
    expect((scope.Attachments as Row[]).map((f) => f.fileName)).toEqual(['itinerary.docx', 'hotel.png']);
  });

  it('sums expenses and counts parsed invoices', () => {
    expect(scope.Expenses_total).toBe(1234.5);
    expect(scope.Expenses_invoiceCount).toBe(2);
    expect(scope.expenseTotal).toBe(1234.5);
    expect(scope.expenseInvoiceCount).toBe(2);
    expect((scope.expenseItems as Row[]).map((r) => r.feeType)).toEqual(['Transport', 'Meals']);
  });

  it('maps system variables with YYYY/MM/DD dates whatever the time unit', () => {
    expect(scope).toMatchObject({
      applicant: 'Li Wei',
      applicantDepartment: 'Sales / South China',
      tenantName: 'Northwind Trading Co.',
      approvalName: 'Expense reimbursement',
      instanceName: "Li Wei's expense reimbursement",
      approvalNumber: '202403050001',
      createTime: '2024/03/05',
      endTime: '2024/03/10',
      printTime: '2024/03/10',
      printUser: 'Chen Jing',
      status: 'Approved',
      approvers: 'Wang Fang, Zhao Min',
    });
  });

  it('formats comments with YYYY-MM-DD HH:mm:ss and their files', () => {
    expect(scope.comments).toEqual([
      {
        name: 'Wang Fang',
        timeStr: '2024-03-06 14:05:09',
        content: 'Please attach the hotel folio as well.',
        files: [
          {
            fileName: 'policy.pdf',
            fileSize: 10240,
            url: 'https://files.example.com/c/policy.pdf',
            mime: 'application/pdf',
            timestamp: null,
            token: null,
          },
        ],
      },
    ]);
  });

  it('applies the signature rules', () => {
    const byPerson = scope.signatureByPerson as Record<string, Row>;
    expect(Object.keys(byPerson)).toEqual(['Li Wei', 'Wang Fang', 'Zhao Min']);
    // Auto-passed Finance entry reuses Wang Fang's earlier signature image.
    expect(byPerson['Wang Fang']).toMatchObject({
      nodeName: 'Finance',
      image: 'https://files.example.com/sig/wangfang.png',
    });
    expect(byPerson['Zhao Min']).toMatchObject({ image: '', comment: 'Paid on 03/10' });
    const byNode = scope.signatureByNode as Record<string, Row>;
    expect(Object.keys(byNode)).toEqual(['Submit', 'Manager', 'Finance']);
    expect(byNode.Manager).toMatchObject({ name: 'Wang Fang', approveStatus: 'Approved', comment: 'OK' });
    const listByNode = scope.signatureListByNode as Record<string, Row[]>;
    expect(listByNode.Manager!.map((e) => e.approveStatus)).toEqual(['Approved', 'Commented']);
    expect(listByNode.CC!.map((e) => e.name)).toEqual(['Chen Jing']);
    expect((scope.approvalNodes as Row[]).some((n) => n.name === 'System')).toBe(false);
  });

  it('prints times in the requested time zone', () => {
    const utc = scopeOf(mapApproval(reimbursementDef, reimbursement, { timeZone: 'UTC' }));
    expect((utc.comments as Row[])[0]!.timeStr).toBe('2024-03-06 06:05:09');
    expect(utc.createTime).toBe('2024/03/05');
  });

  it('prints not support for unsupported items in preview mode', () => {
    expect(scopeOf(mapApproval(reimbursementDef, reimbursement, { mode: 'preview' }))['Route_map']).toBe('not support');
  });

  it.each([
    ['en-US', 'Reason', 'Applicant', 'Approved', 'Total (in words)'],
    ['zh-CN', '报销事由', '申请人', '已通过', '报销总额 (大写)'],
    ['ja-JP', '理由', '申請者', '承認済み', '合計 (大字)'],
    ['fr-FR', 'Reason', 'Applicant', 'Approved', 'Total (in words)'],
  ])('labels in %s', (lang, reasonLabel, applicantLabel, status, capitalLabel) => {
    const localized = mapApproval(reimbursementDef, reimbursement, { lang });
    expect(localized.form[0]!.label).toBe(reasonLabel);
    expect(localized.form[0]!.fieldName).toBe(reasonLabel);
    expect(labelOf(localized, 'applicant')).toBe(applicantLabel);
    expect(scopeOf(localized).status).toBe(status);
    expect(localized.form.find((v) => v.fieldName.endsWith('_capital'))!.label).toBe(capitalLabel);
  });

  it('describes itself as a valid open data source', () => {
    const source = parseDataSource(approvalDataSource(mapping));
    expect(source.groups.map((g) => g.name)).toEqual(['form', 'system']);
    const details = source.groups[0]!.variables!.find((v) => v.fieldName === 'Details')!;
    expect(details).toMatchObject({ fieldType: 'list', specId: 'form.Details' });
    expect(
      source.dataSpecs.find((s) => s.id === 'form.Details')!.variables.map((v) => `${v.fieldName}:${v.fieldType}`),
    ).toEqual([
      'rowNumber:string',
      'Item:string',
      'Date:string',
      'Amount:number',
      'Amount_currency:string',
      'Receipt:attachments',
    ]);
  });

  it('gives the CLI form and system groups with labels', () => {
    const plain = approvalGroupsPlain(mapping);
    expect(plain.form.Total).toEqual({ label: 'Total', value: 1234.5 });
    expect(plain.system.status).toEqual({ label: 'Status', value: 'Approved' });
    expect(approvalGroupsPlain(mapping, { mode: 'display' }).form.Total!.value).toBe('¥1,234.50');
  });
});

describe('leave request', () => {
  const mapping = mapApproval(leaveDef, leave);
  const scope = scopeOf(mapping);

  it("uses the instance's language", () => {
    expect(mapping.lang).toBe('ja-JP');
    expect(labelOf(mapping, 'leaveType')).toBe('休暇の種類');
    expect(scope.status).toBe('承認済み');
  });

  it('maps the leave group and the system leave details', () => {
    expect(scope.Leave).toEqual({
      type: 'Annual leave',
      start: '2024/03/11',
      end: '2024/03/13',
      interval: 3,
      unit: 'DAY',
      reason: 'Family trip',
    });
    expect(scope).toMatchObject({
      leaveType: 'Annual leave',
      leaveStart: '2024/03/11',
      leaveEnd: '2024/03/13',
      leaveDuration: 3,
      leaveReason: 'Family trip',
    });
    expect(scope).toMatchObject({
      outStart: '-',
      overtimeReason: '-',
      expenseTotal: '-',
      expenseInvoiceCount: 0,
      expenseItems: [],
    });
  });

  it('maps the other items, with - for empty and unparseable values', () => {
    expect(scope).toMatchObject({
      Handover_to: 'Sato Ken, Mori Aya',
      Phone_while_away: '+81 90-1234-5678',
      Period: '2024/03/11 - 2024/03/13',
      Period_interval: 3,
      Note: 'Submit at least 3 days in advance.',
      Days: 0,
      Bank: '-',
      Bank_accountNumber: '-',
      printTime: '-',
      shareUrl: '-',
      createTime: '2024/03/05',
    });
  });

  it('reads process data given as a JSON string', () => {
    expect((scope.approvalNodes as Row[]).map((n) => n.name)).toEqual(['Tanaka Yui', 'Sato Ken']);
    expect((scope.signatureByNode as Record<string, Row>)['Team lead']).toMatchObject({
      image: 'https://files.example.com/sig/sato.png',
      label: '佐藤',
      approveStatus: '承認',
    });
  });
});

describe('purchase with connect items', () => {
  const mapping = mapApproval(purchaseDef, purchase);
  const scope = scopeOf(mapping);

  it("falls back to the definition's language", () => {
    expect(mapping.lang).toBe('zh-CN');
  });

  it('maps linked instances with full times and localized statuses', () => {
    expect(scope.Related_approvals).toEqual([
      {
        submitter: 'Zhou Lan',
        title: 'Q2 IT budget',
        serialNumber: '202402280007',
        createTime: '2024-02-28 15:30:00',
        status: '已通过',
      },
      {
        submitter: 'Zhou Lan',
        title: 'Vendor onboarding: Acme',
        serialNumber: '202403010003',
        createTime: '2024-03-01 13:00:00',
        status: '审批中',
      },
    ]);
  });

  it('maps the remaining item types', () => {
    expect(scope).toMatchObject({
      Purchase_title: 'Laptops for new hires',
      Department: 'IT',
      Category: 'Hardware, Services',
      Budget: 12500,
      Budget_currency: 'USD',
      Quantity: 5,
      Needed_by: '2024/04/01',
      Delivery_address: 'China/Shanghai/Pudong 88 Century Ave, 12F',
      Contract: 'Vendor framework agreement',
      Request_No_: 'PR-2024-0042',
    });
    expect((scope.Photos as Row[])[0]).toMatchObject({ fileName: 'laptop.jpg', mime: 'image/jpeg' });
    expect(mapping.form.find((v) => v.fieldName === 'Photos')!.fieldType).toBe('inline-images');
    expect(scope.Lines).toEqual([{ rowNumber: '', Name: 'ThinkPad X1', Price: 2500 }]);
    expect((scope.comments as Row[])[0]).toMatchObject({
      content: 'Go with the 16 GB model.',
      timeStr: '2024-03-06 14:05:09',
    });
  });
});

describe('instance in progress', () => {
  const mapping = mapApproval(purchaseDef, inProgress, { lang: 'en-US' });
  const scope = scopeOf(mapping);

  it('shows the pending status and no end date', () => {
    expect(scope.status).toBe('In progress');
    expect(scope.endTime).toBe('-');
    expect(scope.approvers).toBe('Qian Hao');
  });

  it('keeps pending signers in place without any image', () => {
    const cfo = (scope.signatureListByNode as Record<string, Row[]>).CFO!;
    expect(cfo.map((e) => [e.name, e.image, e.signatureImage, e.timeStr])).toEqual([
      // Still in progress: no image anywhere, not even the signer's earlier one (spec 001 §4).
      ['Sun Li', '', '', '-'],
      ['Qian Hao', '', '', '-'],
    ]);
    expect((scope.signatureByNode as Record<string, Row>)['IT lead']!.image).toBe(
      'https://files.example.com/sig/qian.png',
    );
    expect((scope.signatureByNode as Record<string, Row>).Submit!.image).toBe('https://files.example.com/sig/zhou.png');
    expect(Object.keys(scope.signatureByNode as object)).toEqual(['Submit', 'IT lead', 'CFO']);
  });

  it('prints - for items the instance does not carry', () => {
    expect(scope).toMatchObject({
      Department: '-',
      Category: '-',
      Needed_by: '-',
      Related_approvals: [],
      Lines: [],
    });
    expect(scope.Budget).toBe(3200);
  });
});

describe('preview and validation', () => {
  it('maps a design alone: every item -, no signatures', () => {
    const scope = scopeOf(mapApproval(reimbursementDef));
    expect(scope.Reason).toBe('-');
    expect(scope['Route_map']).toBe('not support');
    expect(scope.Details).toEqual([]);
    expect(scope.signatureByPerson).toEqual({});
    expect(scope.status).toBe('-');
  });

  it('renames a form item that collides with a system variable', () => {
    const scope = scopeOf(
      mapApproval(
        {
          approval_name: 'x',
          form: [
            { id: 'a', name: 'applicant', type: 'input' },
            { id: 'b', name: 'applicant', type: 'input' },
          ],
        },
        { content_data: [{ id: 'a', name: 'applicant', type: 'input', value: 'form value' }], apply_user_name: 'Real' },
      ),
    );
    expect(scope.applicant).toBe('Real');
    expect(scope.applicant_2).toBe('form value');
    expect(scope.applicant_3).toBe('-');
  });

  it('fails with DataInvalid on malformed input', () => {
    expect(() => mapApproval({ form: 'not json' })).toThrow();
    try {
      mapApproval({ form: [{ name: 'no id or type' }] });
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'DataInvalid')).toBe(true);
    }
  });
});
