/** Small value helpers: checkbox states, case transforms, drawn images. */

/** A checkbox value: '' blank, 'tick', 'cross'. */
export const CHECKBOX_VALUES = ['', 'tick', 'cross'] as const;
export type CheckboxValue = (typeof CHECKBOX_VALUES)[number];

/**
 * States a checkbox code allows, blank first when blank is one: 24 tick/cross (blank only while
 * unfilled, so only on optional fields), 25 tick/blank, 26 cross/blank. Required 25/26 boxes must be
 * ticked/crossed; checkFieldValue enforces that through the required rule.
 */
export function checkboxStates(code: number): readonly CheckboxValue[] {
  if (code === 24) return ['tick', 'cross'];
  if (code === 25) return ['', 'tick'];
  if (code === 26) return ['', 'cross'];
  return [];
}

/** The next state when the signer clicks a checkbox: cycles through the states its code allows. */
export function nextCheckboxValue(code: number, current: string, optional = true): CheckboxValue {
  const states: CheckboxValue[] = code === 24 ? (optional ? ['', 'tick', 'cross'] : ['tick', 'cross']) : [...checkboxStates(code)];
  if (states.length === 0) return '';
  const i = states.indexOf(current as CheckboxValue);
  return states[(i + 1) % states.length];
}

/** Applies code 77 (Title Case), 78 (UPPER) or 79 (lower); other codes return the value unchanged. */
export function applyCaseTransform(code: number, value: string): string {
  const v = String(value ?? '');
  if (code === 78) return v.toUpperCase();
  if (code === 79) return v.toLowerCase();
  if (code === 77) {
    // A word starts the value or follows white space or a hyphen: "anne-marie o'neil" -> "Anne-Marie O'neil".
    return v.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
  }
  return v;
}

/**
 * Whether a value is a drawn image, as the signer component produces it: a data URL of a PNG, JPEG,
 * WebP or SVG image with content.
 */
export function isDrawnImage(value: string): boolean {
  return /^data:image\/(png|jpeg|webp|svg\+xml)(;base64)?,.+/s.test(value);
}
