/** Regular expression (93): the whole value matches the pattern on the first line of options. */
import { regexPattern } from '../options.ts';
import { patternHint, type PatternHint } from '../pattern-hint.ts';
import { compileSafeRegex } from '../safe-regex.ts';
import { problem, textContent, textInput, type FieldKind, type SignerInput } from './kind.ts';

/** What the format is, after "in the expected format": an example, or the sender's hint or the pattern itself. */
const formatNote = (hint: PatternHint | null) => (!hint ? '.' : hint.kind === 'example' ? ` (like ${hint.text}).` : `: ${hint.text}`);

/** The signer is shown the format (pattern-hint.ts), never only "the expected format". */
function regexInput(hint: PatternHint | null): SignerInput {
  if (!hint) return textInput('', 'Enter a value in the expected format.', 'hint.regex');
  if (hint.kind === 'example') return textInput(hint.text, `Enter a value like ${hint.text}.`, 'hint.regexExample', { hintParams: { example: hint.text } });
  return textInput('', `Enter a value in this format: ${hint.text}`, 'hint.regexFormat', { hintParams: { format: hint.text } });
}

export const regexKind: FieldKind = {
  name: 'regex',
  codeKinds: ['regex'],
  editorOptions: () => 'pattern',
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ element, value, what }) {
    const compiled = compileSafeRegex(regexPattern(element.options));
    if (!compiled.ok) return problem('invalid_pattern', `${what} cannot be checked: ${compiled.message}`);
    return compiled.regex.test(value) ? null : problem('pattern_mismatch', `${what} is not in the expected format${formatNote(patternHint(element))}`);
  },
  display: (_element, value) => textContent(value),
  input: (element) => regexInput(patternHint(element)),
};
