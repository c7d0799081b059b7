import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkFieldValue, formatSigningDate, normalizeFieldValue, applyCaseTransform, checkboxStates } from './values.ts';
import { VALIDATION_CODES, validationCode, DATE_FORMATS } from './codes.ts';
import { formatDate, parseDate } from './dates.ts';
import { nextCheckboxValue } from './value-kinds.ts';
import { valueHint } from './hints.ts';
import { COUNTRIES } from './lists.ts';
import type { FieldElement } from './types.ts';

type E = Pick<FieldElement, 'element_type' | 'validation' | 'optional' | 'options'> & { label?: string };
const field = (validation: number | null, extra: Partial<E> = {}): E => ({ element_type: 'text', validation, optional: false, options: '', ...extra });
const ok = (validation: number | null, value: string, extra: Partial<E> = {}) => {
  const p = checkFieldValue(field(validation, extra), value);
  assert.equal(p, null, `code ${validation} should accept ${JSON.stringify(value)}: ${p?.message}`);
};
const bad = (validation: number | null, value: string, code: string, extra: Partial<E> = {}) => {
  const p = checkFieldValue(field(validation, extra), value);
  assert.ok(p, `code ${validation} should reject ${JSON.stringify(value)}`);
  assert.equal(p.code, code, p.message);
  assert.equal(p.field, 'value');
  assert.ok(p.message.endsWith('.') || p.message.endsWith('"'), p.message);
};

describe('the code table', () => {
  test('has every code of the hosted service', () => {
    const codes = VALIDATION_CODES.map((c) => c.code);
    const expected = [1, ...range(2, 20), 24, 25, 26, ...range(30, 48), ...range(50, 79), ...range(80, 85), 90, 91, 92, 93];
    assert.deepEqual(codes, expected);
    assert.equal(validationCode(4)!.format, 'dd/mm/yyyy');
    assert.equal(validationCode(13)!.format, 'mm.dd.yy');
    assert.equal(validationCode(14)!.format, 'yyyy-mm-dd');
    assert.equal(validationCode(47)!.format, 'mm-dd-yy');
    assert.equal(validationCode(48)!.format, 'd mmmm yyyy');
    assert.equal(validationCode(53)!.length, 1);
    assert.equal(validationCode(64)!.length, 12);
    assert.equal(validationCode(72)!.length, 8);
    assert.equal(validationCode(85)!.format, 'mm-yyyy');
    assert.equal(validationCode(21), undefined);
  });
});

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

describe('required and optional', () => {
  test('an empty required field is a problem; optional is fine', () => {
    bad(null, '', 'required');
    bad(null, '   ', 'required');
    ok(null, '', { optional: true });
    assert.match(checkFieldValue(field(null, { label: 'Full Name' }), '')!.message, /"Full Name" is required/);
    assert.equal(checkFieldValue({ element_type: 'signature', validation: null, optional: false, options: '' }, '')!.message, 'Please sign here.');
  });
  test('signing dates are never required of the signer', () => ok(30, ''));
  test('any text and unknown codes pass when filled', () => {
    ok(null, 'anything');
    ok(999, 'anything');
  });
  test('over-long values are refused', () => bad(null, 'x'.repeat(2001), 'too_long'));
});

describe('codes', () => {
  test('1 email', () => {
    for (const v of ['a@b.co', 'first.last+tag@sub.example.org', ' x@y.io ']) ok(1, v);
    for (const v of ['a@b', 'a b@c.com', '@c.com', 'a@.com', 'a@b.c', 'a@@b.com', 'a@-b.com']) bad(1, v, 'invalid_email');
  });
  test('2–19 typed dates are real calendar dates in their format', () => {
    ok(2, '2024/02/29');
    bad(2, '2023/02/29', 'invalid_date');
    ok(3, '24/02/29');
    bad(3, '23/02/29', 'invalid_date');
    ok(4, '31/12/2024');
    ok(4, '1/2/2024');
    bad(4, '31/04/2024', 'invalid_date');
    bad(4, '12/31/2024', 'invalid_date');
    bad(4, '31-12-2024', 'invalid_date');
    bad(4, '31/12/24', 'invalid_date');
    ok(6, '12/31/2024');
    ok(10, '31.12.2024');
    ok(14, '2024-12-31');
    ok(19, '12-31-24');
    bad(14, '2024-13-01', 'invalid_date');
    bad(14, '2024-00-10', 'invalid_date');
    bad(14, '0000-01-10', 'invalid_date');
    ok(2, '2000/02/29');
    bad(2, '1900/02/29', 'invalid_date');
  });
  test('every typed date format round-trips through formatDate and parseDate', () => {
    for (const format of DATE_FORMATS) {
      const parts = { year: 2031, month: 7, day: 4 };
      assert.deepEqual(parseDate(formatDate(parts, format), format), parts, format);
    }
  });
  test('20 dropdown: one of the option lines', () => {
    ok(20, 'Green', { options: 'Red\nGreen\r\nBlue\n' });
    bad(20, 'green', 'not_an_option', { options: 'Red\nGreen' });
    bad(20, 'Purple', 'not_an_option', { options: 'Red\nGreen' });
  });
  test('24/25/26 checkbox states', () => {
    assert.deepEqual(checkboxStates(24), ['tick', 'cross']);
    ok(24, 'tick');
    ok(24, 'cross');
    bad(24, '', 'required');
    ok(24, '', { optional: true });
    ok(25, 'tick');
    bad(25, 'cross', 'invalid_checkbox');
    bad(25, '', 'required');
    ok(25, '', { optional: true });
    ok(26, 'cross');
    bad(26, 'tick', 'invalid_checkbox');
    bad(26, 'yes', 'invalid_checkbox');
    assert.equal(nextCheckboxValue(25, ''), 'tick');
    assert.equal(nextCheckboxValue(25, 'tick'), '');
    assert.equal(nextCheckboxValue(24, 'tick', false), 'cross');
    assert.equal(nextCheckboxValue(24, 'cross', true), '');
  });
  test('30–48 signing dates', () => {
    const at = new Date('2026-03-05T23:30:00Z');
    assert.equal(formatSigningDate(30, at), '2026/03/05');
    assert.equal(formatSigningDate(32, at), '05/03/2026');
    assert.equal(formatSigningDate(35, at), '03/05/26');
    assert.equal(formatSigningDate(44, at), '05-03-2026');
    assert.equal(formatSigningDate(48, at), '5 March 2026');
    assert.equal(formatSigningDate(48, at, 'Asia/Tokyo'), '6 March 2026');
    assert.equal(formatSigningDate(48, at, 'America/New_York'), '5 March 2026');
    assert.equal(formatSigningDate(48, at, 'Not/A_Zone'), '5 March 2026');
    assert.equal(formatSigningDate(4, at), '');
    assert.equal(formatSigningDate(48, new Date('nope')), '');
    ok(48, '5 March 2026');
    ok(48, '05 march 2026');
    bad(48, '31 February 2026', 'invalid_date');
    for (let code = 30; code <= 48; code++) ok(code, formatSigningDate(code, at));
  });
  test('50 whole number, 51 number, 52 currency', () => {
    ok(50, '42');
    ok(50, '-7');
    bad(50, '4.2', 'invalid_number');
    bad(50, '1e3', 'invalid_number');
    ok(51, '3.5');
    ok(51, '-0.25');
    ok(51, '.5');
    bad(51, '3.', 'invalid_number');
    bad(51, '1,000', 'invalid_number');
    ok(52, '1234.50');
    ok(52, '1,234.50');
    ok(52, '100');
    ok(52, '-5.00');
    bad(52, '12.5', 'invalid_currency');
    bad(52, '12.505', 'invalid_currency');
    bad(52, '£12.00', 'invalid_currency');
    bad(52, '1,23.00', 'invalid_currency');
    assert.equal(normalizeFieldValue({ validation: 52 }, ' 100 '), '100.00');
    assert.equal(normalizeFieldValue({ validation: 52 }, '100.50'), '100.50');
  });
  test('53–64 exactly n digits, 65–72 exactly n characters', () => {
    ok(53, '7');
    bad(53, '77', 'wrong_length');
    ok(58, '123456');
    bad(58, '12345a', 'wrong_length');
    ok(64, '123456789012');
    ok(65, 'x');
    ok(72, 'abcdefgh');
    bad(72, 'abcdefg', 'wrong_length');
    ok(66, '😀!');
  });
  test('73 secret code', () => {
    ok(73, 'OPEN-42', { options: 'OPEN-42' });
    bad(73, 'open-42', 'wrong_code', { options: 'OPEN-42' });
  });
  test('74–76 attachments need a value only when required', () => {
    ok(74, 'contract.pdf');
    bad(75, '', 'required');
    ok(76, '', { optional: true });
  });
  test('77/78/79 case transforms', () => {
    assert.equal(applyCaseTransform(77, 'anne-marie SMITH jones'), 'Anne-Marie Smith Jones');
    assert.equal(applyCaseTransform(78, 'abc'), 'ABC');
    assert.equal(applyCaseTransform(79, 'ÀBC'), 'àbc');
    ok(77, 'John Smith');
    bad(77, 'john smith', 'wrong_case');
    ok(78, 'ABC');
    bad(78, 'AbC', 'wrong_case');
    ok(79, 'abc');
    bad(79, 'Abc', 'wrong_case');
    assert.equal(normalizeFieldValue({ validation: 78 }, ' abc '), 'ABC');
  });
  test('80–85 month/year', () => {
    ok(80, '07/29');
    ok(81, '07/2029');
    ok(82, '7.29');
    ok(83, '12.2029');
    ok(84, '01-30');
    ok(85, '01-2030');
    bad(80, '13/29', 'invalid_date');
    bad(81, '07/29', 'invalid_date');
    bad(84, '07/29', 'invalid_date');
  });
  test('90 drawn', () => {
    ok(90, 'data:image/png;base64,iVBORw0KGgo=');
    ok(90, 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>');
    bad(90, 'a doodle', 'invalid_drawing');
  });
  test('91 country, 92 honorific', () => {
    assert.ok(COUNTRIES.includes('United Kingdom') && COUNTRIES.includes("Côte d'Ivoire"));
    ok(91, 'France');
    bad(91, 'Narnia', 'not_an_option');
    ok(92, 'Dr');
    ok(92, 'Mx');
    bad(92, 'Duke', 'not_an_option');
  });
  test('93 regex: whole value, first line of options, safe against hostile patterns', () => {
    ok(93, 'AB-123', { options: '[A-Z]{2}-\\d{3}\nsecond line is a note' });
    bad(93, 'AB-1234', 'pattern_mismatch', { options: '[A-Z]{2}-\\d{3}' });
    bad(93, 'x', 'invalid_pattern', { options: '(a)\\1' });
    const t0 = performance.now();
    bad(93, `${'a'.repeat(45)}!`, 'pattern_mismatch', { options: '(a+)+$' });
    assert.ok(performance.now() - t0 < 500);
  });
});

describe('value hints', () => {
  test('per code', () => {
    assert.equal(valueHint({ element_type: 'text', validation: 4 }).placeholder, 'dd/mm/yyyy');
    assert.equal(valueHint({ element_type: 'text', validation: 1 }).inputMode, 'email');
    assert.equal(valueHint({ element_type: 'text', validation: 57 }).maxLength, 5);
    assert.deepEqual(valueHint({ element_type: 'text', validation: 20, options: 'A\nB' }).choices, ['A', 'B']);
    assert.equal(valueHint({ element_type: 'text', validation: 91 }).choices!.length, COUNTRIES.length);
    assert.equal(valueHint({ element_type: 'text', validation: 48 }).control, 'automatic');
    assert.equal(valueHint({ element_type: 'signature', validation: null }).control, 'signature');
    for (const c of VALIDATION_CODES) assert.ok(valueHint({ element_type: 'text', validation: c.code }).description, String(c.code));
  });
});
