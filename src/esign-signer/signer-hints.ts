/**
 * The bar's hint and a value's problem in the recipient's language. The field model (src/fields) writes
 * them in English, naming the field; other languages get the signer table's sentence for the same code
 * (the field's name is shown right beside them in the bar).
 */
import { MAX_VALUE_LENGTH, applyCaseTransform, validationCode } from '../fields/index.ts';
import { signerInput } from '../fields/kinds/index.ts';
import type { FieldElement, FieldProblem } from '../fields/index.ts';
import { ts } from './signer-i18n.ts';

type HintField = Pick<FieldElement, 'element_type' | 'validation'> & Partial<Pick<FieldElement, 'options' | 'label_extra'>>;

const english = (lang: string) => lang.toLowerCase().split('-')[0] === 'en';

/** One sentence saying what to enter in the field: the kind module's hint, in the recipient's language. */
export function hintText(lang: string, f: HintField): string {
  const input = signerInput(f);
  if (english(lang)) return input.description;
  return input.hintKey ? ts(lang, input.hintKey, input.hintParams) : '';
}

/** The problem's message for the recipient. */
export function problemText(lang: string, f: HintField, value: string, p: FieldProblem): string {
  if (english(lang)) return p.message;
  const info = validationCode(f.validation);
  const image = f.element_type === 'signature' || f.element_type === 'initials' || info?.kind === 'drawn';
  switch (p.code) {
    case 'too_long':
      return image ? ts(lang, 'problem.tooLarge') : ts(lang, 'problem.tooLong', { max: MAX_VALUE_LENGTH });
    case 'required':
      if (f.element_type === 'signature') return ts(lang, 'problem.sign');
      if (f.element_type === 'initials') return ts(lang, 'problem.initials');
      if (info?.kind === 'checkbox') return ts(lang, f.validation === 24 ? 'problem.tickOrCross' : f.validation === 26 ? 'problem.cross' : 'problem.tick');
      return ts(lang, 'problem.required');
    case 'invalid_email':
      return ts(lang, 'problem.email');
    case 'invalid_date':
      return ts(lang, 'problem.date', { format: info?.format ?? '' });
    case 'not_an_option':
      return ts(lang, 'problem.option');
    case 'invalid_checkbox':
      return ts(lang, f.validation === 24 ? 'problem.tickOrCross' : f.validation === 26 ? 'problem.cross' : 'problem.tick');
    case 'invalid_number':
      return ts(lang, info?.kind === 'whole_number' ? 'problem.wholeNumber' : 'problem.number');
    case 'invalid_currency':
      return ts(lang, 'problem.currency');
    case 'wrong_length':
      return hintText(lang, f);
    case 'wrong_code':
      return ts(lang, 'problem.code');
    case 'wrong_case':
      return ts(lang, 'problem.case', { expected: applyCaseTransform(f.validation!, value.trim()) });
    case 'invalid_drawing':
      return ts(lang, 'problem.drawn');
    case 'invalid_pattern':
      return ts(lang, 'problem.badPattern');
    case 'pattern_mismatch':
      // What the format is, too (the field's hint: an example, the sender's words or the pattern).
      return `${ts(lang, 'problem.pattern')} ${hintText(lang, f)}`;
    default:
      return p.message;
  }
}
