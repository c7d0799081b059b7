/**
 * The element JSON: one signing field on a template or document, exactly as
 * `GET /api/v1/templatepdf/{id}/fields/` returns it and `POST` accepts it.
 * This is the only definition; browser and server both import it.
 */

export const ELEMENT_TYPES = ['signature', 'initials', 'text', 'admin'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const FONT_NAMES = ['', 'arial', 'courier', 'helvetica', 'liberation', 'verdana'] as const;
export type FontName = (typeof FONT_NAMES)[number];

/** 1 left, 2 centre, 3 right. */
export type Align = 1 | 2 | 3;

/** 1 radio group, 2 sum, 3 conditional. */
export type LogicAction = 1 | 2 | 3;

export interface FieldElement {
  /** Assigned by the server; absent on a field that was never saved. */
  uuid?: string;
  /** Top-left corner as fractions (0..1) of the page as displayed (after /Rotate, within the CropBox). */
  ax: number;
  ay: number;
  /** Bottom-right corner, same frame as ax/ay. */
  bx: number;
  by: number;
  /** 1-based page number. */
  page: number;
  element_type: ElementType;
  /** 1..99 signer n; 100+n witness of signer n; 200+n approver n; 0 or null the sender. */
  signer: number | null;
  /** Validation code (see codes.ts); null for none. */
  validation: number | null;
  /** Dropdown items (one per line), the secret code (73), or the regex on its first line (93). */
  options: string;
  /** Default or prefilled value; the filled value on a document. */
  value: string;
  /** At most 60 characters of `[-\w ]`. */
  label: string;
  label_extra: string;
  optional: boolean;
  font_name: FontName;
  /** 6..20 points. */
  font_size: number;
  align: Align;
  /** Order the signer is led through its fields; null means top-down. */
  fieldorder: number | null;
  hide_border: boolean;
  /** Shown while signing, never drawn on the final PDF. */
  no_pdf: boolean;
  logic_action: LogicAction | null;
  logic_group: string;
  map_to: string;
  /** Deprecated flag, kept for round trips. */
  substantive: boolean;
}

/** One problem the validator found, naming the offending field by its path (`[3].ax`). */
export interface FieldProblem {
  /** Path of the offending value, e.g. `[2].validation` or `[0]` for the element as a whole. */
  field: string;
  /** Stable machine code, e.g. `out_of_range`, `required`, `wrong_type`. */
  code: string;
  /** A sentence a person can act on. */
  message: string;
}
