/** Whole number (50), number (51) and currency (52, stored with two decimals). */
import { validationCode } from '../codes.ts';
import { problem, textContent, textInput, type FieldKind } from './kind.ts';

const WHOLE_NUMBER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+(\.\d+)?|\.\d+)$/;
// Optional sign, digits with optional thousands commas, then none or exactly two decimals.
const CURRENCY = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d{2})?$/;

export const numberKind: FieldKind = {
  name: 'number',
  codeKinds: ['whole_number', 'number', 'currency'],
  editorOptions: () => null,
  presettable: true,
  normalize: (element, trimmed) => (element.validation === 52 && CURRENCY.test(trimmed) && !trimmed.includes('.') ? `${trimmed}.00` : trimmed),
  check({ value, info, what }) {
    if (info.kind === 'whole_number') return WHOLE_NUMBER.test(value) ? null : problem('invalid_number', `${what} must be a whole number like 42.`);
    if (info.kind === 'number') return NUMBER.test(value) ? null : problem('invalid_number', `${what} must be a number like 42 or 3.5.`);
    return CURRENCY.test(value) ? null : problem('invalid_currency', `${what} must be an amount like 1234.50 (two decimals, no currency sign).`);
  },
  display: (_element, value) => textContent(value),
  input(element) {
    const kind = validationCode(element.validation)?.kind;
    if (kind === 'whole_number') return textInput('0', 'Enter a whole number.', 'hint.wholeNumber', { inputMode: 'numeric' });
    if (kind === 'number') return textInput('0.0', 'Enter a number.', 'hint.number', { inputMode: 'decimal' });
    return textInput('0.00', 'Enter an amount with two decimals.', 'hint.currency', { inputMode: 'decimal' });
  },
};
