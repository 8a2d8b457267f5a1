/**
 * The approval host (spec 000 §2, §5): it speaks only zh-CN, en-US and ja-JP; any other language
 * falls back within the same script (Chinese → zh-CN) or to en-US.
 */
export const APPROVAL_LANGUAGES = ['zh-CN', 'en-US', 'ja-JP'] as const;
export type ApprovalLanguage = (typeof APPROVAL_LANGUAGES)[number];

export function approvalLanguage(tag: string | null | undefined): ApprovalLanguage {
  const lower = (tag ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('ja')) return 'ja-JP';
  return 'en-US';
}
