/**
 * The toolbox: every kind of field a sender can place, mapped to the element JSON it creates
 * (element_type + validation code + options) and its default size in points.
 */
import type { ElementType, FieldElement } from '../../fields/types.ts';
import { normalizeElement } from '../../fields/validate.ts';
import { newFieldId, type EditorField, type PageSize } from './field-doc.ts';

export const TOOL_TYPES = ['signature', 'initials', 'text', 'date', 'signing-date', 'checkbox', 'dropdown', 'number', 'email', 'regex', 'sender'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

export interface ToolSpec {
  element_type: ElementType;
  validation: number | null;
  options: string;
  /** Default size in points. */
  width: number;
  height: number;
}

// Codes from the validation table in DESIGN.md.
const DATE_DD_MM_YYYY = 4;
const DROPDOWN = 20;
const CHECKBOX_TICK_BLANK = 25;
const SIGNING_DATE_LONG = 48; // d mmmm yyyy, readable in every locale
const NUMBER = 51;
const EMAIL = 1;
const REGEX = 93;

export const TOOLS: Readonly<Record<ToolType, ToolSpec>> = {
  signature: { element_type: 'signature', validation: null, options: '', width: 160, height: 40 },
  initials: { element_type: 'initials', validation: null, options: '', width: 60, height: 36 },
  text: { element_type: 'text', validation: null, options: '', width: 160, height: 20 },
  date: { element_type: 'text', validation: DATE_DD_MM_YYYY, options: '', width: 90, height: 20 },
  'signing-date': { element_type: 'text', validation: SIGNING_DATE_LONG, options: '', width: 110, height: 20 },
  checkbox: { element_type: 'text', validation: CHECKBOX_TICK_BLANK, options: '', width: 16, height: 16 },
  dropdown: { element_type: 'text', validation: DROPDOWN, options: 'Option 1\nOption 2', width: 120, height: 20 },
  number: { element_type: 'text', validation: NUMBER, options: '', width: 80, height: 20 },
  email: { element_type: 'text', validation: EMAIL, options: '', width: 180, height: 20 },
  // The pattern is left empty on purpose: the validator flags it until the sender writes one.
  regex: { element_type: 'text', validation: REGEX, options: '', width: 140, height: 20 },
  sender: { element_type: 'admin', validation: null, options: '', width: 160, height: 20 },
};

/** The toolbox types named in a `toolbox` attribute (space or comma separated); all when empty. */
export function parseToolbox(attr: string | null | undefined): ToolType[] {
  if (!attr || !attr.trim()) return [...TOOL_TYPES];
  const wanted = attr.split(/[\s,]+/).map((s) => s.trim().toLowerCase());
  return TOOL_TYPES.filter((t) => wanted.includes(t) || (t === 'sender' && wanted.includes('admin')));
}

/** Which toolbox type an element looks like (for the property panel's type picker). */
export function toolTypeOf(el: FieldElement): ToolType {
  if (el.element_type !== 'text') return el.element_type === 'admin' ? 'sender' : el.element_type;
  const v = el.validation;
  if (v === null || v === 0) return 'text';
  if (v >= 2 && v <= 19) return 'date';
  if (v >= 30 && v <= 48) return 'signing-date';
  if (v >= 24 && v <= 26) return 'checkbox';
  if (v === DROPDOWN) return 'dropdown';
  if (v === 50 || v === 51 || v === 52) return 'number';
  if (v === EMAIL) return 'email';
  if (v === REGEX) return 'regex';
  return 'text';
}

/** Every property of a field with the service's defaults (src/fields' normaliser); the caller sets page and box. */
export function blankElement(): FieldElement {
  return normalizeElement({ ax: 0, ay: 0, bx: 0, by: 0, page: 1, element_type: 'text', signer: 1 });
}

export interface NewFieldOptions {
  page: number;
  pageSize: PageSize;
  /** Where the field's top-left goes (fractions); it is kept on the page. */
  at: { x: number; y: number };
  signer: number;
  /** A drawn rectangle (fractions) overrides the default size. */
  size?: { w: number; h: number };
}

/** A new field of toolbox type `type`. Sender fields always belong to signer 0. */
export function createField(type: ToolType, opts: NewFieldOptions): EditorField {
  const spec = TOOLS[type];
  const w = Math.min(1, opts.size?.w ?? spec.width / opts.pageSize.width);
  const h = Math.min(1, opts.size?.h ?? spec.height / opts.pageSize.height);
  const ax = Math.min(Math.max(0, opts.at.x), 1 - w);
  const ay = Math.min(Math.max(0, opts.at.y), 1 - h);
  const el: FieldElement = {
    ...blankElement(),
    element_type: spec.element_type,
    validation: spec.validation,
    options: spec.options,
    signer: spec.element_type === 'admin' ? 0 : opts.signer,
    page: opts.page,
    ax,
    ay,
    bx: ax + w,
    by: ay + h,
  };
  return { id: newFieldId(), el };
}
