/** One choice from a list: dropdown (20, items in options), country (91), honorific (92). */
import { validationCode } from '../codes.ts';
import { COUNTRIES, HONORIFICS, listFor } from '../lists.ts';
import { optionLines } from '../options.ts';
import { problem, textContent, type FieldKind } from './kind.ts';

export const choiceKind: FieldKind = {
  name: 'choice',
  codeKinds: ['dropdown', 'country', 'honorific'],
  editorOptions: (element) => (validationCode(element.validation)?.kind === 'dropdown' ? 'items' : null),
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ element, value, info, what }) {
    if (info.kind === 'country') return COUNTRIES.includes(value) ? null : problem('not_an_option', `${what} must be a country from the list.`);
    if (info.kind === 'honorific') return HONORIFICS.includes(value) ? null : problem('not_an_option', `${what} must be one of ${HONORIFICS.join(', ')}.`);
    return optionLines(element.options).includes(value) ? null : problem('not_an_option', `${what} must be one of the listed choices.`);
  },
  display: (_element, value) => textContent(value),
  input: (element) => ({
    placeholder: '',
    description: 'Choose one.',
    inputMode: 'text',
    control: 'select',
    hintKey: 'hint.choose',
    inputType: 'text',
    autocomplete: true,
    choices: listFor(element.validation, element.options) ?? [],
  }),
};
