/** Typed dates (2–19) and month/year (80–85): real dates in the code's format. */
import { validationCode } from '../codes.ts';
import { parseDate } from '../dates.ts';
import { problem, textContent, textInput, type FieldKind } from './kind.ts';

export const dateTypedKind: FieldKind = {
  name: 'date',
  codeKinds: ['date', 'month_year'],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ value, info, what }) {
    if (parseDate(value, info.format!)) return null;
    return info.kind === 'month_year'
      ? problem('invalid_date', `${what} must be a month and year written ${info.format}.`)
      : problem('invalid_date', `${what} must be a real date written ${info.format}.`);
  },
  display: (_element, value) => textContent(value),
  input(element) {
    const info = validationCode(element.validation)!;
    const format = info.format!;
    return info.kind === 'month_year'
      ? textInput(format, `Enter a month and year as ${format}.`, 'hint.monthYear', { hintParams: { format }, inputMode: 'numeric', maxLength: format.length })
      : textInput(format, `Enter a date as ${format}.`, 'hint.date', { hintParams: { format }, inputMode: 'numeric', maxLength: format.length });
  },
};
