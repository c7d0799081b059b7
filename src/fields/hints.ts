/** What the signer UI shows for a field's code: placeholder, a one-line hint, keyboard and choices. */
import type { FieldElement } from './types.ts';
import { validationCode } from './codes.ts';
import { listFor } from './lists.ts';

export interface ValueHint {
  /** Placeholder text, e.g. `dd/mm/yyyy` or `name@example.com`; '' when none suits. */
  placeholder: string;
  /** One sentence describing what to enter. */
  description: string;
  /** The `inputmode` attribute value for the input. */
  inputMode: 'text' | 'email' | 'numeric' | 'decimal';
  /** How the field is filled in. */
  control: 'text' | 'select' | 'checkbox' | 'file' | 'draw' | 'automatic' | 'signature' | 'initials';
  /** Maximum number of characters, when the code fixes it. */
  maxLength?: number;
  /** Choices for select controls (dropdown items, countries, honorifics). */
  choices?: readonly string[];
}

/** The hint for an element (its type, code and options). */
export function valueHint(element: Pick<FieldElement, 'element_type' | 'validation'> & Partial<Pick<FieldElement, 'options'>>): ValueHint {
  if (element.element_type === 'signature') return { placeholder: '', description: 'Sign here.', inputMode: 'text', control: 'signature' };
  if (element.element_type === 'initials') return { placeholder: '', description: 'Add your initials here.', inputMode: 'text', control: 'initials' };
  const info = validationCode(element.validation);
  const text = (placeholder: string, description: string, inputMode: ValueHint['inputMode'] = 'text', maxLength?: number): ValueHint =>
    ({ placeholder, description, inputMode, control: 'text', ...(maxLength ? { maxLength } : {}) });
  if (!info) return text('', 'Enter text.');
  switch (info.kind) {
    case 'email': return text('name@example.com', 'Enter an email address.', 'email');
    case 'date': return text(info.format!, `Enter a date as ${info.format}.`, 'numeric', info.format!.length);
    case 'month_year': return text(info.format!, `Enter a month and year as ${info.format}.`, 'numeric', info.format!.length);
    case 'signing_date': return { placeholder: info.format!, description: 'Filled in with the date you sign.', inputMode: 'text', control: 'automatic' };
    case 'dropdown': case 'country': case 'honorific':
      return { placeholder: '', description: 'Choose one.', inputMode: 'text', control: 'select', choices: listFor(element.validation, element.options) ?? [] };
    case 'checkbox': return { placeholder: '', description: 'Tick or cross the box.', inputMode: 'text', control: 'checkbox' };
    case 'whole_number': return text('0', 'Enter a whole number.', 'numeric');
    case 'number': return text('0.0', 'Enter a number.', 'decimal');
    case 'currency': return text('0.00', 'Enter an amount with two decimals.', 'decimal');
    case 'digits': return text('0'.repeat(info.length!), `Enter exactly ${info.length} digit${info.length! > 1 ? 's' : ''}.`, 'numeric', info.length);
    case 'characters': return text('', `Enter exactly ${info.length} character${info.length! > 1 ? 's' : ''}.`, 'text', info.length);
    case 'secret': return text('', 'Enter the code you were given.');
    case 'attachment': return { placeholder: '', description: 'Attach a file.', inputMode: 'text', control: 'file' };
    case 'case': return text('', `Enter text; it is written in ${info.name}.`);
    case 'drawn': return { placeholder: '', description: 'Draw here.', inputMode: 'text', control: 'draw' };
    case 'regex': return text('', 'Enter a value in the expected format.');
  }
  return text('', 'Enter text.');
}
