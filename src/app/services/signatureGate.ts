/**
 * The build's switch for the signature features (#31 item 5, spec 000 §1): signing on
 * `/signature/sign` and `/signature/qr`, and printing the signatures saved in Quire in approval
 * documents (`VITE_QUIRE_SIGNATURES=off` turns them off; on otherwise). What a signed-in team may
 * do is the server's plan rule (src/server/plans.ts `requirePlanFeature`): saving a signature to
 * the account and phone signing answer PLAN_FEATURE_REQUIRED on a plan without signatures, and the
 * signature screens explain it. Signing and printing on the device alone follow this switch.
 */
import type { KnownSignature } from '../../core/data/approval/signatures';
import { loadSavedSignatures, type Storage } from '../../storage';

/** The switch's value as set: only an explicit off turns the features off. */
export function parseSignatureSwitch(value: string | undefined): boolean {
  return !['off', 'false', '0', 'no'].includes((value ?? '').trim().toLowerCase());
}

let enabled = parseSignatureSwitch(import.meta.env.VITE_QUIRE_SIGNATURES);

export function signaturesEnabled(): boolean {
  return enabled;
}

/** Tests turn the switch both ways; the app never calls this. */
export function setSignaturesEnabledForTests(value: boolean): void {
  enabled = value;
}

/** The signatures saved on this device for approval printing: none while the features are off. */
export async function savedSignaturesForPrint(storage: Storage): Promise<KnownSignature[]> {
  return enabled ? loadSavedSignatures(storage) : [];
}
