/** Secret code (73): the value must equal a line of options; it proves who signed and is never printed. */
import { optionLines } from '../options.ts';
import { problem, textContent, textInput, type FieldKind } from './kind.ts';

export const secretKind: FieldKind = {
  name: 'secret',
  codeKinds: ['secret'],
  editorOptions: () => 'secret',
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check: ({ element, value, what }) => (optionLines(element.options).includes(value) ? null : problem('wrong_code', `${what}: the code does not match.`)),
  display: (_element, value) => textContent(value),
  // Printing the code on the final PDF would publish it.
  pdfContent: () => ({ kind: 'none' }),
  input: () => textInput('', 'Enter the code you were given.', 'hint.secret', { autocomplete: false }),
};
