/**
 * Plans and membership (spec 000 §3, §4, §6) as pure functions of account data and the clock.
 * Two host brands: the first has FREE/APPROVAL accounts with FREE/PRO/ENTERPRISE plan records;
 * the second has an activePayment with FREE/STARTUP/BUSINESS/ENTERPRISE/ENTERPRISE_SEAT.
 */

export type HostBrand = 'first' | 'second';

export const PLAN_KIND = { ENTERPRISE: 1, PERSONAL: 2 } as const;

export const PLAN_STATES = [
  'FREE_ENABLED',
  'FREE_NO_TRIAL',
  'FREE_TRIAL',
  'ENTERPRISE_EXPIRED',
  'ENTERPRISE',
  'ENTERPRISE_ALMOST_DUE',
  'TRIALING',
] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export type UserType = 'free' | 'personalMember' | 'enterpriseMember';
export type AccountType = 'personal' | 'corporate';
export type FirstBrandPlanVersion = 'FREE' | 'PRO' | 'ENTERPRISE';
export type SecondBrandPlanVersion = 'FREE' | 'STARTUP' | 'BUSINESS' | 'ENTERPRISE' | 'ENTERPRISE_SEAT';

/** "Enterprise nearing end" is flagged this far ahead (spec 000 §9). */
export const ALMOST_DUE_MS = 3 * 24 * 60 * 60 * 1000;
/** The second brand's free-period stamp (spec 000 §9). */
export const SECOND_BRAND_FREE_PERIOD_STAMP = 17328096e5;

type Instant = number | string | null | undefined;

/** The first brand's account fields that decide membership. */
export interface FirstBrandAccount {
  version?: 'FREE' | 'APPROVAL' | string;
  enableVip?: boolean;
  enablePayTips?: boolean;
  freeLastTime?: Instant;
  enterpriseTrialFinishAt?: Instant;
  enterpriseFinishAt?: Instant;
  isEnterpriseTrial?: boolean;
}

function toMs(value: Instant): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

function isPresent(value: Instant): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * Membership status of a first-brand account at `now` (spec 000 §4).
 * Decisions where the spec is silent: an APPROVAL account whose finish date has passed is
 * ENTERPRISE_EXPIRED; a lapsed free period is FREE_TRIAL while no enterprise trial was taken,
 * FREE_NO_TRIAL after one.
 */
export function deriveMembershipStatus(account: FirstBrandAccount, now: number): PlanState {
  if (account.enableVip) {
    if (account.version === 'FREE') {
      if (isPresent(account.enterpriseFinishAt)) return 'ENTERPRISE_EXPIRED';
      if (isPresent(account.enterpriseTrialFinishAt)) return 'FREE_NO_TRIAL';
      return 'FREE_TRIAL';
    }
    if (account.version === 'APPROVAL') {
      if (account.isEnterpriseTrial) return 'TRIALING';
      const finish = toMs(account.enterpriseFinishAt);
      if (finish !== undefined && finish <= now) return 'ENTERPRISE_EXPIRED';
      if (finish !== undefined && finish - now <= ALMOST_DUE_MS) return 'ENTERPRISE_ALMOST_DUE';
      return 'ENTERPRISE';
    }
    return 'FREE_ENABLED';
  }
  if (account.enablePayTips) {
    const freeLast = toMs(account.freeLastTime);
    if (freeLast !== undefined && freeLast > now) return 'FREE_ENABLED';
    if (freeLast !== undefined) return isPresent(account.enterpriseTrialFinishAt) ? 'FREE_NO_TRIAL' : 'FREE_TRIAL';
  }
  return 'FREE_ENABLED';
}

const MEMBER_STATES: ReadonlySet<PlanState> = new Set([
  'ENTERPRISE',
  'FREE_ENABLED',
  'ENTERPRISE_ALMOST_DUE',
  'TRIALING',
]);

/** Members are users with enterprise, free-enabled, enterprise-almost-due or trialing status. */
export function isMemberStatus(status: PlanState): boolean {
  return MEMBER_STATES.has(status);
}

/** A trial user is one only while trialing. */
export function isTrialStatus(status: PlanState): boolean {
  return status === 'TRIALING';
}

const FIRST_BRAND_USER_TYPES: Record<string, UserType> = {
  FREE: 'free',
  PRO: 'personalMember',
  ENTERPRISE: 'enterpriseMember',
};

const SECOND_BRAND_USER_TYPES: Record<string, UserType> = {
  FREE: 'free',
  STARTUP: 'personalMember',
  BUSINESS: 'enterpriseMember',
  ENTERPRISE: 'enterpriseMember',
  ENTERPRISE_SEAT: 'enterpriseMember',
};

/** Plan version → user type; unknown or missing versions are free. */
export function userTypeFromPlan(brand: HostBrand, version: string | undefined): UserType {
  const table = brand === 'first' ? FIRST_BRAND_USER_TYPES : SECOND_BRAND_USER_TYPES;
  return version !== undefined && Object.hasOwn(table, version) ? table[version]! : 'free';
}

export const FEATURES = ['attachmentPreview', 'signature'] as const;
export type Feature = (typeof FEATURES)[number];

/** Where the app runs: inside a base host, inside the approval host, or standalone (open). */
export type AppContext = 'base' | 'approval' | 'open';

/**
 * The context in which every user has attachmentPreview and the paid scope always counts as
 * valid. The spec names "one context" without saying which; approval printing is where
 * attachments are part of every document, so it is the approval host.
 */
export const ATTACHMENT_PREVIEW_FOR_ALL: AppContext = 'approval';

const FEATURE_PLANS: Record<Feature, Record<HostBrand, ReadonlySet<string>>> = {
  attachmentPreview: { first: new Set(['ENTERPRISE']), second: new Set(['BUSINESS', 'ENTERPRISE']) },
  signature: { first: new Set(['ENTERPRISE']), second: new Set(['ENTERPRISE', 'ENTERPRISE_SEAT']) },
};

export interface FeatureCheck {
  brand: HostBrand;
  /** The plan version (first brand: the plan record's FREE/PRO/ENTERPRISE). */
  version: string | undefined;
  context?: AppContext;
}

/** The feature allow-list of spec 000 §6. */
export function isFeatureAllowed(feature: Feature, check: FeatureCheck): boolean {
  if (feature === 'attachmentPreview' && check.context === ATTACHMENT_PREVIEW_FOR_ALL) return true;
  return check.version !== undefined && FEATURE_PLANS[feature][check.brand].has(check.version);
}

export function allowedFeatures(check: FeatureCheck): Feature[] {
  return FEATURES.filter((feature) => isFeatureAllowed(feature, check));
}

/** The paid-scope status counts as valid in the all-users context whatever the host says. */
export function isPaidScopeValid(paidScopeValid: boolean | undefined, context?: AppContext): boolean {
  return context === ATTACHMENT_PREVIEW_FOR_ALL || paidScopeValid === true;
}

export interface SeatLinkCheck {
  adminCheckEnabled: boolean;
  version: string | undefined;
  /** Whether the seat call (assigned/total seats) succeeded. */
  seatCallSucceeded: boolean;
  buyTenantUserId?: string;
  currentTenantUserId?: string;
}

/** The header's seat-management link (spec 000 §2). */
export function isSeatLinkVisible(check: SeatLinkCheck): boolean {
  if (!check.adminCheckEnabled) return false;
  if (check.version === 'ENTERPRISE_SEAT') return check.seatCallSucceeded;
  if (check.version === 'STARTUP' || check.version === 'BUSINESS') {
    return check.buyTenantUserId !== undefined && check.buyTenantUserId === check.currentTenantUserId;
  }
  return false;
}

export type SeatAccess =
  | { allowed: true }
  | { allowed: false; error: 'OnlyAdminAllowed' | 'OnlyBuyerAllowed' | 'Forbidden' };

export interface SeatAccessCheck {
  version: string | undefined;
  /** Result of the admin-check call. */
  isAdmin: boolean;
  buyTenantUserId?: string;
  currentTenantUserId?: string;
}

/** Who may open seat management (spec 000 §6); the error names the catalogue entry to show. */
export function seatManagementAccess(check: SeatAccessCheck): SeatAccess {
  if (check.version === 'ENTERPRISE_SEAT') {
    return check.isAdmin ? { allowed: true } : { allowed: false, error: 'OnlyAdminAllowed' };
  }
  if (check.version === 'STARTUP' || check.version === 'BUSINESS') {
    const isBuyer = check.buyTenantUserId !== undefined && check.buyTenantUserId === check.currentTenantUserId;
    return isBuyer ? { allowed: true } : { allowed: false, error: 'OnlyBuyerAllowed' };
  }
  return { allowed: false, error: 'Forbidden' };
}

export interface TenantInstallCheck {
  accountType: AccountType | string | undefined;
  /** Scope grants, as a name → granted map or a list of grant flags. */
  scopes: Readonly<Record<string, boolean>> | readonly boolean[] | undefined;
}

/** Tenant install is true when the tenant is not personal and some scope grant is true. */
export function isTenantInstall(check: TenantInstallCheck): boolean {
  if (check.accountType === 'personal') return false;
  const grants = Array.isArray(check.scopes) ? check.scopes : Object.values(check.scopes ?? {});
  return grants.some((granted) => granted === true);
}

/** The second brand's trial flag lives on activePayment. */
export function isSecondBrandTrial(activePayment: { trial?: boolean } | undefined): boolean {
  return activePayment?.trial === true;
}
