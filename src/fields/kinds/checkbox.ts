/**
 * Checkboxes: 24 tick/cross, 25 tick/blank, 26 cross/blank. The value is '' (blank), 'tick' or 'cross';
 * the screen writes ✓ / ✗ and the final PDF draws the same mark as vector strokes.
 */
import { checkboxStates, type CheckboxValue } from '../value-kinds.ts';
import { problem, type FieldContent, type FieldKind, type KindField } from './kind.ts';

// Spellings other tools use for a ticked box; shown as the code's "on" mark so imported or
// hand-written values still read right. The validator accepts only '', 'tick' and 'cross'.
const LEGACY_ON = new Set(['1', 'true', 'yes', 'on', '✓', 'checked']);

/** The mark a value stands for on a checkbox of this code: 'tick', 'cross' or '' (blank). */
export function checkboxMark(code: number | null | undefined, value: string): CheckboxValue {
  const v = value.trim().toLowerCase();
  if (v === 'tick' || v === 'cross') return v;
  if (v === 'x' || v === '✗') return code === 25 ? 'tick' : 'cross';
  if (LEGACY_ON.has(v)) return code === 26 ? 'cross' : 'tick';
  return '';
}

const MARK_TEXT = { tick: '✓', cross: '✗' } as const;

const requiredMessage = (code: number | null, what: string) =>
  code === 24 ? `${what} must be ticked or crossed.` : `${what} must be ${code === 26 ? 'crossed' : 'ticked'}.`;

export const checkboxKind: FieldKind = {
  name: 'checkbox',
  codeKinds: ['checkbox'],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check({ element, value, what }) {
    const allowed = checkboxStates(element.validation!);
    return (allowed as readonly string[]).includes(value)
      ? null
      : problem(
          'invalid_checkbox',
          `${what} must be ${allowed
            .filter((s) => s)
            .map((s) => `"${s}"`)
            .join(' or ')}${element.optional ? ' or empty' : ''}.`,
        );
  },
  requiredProblem: (element: KindField, what: string) => problem('required', requiredMessage(element.validation, what)),
  display(element, value): FieldContent {
    const mark = checkboxMark(element.validation, value);
    return mark ? { kind: 'mark', mark, text: MARK_TEXT[mark] } : { kind: 'none' };
  },
  input: (element) => ({
    placeholder: '',
    description: 'Tick or cross the box.',
    inputMode: 'text',
    control: 'checkbox',
    hintKey: 'hint.checkbox',
    inputType: 'text',
    autocomplete: true,
    marks: checkboxStates(element.validation!),
  }),
};
