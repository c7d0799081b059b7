import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompletion } from './completion.ts';
import { normalizeElement } from './validate.ts';
import type { FieldElement } from './types.ts';

const el = (p: Partial<FieldElement>) => normalizeElement({ ax: 0.1, ay: 0.1, bx: 0.2, by: 0.2, page: 2, ...p });

describe('checkCompletion', () => {
  test('every field rule, with page-named messages for unlabelled fields', () => {
    const fields = [
      el({ element_type: 'signature', signer: 1, value: 'data:image/png;base64,AAAA' }),
      el({ element_type: 'text', signer: 1, validation: 1, value: 'nope' }),
      el({ element_type: 'text', signer: 1, label: 'Full Name' }),
      el({ element_type: 'text', signer: 2 }),
      el({ element_type: 'text', signer: 1, validation: 48 }),
    ];
    const problems = checkCompletion(fields, { signer: 1 });
    assert.deepEqual(
      problems.map((p) => [p.field, p.code]),
      [
        ['[1].value', 'invalid_email'],
        ['[2].value', 'required'],
      ],
    );
    assert.equal(problems[0].message, 'The field on page 2 must be an email address like name@example.com.');
    assert.equal(problems[1].message, '"Full Name" is required.');
    assert.equal(checkCompletion(fields).length, 3, 'all signers when none is named');
  });
  test('values by uuid override stored values', () => {
    const uuid = '123e4567-e89b-12d3-a456-426614174000';
    const fields = [el({ uuid, element_type: 'text', validation: 50 })];
    assert.equal(checkCompletion(fields, { values: { [uuid]: '42' } }).length, 0);
    assert.equal(checkCompletion(fields, { values: { [uuid]: 'x' } })[0].code, 'invalid_number');
  });
  test('radio groups: one of a required group, never two', () => {
    const radio = (value: string, optional = false) => el({ element_type: 'text', validation: 25, logic_action: 1, logic_group: 'Plan', value, optional });
    assert.deepEqual(checkCompletion([radio(''), radio('tick'), radio('')]), []);
    const none = checkCompletion([radio(''), radio('')]);
    assert.deepEqual(
      none.map((p) => [p.field, p.code, p.message]),
      [['[0].value', 'required', 'Choose one option in "Plan".']],
    );
    assert.equal(checkCompletion([radio('tick'), radio('tick')])[0].code, 'radio_multiple');
    assert.deepEqual(checkCompletion([radio('', true), radio('', true)]), []);
    assert.equal(checkCompletion([radio('cross'), radio('')])[0].code, 'invalid_checkbox');
  });
});
