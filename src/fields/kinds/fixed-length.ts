/** Exactly n digits (53–64) or exactly n characters (65–72); the PDF may draw them in comb cells. */
import { validationCode } from '../codes.ts';
import { problem, textContent, textInput, type FieldKind } from './kind.ts';

const plural = (n: number) => (n > 1 ? 's' : '');

export const fixedLengthKind: FieldKind = {
  name: 'fixed_length',
  codeKinds: ['digits', 'characters'],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ value, info, what }) {
    const n = info.length!;
    if (info.kind === 'digits') {
      return new RegExp(`^\\d{${n}}$`).test(value) ? null : problem('wrong_length', `${what} must be exactly ${n} digit${plural(n)} (0–9).`);
    }
    return Array.from(value).length === n ? null : problem('wrong_length', `${what} must be exactly ${n} character${plural(n)}.`);
  },
  display: (_element, value) => textContent(value),
  input(element) {
    const info = validationCode(element.validation)!;
    const n = info.length!;
    return info.kind === 'digits'
      ? textInput('0'.repeat(n), `Enter exactly ${n} digit${plural(n)}.`, 'hint.digits', { hintParams: { count: n }, inputMode: 'numeric', maxLength: n })
      : textInput('', `Enter exactly ${n} character${plural(n)}.`, 'hint.characters', { hintParams: { count: n }, maxLength: n });
  },
};
