/**
 * Labels of approval variables in the three approval languages (spec 000 §5, 001 §5.2):
 * en-US (default and fallback), ja-JP, zh-CN. Kept in core because they are part of the data
 * mapping (the variable labels a designer picks from), not interface text.
 */

export const APPROVAL_LANGUAGES = ['en-US', 'ja-JP', 'zh-CN'] as const;
export type ApprovalLanguage = (typeof APPROVAL_LANGUAGES)[number];
const DEFAULT_APPROVAL_LANGUAGE: ApprovalLanguage = 'en-US';

/** 'ja', 'ja_JP', 'JA-jp' → 'ja-JP'; anything unsupported → en-US. */
export function resolveApprovalLanguage(lang: string | undefined | null): ApprovalLanguage {
  if (!lang) return DEFAULT_APPROVAL_LANGUAGE;
  const normalized = lang.replace('_', '-').toLowerCase();
  if (normalized.startsWith('ja')) return 'ja-JP';
  if (normalized === 'zh' || normalized.startsWith('zh-cn') || normalized.startsWith('zh-hans')) return 'zh-CN';
  return DEFAULT_APPROVAL_LANGUAGE;
}

type Labels = Record<ApprovalLanguage, string>;
const l = (en: string, ja: string, zh: string): Labels => ({ 'en-US': en, 'ja-JP': ja, 'zh-CN': zh });

/** System variable labels, keyed by the variable's fieldName. */
export const SYSTEM_LABELS = {
  applicant: l('Applicant', '申請者', '申请人'),
  applicantDepartment: l('Department', '部署', '申请部门'),
  tenantName: l('Company', '会社名', '企业名称'),
  approvalName: l('Approval name', '承認名', '审批名称'),
  approvalCode: l('Approval code', '承認コード', '审批定义编码'),
  instanceName: l('Title', 'タイトル', '审批标题'),
  approvalNumber: l('Approval number', '承認番号', '审批编号'),
  createTime: l('Submitted on', '申請日', '申请时间'),
  endTime: l('Completed on', '完了日', '完成时间'),
  status: l('Status', 'ステータス', '审批状态'),
  printTime: l('Printed on', '印刷日', '打印时间'),
  printUser: l('Printed by', '印刷者', '打印人'),
  shareUrl: l('Approval link', '承認リンク', '审批链接'),
  approvalNodes: l('Approval nodes', '承認ノード', '审批节点'),
  approvers: l('Approvers', '承認者', '审批人'),
  comments: l('Comments', 'コメント', '评论'),
  signatureByPerson: l('Signature by person', '署名（担当者別）', '签名（按人员）'),
  signatureByNode: l('Signature by node', '署名（ノード別）', '签名（按节点）'),
  signatureListByPerson: l('Signature list by person', '署名一覧（担当者別）', '签名列表（按人员）'),
  signatureListByNode: l('Signature list by node', '署名一覧（ノード別）', '签名列表（按节点）'),
  leaveType: l('Leave type', '休暇の種類', '请假类型'),
  leaveStart: l('Leave start', '休暇開始', '请假开始时间'),
  leaveEnd: l('Leave end', '休暇終了', '请假结束时间'),
  leaveDuration: l('Leave duration', '休暇期間', '请假时长'),
  leaveReason: l('Leave reason', '休暇理由', '请假事由'),
  outStart: l('Outing start', '外出開始', '外出开始时间'),
  outEnd: l('Outing end', '外出終了', '外出结束时间'),
  outDuration: l('Outing duration', '外出時間', '外出时长'),
  outReason: l('Outing reason', '外出理由', '外出事由'),
  overtimeStart: l('Overtime start', '残業開始', '加班开始时间'),
  overtimeEnd: l('Overtime end', '残業終了', '加班结束时间'),
  overtimeDuration: l('Overtime duration', '残業時間', '加班时长'),
  overtimeReason: l('Overtime reason', '残業理由', '加班事由'),
  expenseTotal: l('Expense total', '経費合計', '报销总额'),
  expenseInvoiceCount: l('Invoice count', '請求書数', '发票张数'),
  expenseItems: l('Expense items', '経費明細', '费用明细'),
} satisfies Record<string, Labels>;
export type SystemVariableName = keyof typeof SYSTEM_LABELS;

/** Labels of fields inside maps and lists (nodes, comments, signatures, groups, companions). */
export const FIELD_LABELS = {
  // signatures and nodes
  image: l('Signature image (approved)', '署名画像（承認済み）', '签名图片（已通过）'),
  label: l('Signature label', '署名ラベル', '签名标签'),
  timeStr: l('Time', '日時', '时间'),
  comment: l('Comment', 'コメント', '审批意见'),
  nodeName: l('Node', 'ノード', '节点'),
  name: l('Name', '名前', '姓名'),
  approveStatus: l('Result', '結果', '审批结果'),
  signatureImage: l('Signature image', '署名画像', '签名图片'),
  // comments
  content: l('Content', '内容', '内容'),
  files: l('Files', 'ファイル', '附件'),
  // connect
  submitter: l('Submitter', '申請者', '提交人'),
  title: l('Title', 'タイトル', '标题'),
  serialNumber: l('Approval number', '承認番号', '审批编号'),
  createTime: l('Submitted at', '申請日時', '提交时间'),
  status: l('Status', 'ステータス', '状态'),
  // companions
  capital: l('in words', '大字', '大写'),
  currency: l('currency', '通貨', '币种'),
  start: l('start', '開始', '开始'),
  end: l('end', '終了', '结束'),
  interval: l('duration', '期間', '时长'),
  total: l('total', '合計', '合计'),
  invoiceCount: l('invoice count', '請求書数', '发票张数'),
  rowNumber: l('Row', '行', '行号'),
  accountName: l('account name', '口座名義', '户名'),
  bankName: l('bank', '銀行名', '开户银行'),
  branchName: l('branch', '支店名', '开户支行'),
  accountNumber: l('account number', '口座番号', '银行账号'),
  // reimbursement rows
  feeType: l('Fee type', '費目', '费用类型'),
  amount: l('Amount', '金額', '金额'),
  feeDate: l('Fee date', '発生日', '发生日期'),
  invoice: l('Invoice', '請求書', '发票'),
  attachments: l('Attachments', '添付ファイル', '附件'),
  remark: l('Remark', '備考', '备注'),
  // groups
  type: l('Type', '種類', '类型'),
  unit: l('Unit', '単位', '单位'),
  reason: l('Reason', '理由', '事由'),
  schedule: l('Schedule', '行程', '行程'),
  departure: l('From', '出発地', '出发城市'),
  destination: l('To', '目的地', '目的城市'),
  transportation: l('Transport', '交通手段', '交通工具'),
  oneRound: l('Trip type', '片道/往復', '单程往返'),
  peer: l('Travel companions', '同行者', '同行人'),
  shiftTime: l('Shift date', '振替日', '换班日期'),
  returnTime: l('Return date', '返却日', '还班日期'),
  date: l('Date', '日付', '日期'),
  location: l('Location', '場所', '地点'),
  lastWorkDay: l('Last working day', '最終出勤日', '最后工作日'),
  handover: l('Handover to', '引継ぎ先', '工作交接人'),
  effectiveDate: l('Effective date', '発効日', '生效日期'),
  fromDepartment: l('From department', '異動前部署', '调整前部门'),
  toDepartment: l('To department', '異動後部署', '调整后部门'),
  fromPosition: l('From position', '異動前役職', '调整前职位'),
  toPosition: l('To position', '異動後役職', '调整后职位'),
  department: l('Department', '部署', '部门'),
  position: l('Position', '役職', '职位'),
  onboardDate: l('Start date', '入社日', '入职日期'),
  employeeType: l('Employee type', '雇用形態', '人员类型'),
  probationStart: l('Probation start', '試用開始日', '试用期开始'),
  probationEnd: l('Probation end', '試用終了日', '试用期结束'),
  regularizationDate: l('Confirmation date', '本採用日', '转正日期'),
  time: l('Time', '日時', '时间'),
} satisfies Record<string, Labels>;
export type FieldLabelName = keyof typeof FIELD_LABELS;

export function systemLabel(name: SystemVariableName, lang: ApprovalLanguage): string {
  return SYSTEM_LABELS[name][lang];
}

export function fieldLabel(name: string, lang: ApprovalLanguage): string {
  const labels = (FIELD_LABELS as Record<string, Labels>)[name];
  return labels ? labels[lang] : name;
}

/** Instance status labels (spec 001 §4), keyed by instance_status. */
export const INSTANCE_STATUS_LABELS: Record<string, Labels> = {
  OVERTIME_CLOSE: l('Closed (timed out)', 'タイムアウトで終了', '超时关闭'),
  TERMINATED: l('Terminated', '終了', '已终止'),
  PENDING: l('In progress', '承認中', '审批中'),
  APPROVED: l('Approved', '承認済み', '已通过'),
  REJECTED: l('Rejected', '却下', '已拒绝'),
  CANCELED: l('Withdrawn', '取り下げ', '已撤回'),
  DELETED: l('Deleted', '削除済み', '已删除'),
};

export function instanceStatusLabel(status: string | undefined, lang: ApprovalLanguage): string {
  if (!status) return '-';
  return INSTANCE_STATUS_LABELS[status.toUpperCase()]?.[lang] ?? status;
}

/** Labels of one process entry's operation (the signature's approveStatus). */
export const OPERATION_LABELS: Record<string, Labels> = {
  START: l('Submitted', '申請', '提交'),
  APPROVED: l('Approved', '承認', '同意'),
  AUTO_PASS: l('Approved automatically', '自動承認', '自动通过'),
  REJECTED: l('Rejected', '却下', '拒绝'),
  PENDING: l('Pending', '承認待ち', '审批中'),
  TRANSFERRED: l('Transferred', '転送', '已转交'),
  ROLLBACK: l('Returned', '差し戻し', '已退回'),
  CANCELED: l('Withdrawn', '取り下げ', '已撤回'),
  COMMENT: l('Commented', 'コメント', '评论'),
  CC: l('Copied', 'CC', '抄送'),
};

export function operationLabel(operation: string, lang: ApprovalLanguage): string {
  return OPERATION_LABELS[operation]?.[lang] ?? operation;
}

/** What an unsupported form item prints: 'not support' in preview, '-' for a real instance. */
export const NOT_SUPPORTED_PREVIEW = 'not support';
export const EMPTY = '-';
