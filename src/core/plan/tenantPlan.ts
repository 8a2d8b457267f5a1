/**
 * A tenant's (team's) plan as Quire's server stores it, and the state, user type and features it
 * gives at a moment. The server keeps the second brand's vocabulary (FREE, STARTUP = personal
 * member, BUSINESS, ENTERPRISE, ENTERPRISE_SEAT) since it covers every plan the spec names; the
 * state comes from the spec's membership rule (`deriveMembershipStatus`), fed as follows:
 *
 * - FREE: FREE_TRIAL while no trial was taken, FREE_NO_TRIAL after one, ENTERPRISE_EXPIRED once a
 *   paid plan has lapsed (the spec's "FREE with an enterprise finish date").
 * - STARTUP (personal member): FREE_ENABLED — a paying account that is not enterprise, which is
 *   where the spec's rule puts a vip account of neither FREE nor APPROVAL version.
 * - BUSINESS, ENTERPRISE, ENTERPRISE_SEAT: TRIALING on a trial, ENTERPRISE_ALMOST_DUE within
 *   three days of the end, else ENTERPRISE.
 * - Past `expiresAt` a plan counts as FREE (a lapsed trial as a taken trial, a lapsed paid plan as
 *   ENTERPRISE_EXPIRED) and gives no features.
 */
import {
  deriveMembershipStatus,
  FEATURES,
  type Feature,
  isFeatureAllowed,
  PLAN_KIND,
  type PlanState,
  type SecondBrandPlanVersion,
  type UserType,
  userTypeFromPlan,
} from './plan';

export const TENANT_PLAN_VERSIONS = [
  'FREE',
  'STARTUP',
  'BUSINESS',
  'ENTERPRISE',
  'ENTERPRISE_SEAT',
] as const satisfies readonly SecondBrandPlanVersion[];
export type TenantPlanVersion = (typeof TENANT_PLAN_VERSIONS)[number];

export function isTenantPlanVersion(value: unknown): value is TenantPlanVersion {
  return typeof value === 'string' && (TENANT_PLAN_VERSIONS as readonly string[]).includes(value);
}

export interface TenantPlan {
  version: TenantPlanVersion;
  trial: boolean;
  /** Epoch ms; null: no end. */
  expiresAt: number | null;
  totalSeats: number;
  /** The tenant user who bought it (STARTUP/BUSINESS seat management is theirs alone). */
  buyerUserId: string | null;
}

/** What the plan's history says beyond the current plan. */
export interface TenantPlanPast {
  /** Some earlier or current plan was a trial. */
  hadTrial: boolean;
  /** Some earlier or current plan was paid (not FREE, not a trial). */
  hadPaid: boolean;
}

export const FREE_TENANT_PLAN: TenantPlan = {
  version: 'FREE',
  trial: false,
  expiresAt: null,
  totalSeats: 0,
  buyerUserId: null,
};

export interface TenantPlanStatus {
  state: PlanState;
  /** The version whose features apply now: FREE once the plan has lapsed. */
  effectiveVersion: TenantPlanVersion;
  expired: boolean;
  userType: UserType;
  /** Plan kind (spec 000 §3): ENTERPRISE=1, PERSONAL=2; null for free. */
  kind: (typeof PLAN_KIND)[keyof typeof PLAN_KIND] | null;
  features: Feature[];
}

const ENTERPRISE_FAMILY: ReadonlySet<TenantPlanVersion> = new Set(['BUSINESS', 'ENTERPRISE', 'ENTERPRISE_SEAT']);

/**
 * The state of a tenant's plan at `now`. `seated`: whether the user asking holds a seat; on the
 * ENTERPRISE_SEAT plan features follow the seat (undefined: the tenant as a whole, seats ignored).
 */
export function tenantPlanStatus(
  plan: TenantPlan,
  past: TenantPlanPast,
  now: number,
  seated?: boolean,
): TenantPlanStatus {
  const expired = plan.version !== 'FREE' && plan.expiresAt !== null && plan.expiresAt <= now;
  const effectiveVersion: TenantPlanVersion = expired ? 'FREE' : plan.version;
  const hadTrial = past.hadTrial || (plan.trial && expired);
  const hadPaid = past.hadPaid || (!plan.trial && expired);
  let state: PlanState;
  if (effectiveVersion === 'FREE') {
    state = deriveMembershipStatus(
      {
        enableVip: true,
        version: 'FREE',
        enterpriseFinishAt: hadPaid ? (plan.expiresAt ?? now) : undefined,
        enterpriseTrialFinishAt: hadTrial ? (plan.expiresAt ?? now) : undefined,
      },
      now,
    );
  } else if (ENTERPRISE_FAMILY.has(effectiveVersion)) {
    state = deriveMembershipStatus(
      { enableVip: true, version: 'APPROVAL', isEnterpriseTrial: plan.trial, enterpriseFinishAt: plan.expiresAt },
      now,
    );
  } else {
    state = deriveMembershipStatus({ enableVip: true, version: effectiveVersion }, now);
  }
  const userType = userTypeFromPlan('second', effectiveVersion);
  const seatBound = effectiveVersion === 'ENTERPRISE_SEAT' && seated === false;
  const features = seatBound
    ? []
    : FEATURES.filter((feature) => isFeatureAllowed(feature, { brand: 'second', version: effectiveVersion }));
  const kind =
    userType === 'enterpriseMember' ? PLAN_KIND.ENTERPRISE : userType === 'personalMember' ? PLAN_KIND.PERSONAL : null;
  return { state, effectiveVersion, expired, userType, kind, features };
}

/** Seats a plan can hand out: the ENTERPRISE_SEAT plan's count; other plans have none to manage. */
export function seatsFull(plan: TenantPlan, assigned: number): boolean {
  return assigned >= plan.totalSeats;
}
