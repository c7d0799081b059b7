/** Regular expression (93): the whole value matches the pattern on the first line of options. */
import { regexPattern } from '../options.ts';
import { compileSafeRegex } from '../safe-regex.ts';
import { problem, textContent, textInput, type FieldKind } from './kind.ts';

export const regexKind: FieldKind = {
  name: 'regex',
  codeKinds: ['regex'],
  editorOptions: () => 'pattern',
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ element, value, what }) {
    const compiled = compileSafeRegex(regexPattern(element.options));
    if (!compiled.ok) return problem('invalid_pattern', `${what} cannot be checked: ${compiled.message}`);
    return compiled.regex.test(value) ? null : problem('pattern_mismatch', `${what} is not in the expected format.`);
  },
  display: (_element, value) => textContent(value),
  input: () => textInput('', 'Enter a value in the expected format.', 'hint.regex'),
};
