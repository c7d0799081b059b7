/**
 * The field model's public API: the element JSON type, its validator and defaults, value rules per
 * validation code, the safe regex, page geometry, the text-tag grammar and signer helpers.
 * Runs unchanged in Node and the browser (no DOM, no Node built-ins).
 */
export * from './types.ts';
export * from './signers.ts';
export * from './geometry.ts';
export * from './codes.ts';
export * from './limits.ts';
export * from './options.ts';
export * from './dates.ts';
export * from './lists.ts';
export * from './values.ts';
export { nextCheckboxValue, isDrawnImage } from './value-kinds.ts';
export * from './hints.ts';
export * from './safe-regex.ts';
export * from './tags.ts';
export { TAG_TYPES, TAG_TYPE_NAMES, lookupTagType, tagTypeAccepts, type TagType } from './tag-types.ts';
export * from './validate.ts';
export * from './ready.ts';
export * from './completion.ts';
export * from './complete-element.ts';
// Per-kind behaviour (what a field shows, what the final PDF gets): the server's stamper reads it too.
export { KINDS, KIND_OF_CODE_KIND, FIELD_DEFAULTS, kindOf, displayedContent, displayedText, pdfContentOf, signerInput, checkboxMark } from './kinds/index.ts';
export type { FieldContent, FieldKind, KindName, KindField, PdfContext, SignerInput, ValueHint, HintKey, DrawKey } from './kinds/index.ts';
export * from './page-sizes.ts';
