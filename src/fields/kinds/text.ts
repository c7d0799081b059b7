/** Free text, email (1) and the case codes (77 Title, 78 UPPER, 79 lower): written as typed. */
import { validationCode } from '../codes.ts';
import { applyCaseTransform } from '../value-kinds.ts';
import { problem, textContent, textInput, type FieldKind, type HintKey, type KindField } from './kind.ts';

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const CASE_HINTS: Record<number, HintKey> = { 77: 'hint.titleCase', 78: 'hint.upperCase', 79: 'hint.lowerCase' };

const isCase = (code: number | null | undefined): code is number => code === 77 || code === 78 || code === 79;
const cased = (element: KindField, value: string) => (isCase(element.validation) ? applyCaseTransform(element.validation, value) : value);

export const textKind: FieldKind = {
  name: 'text',
  codeKinds: ['email', 'case'],
  editorOptions: () => null,
  presettable: true,
  normalize: cased,
  check({ element, value, info, what }) {
    if (info.kind === 'email') {
      return EMAIL.test(value) && value.length <= 254 ? null : problem('invalid_email', `${what} must be an email address like name@example.com.`);
    }
    if (info.kind === 'case') {
      const expected = applyCaseTransform(element.validation!, value);
      return value === expected ? null : problem('wrong_case', `${what} must be written ${info.name}: "${expected}".`);
    }
    return null;
  },
  display: (element, value) => textContent(cased(element, value)),
  input(element) {
    const info = validationCode(element.validation);
    if (info?.kind === 'email') return textInput('name@example.com', 'Enter an email address.', 'hint.email', { inputMode: 'email', inputType: 'email' });
    if (info?.kind === 'case') {
      const code = info.code;
      return textInput('', `Enter text; it is written in ${info.name}.`, CASE_HINTS[code], { typed: (raw) => applyCaseTransform(code, raw) });
    }
    return textInput('', 'Enter text.', 'hint.text');
  },
};
