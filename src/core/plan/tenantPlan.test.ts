import { describe, expect, it } from 'vitest';
import { FREE_TENANT_PLAN, type TenantPlan, type TenantPlanPast, tenantPlanStatus } from './tenantPlan';

const NOW = Date.UTC(2026, 10, 28, 12);
const DAY = 24 * 3600_000;
const NONE: TenantPlanPast = { hadTrial: false, hadPaid: false };
const plan = (over: Partial<TenantPlan>): TenantPlan => ({ ...FREE_TENANT_PLAN, ...over });

describe('tenant plan state at boundary dates', () => {
  it.each<[string, TenantPlan, TenantPlanPast, string, string[]]>([
    ['new team', FREE_TENANT_PLAN, NONE, 'FREE_TRIAL', []],
    ['free after a trial', FREE_TENANT_PLAN, { hadTrial: true, hadPaid: false }, 'FREE_NO_TRIAL', []],
    ['free after a paid plan', FREE_TENANT_PLAN, { hadTrial: true, hadPaid: true }, 'ENTERPRISE_EXPIRED', []],
    ['personal member', plan({ version: 'STARTUP', expiresAt: NOW + 30 * DAY }), NONE, 'FREE_ENABLED', []],
    ['enterprise, no end', plan({ version: 'ENTERPRISE' }), NONE, 'ENTERPRISE', ['attachmentPreview', 'signature']],
    [
      'enterprise, 3 days + 1 ms',
      plan({ version: 'ENTERPRISE', expiresAt: NOW + 3 * DAY + 1 }),
      NONE,
      'ENTERPRISE',
      ['attachmentPreview', 'signature'],
    ],
    [
      'enterprise, exactly 3 days',
      plan({ version: 'ENTERPRISE', expiresAt: NOW + 3 * DAY }),
      NONE,
      'ENTERPRISE_ALMOST_DUE',
      ['attachmentPreview', 'signature'],
    ],
    [
      'enterprise, 1 ms left',
      plan({ version: 'ENTERPRISE', expiresAt: NOW + 1 }),
      NONE,
      'ENTERPRISE_ALMOST_DUE',
      ['attachmentPreview', 'signature'],
    ],
    ['enterprise, ends now', plan({ version: 'ENTERPRISE', expiresAt: NOW }), NONE, 'ENTERPRISE_EXPIRED', []],
    [
      'trial running',
      plan({ version: 'ENTERPRISE', trial: true, expiresAt: NOW + DAY }),
      NONE,
      'TRIALING',
      ['attachmentPreview', 'signature'],
    ],
    ['trial ended', plan({ version: 'ENTERPRISE', trial: true, expiresAt: NOW - 1 }), NONE, 'FREE_NO_TRIAL', []],
    ['business', plan({ version: 'BUSINESS' }), NONE, 'ENTERPRISE', ['attachmentPreview']],
    ['seat plan', plan({ version: 'ENTERPRISE_SEAT', totalSeats: 3 }), NONE, 'ENTERPRISE', ['signature']],
  ])('%s → %s', (_label, current, past, state, features) => {
    const status = tenantPlanStatus(current, past, NOW);
    expect(status.state).toBe(state);
    expect(status.features).toEqual(features);
  });

  it('on the seat plan, features follow the seat', () => {
    const seatPlan = plan({ version: 'ENTERPRISE_SEAT', totalSeats: 1 });
    expect(tenantPlanStatus(seatPlan, NONE, NOW, true).features).toEqual(['signature']);
    expect(tenantPlanStatus(seatPlan, NONE, NOW, false).features).toEqual([]);
    // Seats bind only the seat plan.
    expect(tenantPlanStatus(plan({ version: 'ENTERPRISE' }), NONE, NOW, false).features).toHaveLength(2);
  });

  it('user type and kind', () => {
    expect(tenantPlanStatus(FREE_TENANT_PLAN, NONE, NOW)).toMatchObject({ userType: 'free', kind: null });
    expect(tenantPlanStatus(plan({ version: 'STARTUP' }), NONE, NOW)).toMatchObject({
      userType: 'personalMember',
      kind: 2,
    });
    expect(tenantPlanStatus(plan({ version: 'ENTERPRISE_SEAT' }), NONE, NOW)).toMatchObject({
      userType: 'enterpriseMember',
      kind: 1,
    });
    expect(tenantPlanStatus(plan({ version: 'ENTERPRISE', expiresAt: NOW - 1 }), NONE, NOW)).toMatchObject({
      effectiveVersion: 'FREE',
      expired: true,
      userType: 'free',
    });
  });
});
