import { describe, expect, it } from 'vitest';
import {
  APPROVAL_LANGUAGES,
  FIELD_LABELS,
  fieldLabel,
  INSTANCE_STATUS_LABELS,
  instanceStatusLabel,
  OPERATION_LABELS,
  resolveApprovalLanguage,
  SYSTEM_LABELS,
  systemLabel,
} from './labels';

describe('approval languages', () => {
  it.each([
    ['ja-JP', 'ja-JP'],
    ['ja', 'ja-JP'],
    ['ja_JP', 'ja-JP'],
    ['zh-CN', 'zh-CN'],
    ['zh_cn', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-TW', 'en-US'],
    ['en-GB', 'en-US'],
    ['de-DE', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('%s → %s', (lang, expected) => {
    expect(resolveApprovalLanguage(lang)).toBe(expected);
  });
});

describe('labels', () => {
  it('has every label in every approval language, none empty', () => {
    for (const table of [SYSTEM_LABELS, FIELD_LABELS, INSTANCE_STATUS_LABELS, OPERATION_LABELS]) {
      for (const [key, labels] of Object.entries(table)) {
        for (const lang of APPROVAL_LANGUAGES)
          expect((labels as Record<string, string>)[lang], `${key} ${lang}`).toMatch(/\S/);
      }
    }
  });

  it.each([
    ['OVERTIME_CLOSE', 'Closed (timed out)', 'タイムアウトで終了', '超时关闭'],
    ['TERMINATED', 'Terminated', '終了', '已终止'],
    ['PENDING', 'In progress', '承認中', '审批中'],
    ['APPROVED', 'Approved', '承認済み', '已通过'],
    ['REJECTED', 'Rejected', '却下', '已拒绝'],
    ['CANCELED', 'Withdrawn', '取り下げ', '已撤回'],
    ['DELETED', 'Deleted', '削除済み', '已删除'],
  ])('status %s', (status, en, ja, zh) => {
    expect(instanceStatusLabel(status, 'en-US')).toBe(en);
    expect(instanceStatusLabel(status, 'ja-JP')).toBe(ja);
    expect(instanceStatusLabel(status, 'zh-CN')).toBe(zh);
    expect(instanceStatusLabel(status.toLowerCase(), 'en-US')).toBe(en);
  });

  it('shows unknown statuses as they are and missing ones as -', () => {
    expect(instanceStatusLabel('ARCHIVED', 'en-US')).toBe('ARCHIVED');
    expect(instanceStatusLabel(undefined, 'en-US')).toBe('-');
  });

  it('labels system variables and fields', () => {
    expect(systemLabel('applicant', 'zh-CN')).toBe('申请人');
    expect(systemLabel('approvalNumber', 'ja-JP')).toBe('承認番号');
    expect(fieldLabel('nodeName', 'en-US')).toBe('Node');
    expect(fieldLabel('Custom column', 'en-US')).toBe('Custom column');
  });
});
