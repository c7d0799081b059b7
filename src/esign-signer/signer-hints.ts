/**
 * The bar's hint and a value's problem in the recipient's language. The field model (src/fields) writes
 * them in English, naming the field; other languages get the signer table's sentence for the same code
 * (the field's name is shown right beside them in the bar).
 */
import { MAX_VALUE_LENGTH, applyCaseTransform, validationCode, valueHint } from '../fields/index.ts';
import type { FieldElement, FieldProblem } from '../fields/index.ts';
import { ts, type SignerMessageKey } from './signer-i18n.ts';

type HintField = Pick<FieldElement, 'element_type' | 'validation'> & Partial<Pick<FieldElement, 'options'>>;

const english = (lang: string) => lang.toLowerCase().split('-')[0] === 'en';

const CASE_HINTS: Record<number, SignerMessageKey> = { 77: 'hint.titleCase', 78: 'hint.upperCase', 79: 'hint.lowerCase' };

/** One sentence saying what to enter in the field. */
export function hintText(lang: string, f: HintField): string {
  if (english(lang)) return valueHint(f).description;
  if (f.element_type === 'signature') return ts(lang, 'hint.signature');
  if (f.element_type === 'initials') return ts(lang, 'hint.initials');
  const info = validationCode(f.validation);
  switch (info?.kind) {
    case 'email': return ts(lang, 'hint.email');
    case 'date': return ts(lang, 'hint.date', { format: info.format! });
    case 'month_year': return ts(lang, 'hint.monthYear', { format: info.format! });
    case 'dropdown': case 'country': case 'honorific': return ts(lang, 'hint.choose');
    case 'checkbox': return ts(lang, 'hint.checkbox');
    case 'whole_number': return ts(lang, 'hint.wholeNumber');
    case 'number': return ts(lang, 'hint.number');
    case 'currency': return ts(lang, 'hint.currency');
    case 'digits': return ts(lang, 'hint.digits', { count: info.length! });
    case 'characters': return ts(lang, 'hint.characters', { count: info.length! });
    case 'secret': return ts(lang, 'hint.secret');
    case 'attachment': return ts(lang, 'signer.attachmentChoose');
    case 'case': return ts(lang, CASE_HINTS[info.code] ?? 'hint.text');
    case 'drawn': return ts(lang, 'hint.drawn');
    case 'regex': return ts(lang, 'hint.regex');
    case 'signing_date': return '';
    default: return ts(lang, 'hint.text');
  }
}

/** The problem's message for the recipient. */
export function problemText(lang: string, f: HintField, value: string, p: FieldProblem): string {
  if (english(lang)) return p.message;
  const info = validationCode(f.validation);
  const image = f.element_type === 'signature' || f.element_type === 'initials' || info?.kind === 'drawn';
  switch (p.code) {
    case 'too_long': return image ? ts(lang, 'problem.tooLarge') : ts(lang, 'problem.tooLong', { max: MAX_VALUE_LENGTH });
    case 'required':
      if (f.element_type === 'signature') return ts(lang, 'problem.sign');
      if (f.element_type === 'initials') return ts(lang, 'problem.initials');
      if (info?.kind === 'checkbox') return ts(lang, f.validation === 24 ? 'problem.tickOrCross' : f.validation === 26 ? 'problem.cross' : 'problem.tick');
      return ts(lang, 'problem.required');
    case 'invalid_email': return ts(lang, 'problem.email');
    case 'invalid_date': return ts(lang, 'problem.date', { format: info?.format ?? '' });
    case 'not_an_option': return ts(lang, 'problem.option');
    case 'invalid_checkbox': return ts(lang, f.validation === 24 ? 'problem.tickOrCross' : f.validation === 26 ? 'problem.cross' : 'problem.tick');
    case 'invalid_number': return ts(lang, info?.kind === 'whole_number' ? 'problem.wholeNumber' : 'problem.number');
    case 'invalid_currency': return ts(lang, 'problem.currency');
    case 'wrong_length': return hintText(lang, f);
    case 'wrong_code': return ts(lang, 'problem.code');
    case 'wrong_case': return ts(lang, 'problem.case', { expected: applyCaseTransform(f.validation!, value.trim()) });
    case 'invalid_drawing': return ts(lang, 'problem.drawn');
    case 'invalid_pattern': return ts(lang, 'problem.badPattern');
    case 'pattern_mismatch': return ts(lang, 'problem.pattern');
    default: return p.message;
  }
}
