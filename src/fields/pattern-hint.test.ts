import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patternExample, patternHint } from './pattern-hint.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { checkFieldValue } from './values.ts';
import { signerInput } from './kinds/index.ts';
import { normalizeElement } from './validate.ts';

const regexField = (options: string, label_extra = '') =>
  normalizeElement({ element_type: 'text', signer: 1, validation: 93, options, label_extra, label: 'Phone' });

test('simple patterns get an example they accept', () => {
  for (const [pattern, example] of [
    ['\\d{3}-\\d{4}', '123-4567'],
    ['^[A-Z]{2}-\\d{4}$', 'AB-1234'],
    ['GB\\d{9}', 'GB123456789'],
    ['[0-9]{5}(-[0-9]{4})?', '12345'],
    ['(?i)[a-z]{3}\\d+', 'abc1'],
    ['/^\\d{2}\\/\\d{2}$/', '12/34'],
    ['yes|no', 'yes'],
    ['[A-Z]\\d[A-Z] ?\\d[A-Z]\\d', 'A1B2C3'],
  ]) {
    assert.equal(patternExample(pattern), example, pattern);
    const compiled = compileSafeRegex(pattern);
    assert.ok(compiled.ok && compiled.regex.test(example), `${pattern} accepts ${example}`);
  }
});

test('other patterns show themselves (cut when long); an invalid one shows nothing', () => {
  assert.deepEqual(patternHint({ options: 'a{0,3}' }), { kind: 'pattern', text: 'a{0,3}' }, 'the example would be empty');
  assert.deepEqual(patternHint({ options: '\\d{50}' }), { kind: 'pattern', text: '\\d{50}' }, 'too long to help');
  assert.deepEqual(patternHint({ options: '\\bx\\B' }), { kind: 'pattern', text: '\\bx\\B' }, 'an example the pattern refuses is never shown');
  const long = `(${'ab|'.repeat(40)}c)\\d+x`;
  assert.equal(Array.from(patternHint({ options: `${long}\\s{60}` })!.text).length, 81);
  assert.equal(patternHint({ options: '(unclosed' }), null);
  assert.equal(patternHint({ options: '' }), null);
});

test("the sender's own hint (label_extra) comes first", () => {
  assert.deepEqual(patternHint({ options: '\\d{3}-\\d{4}', label_extra: ' Your extension, e.g. 555-0100 ' }), {
    kind: 'own',
    text: 'Your extension, e.g. 555-0100',
  });
});

test('hostile patterns answer at once: nested counted repeats of nothing are refused as too complex', () => {
  // Before, compiling this walked a billion empty repeats (about a minute); the hint and the check compile it.
  const hostile = '(((){1000}){1000}){1000}';
  assert.equal(compileSafeRegex(hostile).ok, false);
  assert.equal(patternHint({ options: hostile }), null);
  assert.deepEqual(patternHint({ options: '(a+)+$' }), { kind: 'example', text: 'a' });
  assert.deepEqual(patternHint({ options: '(.*a){20}' }), { kind: 'example', text: 'a'.repeat(20) });
});

test("the signer's input and the mismatch message say what the format is", () => {
  const field = regexField('\\d{3}-\\d{4}');
  const input = signerInput(field);
  assert.equal(input.description, 'Enter a value like 123-4567.');
  assert.equal(input.placeholder, '123-4567');
  assert.deepEqual([input.hintKey, input.hintParams], ['hint.regexExample', { example: '123-4567' }]);
  assert.equal(checkFieldValue(field, '1234567')?.message, '"Phone" is not in the expected format (like 123-4567).');

  const own = regexField('[A-Z]{2}\\d{6}', 'Policy number from your letter');
  assert.equal(signerInput(own).description, 'Enter a value in this format: Policy number from your letter');
  assert.deepEqual(signerInput(own).hintParams, { format: 'Policy number from your letter' });
  assert.equal(checkFieldValue(own, 'x')?.message, '"Phone" is not in the expected format: Policy number from your letter');

  const shown = regexField('x*');
  assert.equal(signerInput(shown).description, 'Enter a value in this format: x*');
});
