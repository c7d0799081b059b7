/**
 * The contract every field-kind module fulfils. One module per kind family (signature, text, dates,
 * checkbox, lists, numbers, …) decides, for the validation codes it owns: the defaults, how a value is
 * normalised and checked, what the viewer/signer/editor show for it, what the signer fills it with,
 * and what the final PDF gets (text, a mark or an image; the pdf-lib drawing is the server's, looked up
 * by `content.kind` in demo/server/pdf/stamp/painters.ts).
 */
import type { FieldElement, FieldProblem } from '../types.ts';
import type { CodeKind, ValidationCode } from '../codes.ts';

/** The kind families; `kindOf(field).name` is one of them. */
export type KindName =
  'signature' | 'text' | 'date' | 'signing_date' | 'checkbox' | 'choice' | 'number' | 'fixed_length' | 'secret' | 'attachment' | 'drawn' | 'regex';

/**
 * What a filled field shows, on screen and on the final PDF: text, a checkbox mark (with the character
 * the screen writes for it), an image data URL, or nothing.
 */
export type FieldContent =
  | { kind: 'none' }
  | { kind: 'text'; text: string; oblique?: boolean }
  | { kind: 'mark'; mark: 'tick' | 'cross'; text: string }
  | { kind: 'image'; dataUrl: string };

/** The key under which the server's stamper finds the painter of a content kind. */
export type DrawKey = FieldContent['kind'];

/** The message keys of the signer's table that a kind's one-line hint uses (`hint.*`, `signer.*`). */
export type HintKey =
  | 'hint.signature'
  | 'hint.initials'
  | 'hint.text'
  | 'hint.email'
  | 'hint.date'
  | 'hint.monthYear'
  | 'hint.choose'
  | 'hint.checkbox'
  | 'hint.wholeNumber'
  | 'hint.number'
  | 'hint.currency'
  | 'hint.digits'
  | 'hint.characters'
  | 'hint.secret'
  | 'hint.titleCase'
  | 'hint.upperCase'
  | 'hint.lowerCase'
  | 'hint.drawn'
  | 'hint.regex'
  | 'hint.regexExample'
  | 'hint.regexFormat'
  | 'signer.attachmentChoose';

/** What the signer UI shows for a field's code: placeholder, a one-line hint, keyboard and choices. */
export interface ValueHint {
  /** Placeholder text, e.g. `dd/mm/yyyy` or `name@example.com`; '' when none suits. */
  placeholder: string;
  /** One sentence describing what to enter. */
  description: string;
  /** The `inputmode` attribute value for the input. */
  inputMode: 'text' | 'email' | 'numeric' | 'decimal';
  /** How the field is filled in. */
  control: 'text' | 'select' | 'checkbox' | 'file' | 'draw' | 'automatic' | 'signature' | 'initials';
  /** Maximum number of characters, when the code fixes it. */
  maxLength?: number;
  /** Choices for select controls (dropdown items, countries, honorifics). */
  choices?: readonly string[];
}

/** The signer's input for a field: the hint, and its sentence as a key of the signer's message table. */
export interface SignerInput extends ValueHint {
  /** The hint in other languages; null when the field needs none (automatic dates). */
  hintKey: HintKey | null;
  hintParams?: Record<string, string | number>;
  /** The `type` of a text input. */
  inputType: 'text' | 'email';
  /** Whether the browser may offer to remember the value (never for secret codes). */
  autocomplete: boolean;
  /** Checkbox controls: the states offered (blank among them: one box toggling the other state; else a choice). */
  marks?: readonly ('' | 'tick' | 'cross')[];
  /** Case codes rewrite the text as it is typed. */
  typed?: (raw: string) => string;
}

/** When the server stamps: when each signer signed and the zone signing dates are written in. */
export interface PdfContext {
  /** The instant this field's signer signed (or the document completed); null when unknown. */
  signedAt: Date | null;
  /** Signature/initials image the signer adopted, for signature fields whose value is not an image. */
  adoptedImage?: string;
  /** IANA time zone that signing dates are written in (default UTC). */
  timeZone?: string;
}

export type KindField = Pick<FieldElement, 'element_type' | 'validation'> &
  Partial<Pick<FieldElement, 'options' | 'optional' | 'label' | 'label_extra' | 'signer'>>;

/** The arguments a kind's value check gets: the trimmed value, non-empty, and what to call the field. */
export interface CheckArgs {
  element: KindField;
  value: string;
  info: ValidationCode;
  /** `"Label"` or `This field`, for messages. */
  what: string;
}

export interface FieldKind {
  name: KindName;
  /** The validation-code kinds this module owns (none for signature, which is chosen by element_type). */
  codeKinds: readonly CodeKind[];
  /** What `options` holds that the editor panel lets the sender write: dropdown items, the secret code, the pattern. */
  editorOptions(element: KindField): 'items' | 'secret' | 'pattern' | null;
  /** Whether the sender may preset a value in the editor (not for automatic dates). */
  presettable: boolean;
  /** The value the server stores, from a trimmed value. */
  normalize(element: KindField, trimmed: string): string;
  /** The problem with a non-empty trimmed value, or null. */
  check(args: CheckArgs): FieldProblem | null;
  /** The problem when a required field is empty (null: empty is fine, as for automatic dates); absent: the generic "is required". */
  requiredProblem?(element: KindField, what: string): FieldProblem | null;
  /** What the viewer, the editor and the signer's field boxes show for `value`. */
  display(element: KindField, value: string): FieldContent;
  /** What the final PDF gets for `value` (defaults to `display`). */
  pdfContent?(element: KindField, value: string, context: PdfContext): FieldContent;
  /** What the signer fills the field with. */
  input(element: KindField): SignerInput;
}

export function problem(code: string, message: string): FieldProblem {
  return { field: 'value', code, message };
}

/** A text input's signer description. */
export function textInput(placeholder: string, description: string, hintKey: HintKey, extra: Partial<SignerInput> = {}): SignerInput {
  return { placeholder, description, inputMode: 'text', control: 'text', hintKey, inputType: 'text', autocomplete: true, ...extra };
}

export const textContent = (value: string): FieldContent => (value ? { kind: 'text', text: value } : { kind: 'none' });

/** Data URLs the screen shows as images (a `;` after the type: base64 or parameters). */
export const SCREEN_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml);/i;
