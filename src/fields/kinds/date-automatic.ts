/** Signing dates (30–48): never typed; filled with the date the signer signs, in the code's format. */
import { validationCode } from '../codes.ts';
import { calendarDate, formatDate, parseDate } from '../dates.ts';
import { problem, textContent, type FieldContent, type FieldKind } from './kind.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The value of an automatic signing-date field (codes 30–48) for the moment of signing, in the
 * given IANA time zone (default UTC). Any other code gives ''.
 */
export function formatSigningDate(code: number, date: Date = new Date(), timeZone?: string): string {
  const info = validationCode(code);
  if (info?.kind !== 'signing_date' || Number.isNaN(date.getTime())) return '';
  return formatDate(calendarDate(date, timeZone), info.format!);
}

export const dateAutomaticKind: FieldKind = {
  name: 'signing_date',
  codeKinds: ['signing_date'],
  editorOptions: () => null,
  presettable: false,
  normalize: (_element, trimmed) => trimmed,
  check: ({ value, info, what }) => (parseDate(value, info.format!) ? null : problem('invalid_date', `${what} must be a real date written ${info.format}.`)),
  // Signing dates are filled in when the signer completes, never required of the signer.
  requiredProblem: () => null,
  display: (_element, value) => textContent(value),
  pdfContent(element, value, context): FieldContent {
    const code = element.validation!;
    if (ISO_INSTANT.test(value)) return { kind: 'text', text: formatSigningDate(code, new Date(value), context.timeZone) || value };
    if (value.trim()) return { kind: 'text', text: value };
    return context.signedAt ? { kind: 'text', text: formatSigningDate(code, context.signedAt, context.timeZone) } : { kind: 'none' };
  },
  input(element) {
    const format = validationCode(element.validation)!.format!;
    return {
      placeholder: format,
      description: 'Filled in with the date you sign.',
      inputMode: 'text',
      control: 'automatic',
      hintKey: null,
      inputType: 'text',
      autocomplete: true,
    };
  },
};
