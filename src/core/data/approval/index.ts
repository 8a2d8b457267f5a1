export type { FormContext, ItemPart, MergedItem } from './formItems';
export { isSupportedItemType, itemParts, SUPPORTED_ITEM_TYPES } from './formItems';
export type { GroupKind } from './groups';
export { GROUP_FIELDS, groupKindOf, groupValue } from './groups';
export * from './labels';
export type { ApprovalGroupName, ApprovalMapping, ApprovalVariable, MapApprovalOptions } from './mapApproval';
export {
  approvalDataSource,
  approvalGroupsPlain,
  approvalScope,
  mapApproval,
} from './mapApproval';
export * from './signatures';
export * from './types';
export {
  APPROVAL_DATE_PATTERN,
  APPROVAL_TIME_PATTERN,
  approvalDate,
  approvalDateTime,
  approvalEpoch,
  approvalNumber,
} from './values';
