/**
 * The type names a text tag may use (`t=...` or a shortcut like `<<email2>>`), and what each becomes.
 * Names compare case-insensitively with spaces, `-` and `_` ignored (`Signing Date` = `signingdate`).
 */
import type { ElementType } from './types.ts';
import { codeKind, type CodeKind } from './codes.ts';

export interface TagType {
  element_type: ElementType;
  /** Validation given when the tag has no `v=`. */
  defaultValidation: number | null;
  /** Which `v=` codes the type accepts: any code (`any`), none, or codes of these kinds. */
  accepts: 'any' | 'none' | readonly CodeKind[];
}

const text = (defaultValidation: number | null, ...kinds: CodeKind[]): TagType => ({
  element_type: 'text',
  defaultValidation,
  accepts: kinds.length ? kinds : 'any',
});

export const TAG_TYPES: Readonly<Record<string, TagType>> = {
  signature: { element_type: 'signature', defaultValidation: null, accepts: 'none' },
  initials: { element_type: 'initials', defaultValidation: null, accepts: 'none' },
  initial: { element_type: 'initials', defaultValidation: null, accepts: 'none' },
  text: text(null),
  admin: { element_type: 'admin', defaultValidation: null, accepts: 'any' },
  sender: { element_type: 'admin', defaultValidation: null, accepts: 'any' },
  date: text(2, 'date', 'signing_date'),
  signingdate: text(48, 'signing_date'),
  datesigned: text(48, 'signing_date'),
  checkbox: text(25, 'checkbox'),
  email: text(1, 'email'),
  dropdown: text(20, 'dropdown'),
  select: text(20, 'dropdown'),
  number: text(51, 'number', 'whole_number', 'currency'),
  wholenumber: text(50, 'whole_number'),
  integer: text(50, 'whole_number'),
  currency: text(52, 'currency'),
  digits: text(null, 'digits'),
  characters: text(null, 'characters'),
  secret: text(73, 'secret'),
  secretcode: text(73, 'secret'),
  attachment: text(74, 'attachment'),
  file: text(74, 'attachment'),
  titlecase: text(77, 'case'),
  uppercase: text(78, 'case'),
  lowercase: text(79, 'case'),
  monthyear: text(81, 'month_year'),
  drawn: text(90, 'drawn'),
  drawing: text(90, 'drawn'),
  country: text(91, 'country'),
  honorific: text(92, 'honorific'),
  honorifics: text(92, 'honorific'),
  regex: text(93, 'regex'),
};

/** Canonical form of a type name for lookup. */
export function tagTypeKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

export function lookupTagType(name: string): TagType | undefined {
  const key = tagTypeKey(name);
  return Object.hasOwn(TAG_TYPES, key) ? TAG_TYPES[key] : undefined;
}

/** Whether a tag type accepts validation `code`. */
export function tagTypeAccepts(type: TagType, code: number): boolean {
  if (type.accepts === 'any') return true;
  if (type.accepts === 'none') return false;
  const kind = codeKind(code);
  return kind !== undefined && type.accepts.includes(kind);
}

/** The type names, for messages and docs. */
export const TAG_TYPE_NAMES: readonly string[] = Object.keys(TAG_TYPES);
