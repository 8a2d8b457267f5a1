/**
 * The one switch for the signature features (#31 item 5, spec 000 §1): signing on
 * `/signature/sign` and `/signature/qr`, and printing the signatures saved in Quire in approval
 * documents. The spec makes them an Enterprise-plan feature; until the plans are built, this switch
 * decides for everyone, set when the app is built (`VITE_QUIRE_SIGNATURES=off`; on otherwise).
 * Every place that offers or prints a saved signature asks here, so the plan rule later replaces
 * this one function.
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
