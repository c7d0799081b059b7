/** Signer numbers: who a field belongs to, and how the UI tells them apart. */

export type RecipientRole = 'sender' | 'signer' | 'witness' | 'approver';

export interface SignerRef {
  role: RecipientRole;
  /** The signer this number refers to (1-based); 0 for the sender. */
  index: number;
}

/** Decodes a field's `signer` number: 1..99 signer, 100+n witness of n, 200+n approver n, 0/null sender. */
export function signerRef(signer: number | null | undefined): SignerRef {
  if (signer == null || signer <= 0) return { role: 'sender', index: 0 };
  if (signer > 200) return { role: 'approver', index: signer - 200 };
  if (signer > 100) return { role: 'witness', index: signer - 100 };
  return { role: 'signer', index: signer };
}

/** A readable name for a signer number, e.g. "Signer 2", "Witness 1", "Sender". */
export function signerLabel(signer: number | null | undefined): string {
  const { role, index } = signerRef(signer);
  if (role === 'sender') return 'Sender';
  return `${role[0].toUpperCase()}${role.slice(1)} ${index}`;
}

// Distinct hues that stay readable as both a border and a 15% tint, in light and dark themes.
const PALETTE = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626', '#4f46e5', '#059669'];
const SENDER_COLOR = '#6b7280';

/** Colour of a signer number; a witness or approver shares its signer's hue. */
export function signerColor(signer: number | null | undefined): string {
  const { role, index } = signerRef(signer);
  if (role === 'sender') return SENDER_COLOR;
  return PALETTE[(index - 1) % PALETTE.length];
}
