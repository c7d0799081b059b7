/** Limits on element properties, shared by the validator and the text-tag parser. */

export const LABEL_MAX_LENGTH = 60;
/** Letters, digits, underscore, hyphen and space (ASCII `\w`, as the hosted service documents). */
export const LABEL_PATTERN = /^[-\w ]*$/;
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 20;

/** Why a label is unacceptable, or null when it is fine. */
export function labelProblem(label: string): string | null {
  if (label.length > LABEL_MAX_LENGTH) return `The label is ${label.length} characters long; labels may be at most ${LABEL_MAX_LENGTH}.`;
  if (!LABEL_PATTERN.test(label)) {
    const bad = [...new Set(label.replace(/[-\w ]/g, ''))]
      .slice(0, 5)
      .map((c) => JSON.stringify(c))
      .join(', ');
    return `The label may only hold letters, digits, spaces, "-" and "_"; remove ${bad}.`;
  }
  return null;
}

/** A signer number a field may belong to: 1..99 signers, 101..199 witnesses, 201..299 approvers. */
export function isRecipientNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && ((n >= 1 && n <= 99) || (n >= 101 && n <= 199) || (n >= 201 && n <= 299));
}

/** Any valid `signer` value: a recipient number, or 0 for the sender. */
export function isSignerNumber(n: unknown): n is number {
  return n === 0 || isRecipientNumber(n);
}

export const SIGNER_RANGES_TEXT = '1–99 for signers, 101–199 for witnesses, 201–299 for approvers';
