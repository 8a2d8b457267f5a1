import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { requireSeatManager, seatLinksVisible } from './guards';

const refusal = (check: Parameters<typeof requireSeatManager>[0]) => {
  try {
    requireSeatManager(check);
    return undefined;
  } catch (error) {
    return error;
  }
};

describe('/home/admin guard (spec 000 §6 seat management)', () => {
  it('lets an ENTERPRISE_SEAT admin in, and refuses a non-admin with OnlyAdminAllowed', () => {
    expect(refusal({ version: 'ENTERPRISE_SEAT', isAdmin: true })).toBeUndefined();
    expect(isQuireError(refusal({ version: 'ENTERPRISE_SEAT', isAdmin: false }), 'OnlyAdminAllowed')).toBe(true);
  });

  it('STARTUP and BUSINESS: only the buyer', () => {
    const buyer = { version: 'BUSINESS', isAdmin: false, buyTenantUserId: 'u1', currentTenantUserId: 'u1' };
    expect(refusal(buyer)).toBeUndefined();
    expect(isQuireError(refusal({ ...buyer, currentTenantUserId: 'u2' }), 'OnlyBuyerAllowed')).toBe(true);
  });

  it('a device-only account (no plan) is refused, and sees no admin links', () => {
    expect(isQuireError(refusal({ version: undefined, isAdmin: false }), 'Forbidden')).toBe(true);
    expect(seatLinksVisible({ version: undefined, isAdmin: false })).toBe(false);
    expect(seatLinksVisible({ version: 'ENTERPRISE_SEAT', isAdmin: true })).toBe(true);
  });
});
