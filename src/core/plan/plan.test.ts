import { describe, expect, it } from 'vitest';
import {
  allowedFeatures,
  deriveMembershipStatus,
  type FirstBrandAccount,
  isFeatureAllowed,
  isMemberStatus,
  isPaidScopeValid,
  isSeatLinkVisible,
  isSecondBrandTrial,
  isTenantInstall,
  isTrialStatus,
  PLAN_KIND,
  PLAN_STATES,
  type PlanState,
  seatManagementAccess,
  userTypeFromPlan,
} from './plan';

const NOW = Date.UTC(2025, 0, 10);
const DAY = 24 * 3600_000;

describe('membership status, first host brand (spec 000 §4)', () => {
  it.each<[string, FirstBrandAccount, PlanState]>([
    ['default', {}, 'FREE_ENABLED'],
    [
      'vip FREE, enterprise finished',
      { enableVip: true, version: 'FREE', enterpriseFinishAt: NOW - DAY },
      'ENTERPRISE_EXPIRED',
    ],
    [
      'vip FREE, finished beats trial',
      { enableVip: true, version: 'FREE', enterpriseFinishAt: NOW - DAY, enterpriseTrialFinishAt: NOW - 9 * DAY },
      'ENTERPRISE_EXPIRED',
    ],
    [
      'vip FREE, trial used',
      { enableVip: true, version: 'FREE', enterpriseTrialFinishAt: '2024-12-01' },
      'FREE_NO_TRIAL',
    ],
    ['vip FREE, no trial yet', { enableVip: true, version: 'FREE' }, 'FREE_TRIAL'],
    ['vip FREE, null dates', { enableVip: true, version: 'FREE', enterpriseFinishAt: null }, 'FREE_TRIAL'],
    [
      'vip APPROVAL, trial',
      { enableVip: true, version: 'APPROVAL', isEnterpriseTrial: true, enterpriseFinishAt: NOW + DAY },
      'TRIALING',
    ],
    [
      'vip APPROVAL, 2 days left',
      { enableVip: true, version: 'APPROVAL', enterpriseFinishAt: NOW + 2 * DAY },
      'ENTERPRISE_ALMOST_DUE',
    ],
    [
      'vip APPROVAL, exactly 3 days',
      { enableVip: true, version: 'APPROVAL', enterpriseFinishAt: NOW + 3 * DAY },
      'ENTERPRISE_ALMOST_DUE',
    ],
    [
      'vip APPROVAL, 4 days left',
      { enableVip: true, version: 'APPROVAL', enterpriseFinishAt: NOW + 4 * DAY },
      'ENTERPRISE',
    ],
    [
      'vip APPROVAL, ISO date',
      { enableVip: true, version: 'APPROVAL', enterpriseFinishAt: '2025-01-11T00:00:00Z' },
      'ENTERPRISE_ALMOST_DUE',
    ],
    ['vip APPROVAL, no date', { enableVip: true, version: 'APPROVAL' }, 'ENTERPRISE'],
    [
      'vip APPROVAL, passed',
      { enableVip: true, version: 'APPROVAL', enterpriseFinishAt: NOW - 1 },
      'ENTERPRISE_EXPIRED',
    ],
    ['pay tips, free time ahead', { enableVip: false, enablePayTips: true, freeLastTime: NOW + DAY }, 'FREE_ENABLED'],
    ['pay tips, free time passed', { enableVip: false, enablePayTips: true, freeLastTime: NOW - DAY }, 'FREE_TRIAL'],
    [
      'pay tips, passed after a trial',
      { enableVip: false, enablePayTips: true, freeLastTime: NOW - DAY, enterpriseTrialFinishAt: NOW - 2 * DAY },
      'FREE_NO_TRIAL',
    ],
    ['pay tips off', { enableVip: false, enablePayTips: false, freeLastTime: NOW - DAY }, 'FREE_ENABLED'],
  ])('%s → %s', (_label, account, expected) => {
    expect(deriveMembershipStatus(account, NOW)).toBe(expected);
  });

  it('members and trial users', () => {
    const members = PLAN_STATES.filter(isMemberStatus);
    expect(members.sort()).toEqual(['ENTERPRISE', 'ENTERPRISE_ALMOST_DUE', 'FREE_ENABLED', 'TRIALING']);
    expect(PLAN_STATES.filter(isTrialStatus)).toEqual(['TRIALING']);
    expect(
      isMemberStatus(deriveMembershipStatus({ enableVip: false, enablePayTips: true, freeLastTime: NOW - 1 }, NOW)),
    ).toBe(false);
  });

  it('plan kinds', () => {
    expect(PLAN_KIND).toEqual({ ENTERPRISE: 1, PERSONAL: 2 });
  });
});

describe('user type from plan (both brands)', () => {
  it.each([
    ['first', 'FREE', 'free'],
    ['first', 'PRO', 'personalMember'],
    ['first', 'ENTERPRISE', 'enterpriseMember'],
    ['first', 'STARTUP', 'free'],
    ['second', 'FREE', 'free'],
    ['second', 'STARTUP', 'personalMember'],
    ['second', 'BUSINESS', 'enterpriseMember'],
    ['second', 'ENTERPRISE', 'enterpriseMember'],
    ['second', 'ENTERPRISE_SEAT', 'enterpriseMember'],
    ['second', 'PRO', 'free'],
    ['second', undefined, 'free'],
    ['first', 'constructor', 'free'],
  ] as const)('%s %s → %s', (brand, version, expected) => {
    expect(userTypeFromPlan(brand, version)).toBe(expected);
  });
});

describe('feature allow-list (spec 000 §6)', () => {
  it.each([
    ['first', 'ENTERPRISE', ['attachmentPreview', 'signature']],
    ['first', 'PRO', []],
    ['first', 'FREE', []],
    ['second', 'FREE', []],
    ['second', 'STARTUP', []],
    ['second', 'BUSINESS', ['attachmentPreview']],
    ['second', 'ENTERPRISE', ['attachmentPreview', 'signature']],
    ['second', 'ENTERPRISE_SEAT', ['signature']],
    ['second', undefined, []],
  ] as const)('%s %s → %j', (brand, version, features) => {
    expect(allowedFeatures({ brand, version })).toEqual(features);
  });

  it('every user of the approval context has attachment preview, and a valid paid scope', () => {
    expect(isFeatureAllowed('attachmentPreview', { brand: 'first', version: 'FREE', context: 'approval' })).toBe(true);
    expect(isFeatureAllowed('signature', { brand: 'first', version: 'FREE', context: 'approval' })).toBe(false);
    expect(isFeatureAllowed('attachmentPreview', { brand: 'first', version: 'FREE', context: 'base' })).toBe(false);
    expect(isPaidScopeValid(false, 'approval')).toBe(true);
    expect(isPaidScopeValid(false, 'base')).toBe(false);
    expect(isPaidScopeValid(true, 'base')).toBe(true);
  });
});

describe('seats', () => {
  const base = { adminCheckEnabled: true, seatCallSucceeded: true, buyTenantUserId: 'u1', currentTenantUserId: 'u1' };
  it.each([
    [{ ...base, version: 'ENTERPRISE_SEAT' }, true],
    [{ ...base, version: 'ENTERPRISE_SEAT', seatCallSucceeded: false }, false],
    [{ ...base, version: 'STARTUP' }, true],
    [{ ...base, version: 'BUSINESS' }, true],
    [{ ...base, version: 'BUSINESS', currentTenantUserId: 'u2' }, false],
    [{ ...base, version: 'BUSINESS', buyTenantUserId: undefined, currentTenantUserId: undefined }, false],
    [{ ...base, version: 'ENTERPRISE' }, false],
    [{ ...base, version: 'ENTERPRISE_SEAT', adminCheckEnabled: false }, false],
  ])('seat link %j → %s', (check, visible) => {
    expect(isSeatLinkVisible(check)).toBe(visible);
  });

  it.each([
    [{ version: 'ENTERPRISE_SEAT', isAdmin: true }, { allowed: true }],
    [
      { version: 'ENTERPRISE_SEAT', isAdmin: false },
      { allowed: false, error: 'OnlyAdminAllowed' },
    ],
    [{ version: 'STARTUP', isAdmin: true, buyTenantUserId: 'u1', currentTenantUserId: 'u1' }, { allowed: true }],
    [
      { version: 'BUSINESS', isAdmin: true, buyTenantUserId: 'u1', currentTenantUserId: 'u2' },
      { allowed: false, error: 'OnlyBuyerAllowed' },
    ],
    [
      { version: 'FREE', isAdmin: true },
      { allowed: false, error: 'Forbidden' },
    ],
  ])('seat management %j → %j', (check, access) => {
    expect(seatManagementAccess(check)).toEqual(access);
  });
});

describe('tenant install and trials', () => {
  it.each([
    [{ accountType: 'corporate', scopes: { drive: false, base: true } }, true],
    [{ accountType: 'corporate', scopes: { drive: false } }, false],
    [{ accountType: 'corporate', scopes: [false, true] }, true],
    [{ accountType: 'corporate', scopes: undefined }, false],
    [{ accountType: 'personal', scopes: { drive: true } }, false],
    [{ accountType: undefined, scopes: { drive: true } }, true],
  ])('%j → %s', (check, expected) => {
    expect(isTenantInstall(check)).toBe(expected);
  });

  it('the second brand trial comes from activePayment', () => {
    expect(isSecondBrandTrial({ trial: true })).toBe(true);
    expect(isSecondBrandTrial({ trial: false })).toBe(false);
    expect(isSecondBrandTrial(undefined)).toBe(false);
  });
});
