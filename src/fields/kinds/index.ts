/**
 * The table of field kinds: every validation-code kind maps to the one module that owns it, and
 * `kindOf(field)` finds a field's module (signature and initials by element_type, the rest by code;
 * no code or an unknown one is plain text). Consumers (the viewer overlay, the signer, the editor
 * panel, the server's stamper) read this table instead of switching on codes themselves.
 */
import type { FieldElement } from '../types.ts';
import { validationCode, type CodeKind } from '../codes.ts';
import { SCREEN_IMAGE, type FieldContent, type FieldKind, type KindField, type PdfContext, type SignerInput } from './kind.ts';
import { signatureKind } from './signature.ts';
import { textKind } from './text.ts';
import { dateTypedKind } from './date-typed.ts';
import { dateAutomaticKind } from './date-automatic.ts';
import { checkboxKind } from './checkbox.ts';
import { choiceKind } from './choice.ts';
import { numberKind } from './number.ts';
import { fixedLengthKind } from './fixed-length.ts';
import { secretKind } from './secret.ts';
import { attachmentKind } from './attachment.ts';
import { drawnKind } from './drawn.ts';
import { regexKind } from './regex.ts';

export type { FieldContent, FieldKind, KindName, KindField, PdfContext, SignerInput, ValueHint, HintKey, DrawKey } from './kind.ts';
export { formatSigningDate } from './date-automatic.ts';
export { checkboxMark } from './checkbox.ts';

/** Every kind module, one per family. */
export const KINDS: readonly FieldKind[] = [
  signatureKind,
  textKind,
  dateTypedKind,
  dateAutomaticKind,
  checkboxKind,
  choiceKind,
  numberKind,
  fixedLengthKind,
  secretKind,
  attachmentKind,
  drawnKind,
  regexKind,
];

/** The module of each validation-code kind. A new CodeKind without a module fails the typecheck here. */
export const KIND_OF_CODE_KIND: Readonly<Record<CodeKind, FieldKind>> = {
  email: textKind,
  case: textKind,
  date: dateTypedKind,
  month_year: dateTypedKind,
  signing_date: dateAutomaticKind,
  checkbox: checkboxKind,
  dropdown: choiceKind,
  country: choiceKind,
  honorific: choiceKind,
  whole_number: numberKind,
  number: numberKind,
  currency: numberKind,
  digits: fixedLengthKind,
  characters: fixedLengthKind,
  secret: secretKind,
  attachment: attachmentKind,
  drawn: drawnKind,
  regex: regexKind,
};

/**
 * Defaults every kind shares for the element JSON: what the validator fills in for a missing
 * property, what importers start from and what the stamper and the overlay fall back to. Font size
 * 10 pt, the stamper's value (see docs/decisions/fields.md, "One default font size").
 */
export const FIELD_DEFAULTS = { font_size: 10, font_name: '', align: 1 } as const satisfies Partial<FieldElement>;

/** The module that owns a field. */
export function kindOf(field: KindField): FieldKind {
  if (field.element_type === 'signature' || field.element_type === 'initials') return signatureKind;
  const info = validationCode(field.validation);
  return info ? KIND_OF_CODE_KIND[info.kind] : textKind;
}

/**
 * What the viewer, the editor and the signer's own boxes show for a field's value (default: its
 * `value`). An image data URL shows as the image whatever the kind, as the screen always has.
 */
export function displayedContent(field: KindField & Partial<Pick<FieldElement, 'value'>>, value: string = String(field.value ?? '')): FieldContent {
  if (SCREEN_IMAGE.test(value)) return { kind: 'image', dataUrl: value };
  return kindOf(field).display(field, value);
}

/** The text a field shows on screen (checkbox marks as ✓/✗); '' for images and empty values. */
export function displayedText(field: KindField & Partial<Pick<FieldElement, 'value'>>, value?: string): string {
  const content = displayedContent(field, value);
  return content.kind === 'text' || content.kind === 'mark' ? content.text : '';
}

/** What the final PDF gets for a field. */
export function pdfContentOf(field: KindField & Pick<FieldElement, 'value'>, context: PdfContext): FieldContent {
  const kind = kindOf(field);
  const value = String(field.value ?? '');
  return kind.pdfContent ? kind.pdfContent(field, value, context) : kind.display(field, value);
}

/** What the signer fills the field with: control, keyboard, placeholder, choices and hint. */
export function signerInput(field: KindField): SignerInput {
  return kindOf(field).input(field);
}
