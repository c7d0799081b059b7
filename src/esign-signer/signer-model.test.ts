import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeElement } from '../fields/index.ts';
import type { FieldElement } from '../fields/types.ts';
import { allowedModes, fieldProblem, initialValues, orderedOwnFields, requiredProgress, submission, typedValue, withValue } from './signer-model.ts';
import type { SignerField } from './signer-model.ts';

let n = 0;
function f(partial: Partial<FieldElement> & { editable?: boolean }): SignerField {
  const { editable = true, ...rest } = partial;
  return {
    ...normalizeElement({ ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'text', signer: 1, ...rest }),
    uuid: `u${++n}`,
    editable,
  } as SignerField;
}

test("order: fieldorder first, then top-down by page, y, x; others' fields are left out", () => {
  const a = f({ page: 2, ay: 0.1, by: 0.2 });
  const b = f({ page: 1, ay: 0.5, by: 0.6 });
  const c = f({ page: 1, ay: 0.5, by: 0.6, ax: 0.05, bx: 0.09 });
  const d = f({ page: 3, fieldorder: 1 });
  const other = f({ editable: false });
  assert.deepEqual(
    orderedOwnFields([a, b, c, d, other]).map((x) => x.uuid),
    [d.uuid, c.uuid, b.uuid, a.uuid],
  );
});

test('progress counts required fields and each required radio group once; automatic dates never', () => {
  const name = f({ label: 'Name' });
  const opt = f({ optional: true });
  const date = f({ validation: 30 });
  const r1 = f({ validation: 25, logic_action: 1, logic_group: 'plan' });
  const r2 = f({ validation: 25, logic_action: 1, logic_group: 'plan' });
  const own = [name, opt, date, r1, r2];
  let values = initialValues(own);
  assert.match(values.get(date.uuid!)!, /^\d{4}\/\d{2}\/\d{2}$/);
  assert.deepEqual(requiredProgress(own, values), { done: 0, total: 2 });
  values = withValue(values, r1, 'tick', own);
  values = withValue(values, name, 'Ann', own);
  assert.deepEqual(requiredProgress(own, values), { done: 2, total: 2 });
  values = withValue(values, r2, 'tick', own);
  assert.equal(values.get(r1.uuid!), '', 'choosing one radio clears the others');
  assert.equal(fieldProblem(r1, '', values, own), '');
  assert.deepEqual(Object.keys(submission(own, values)).sort(), [name.uuid, opt.uuid, r1.uuid, r2.uuid].sort());
});

test('problems come from src/fields as the recipient types; secret codes only need filling', () => {
  const email = f({ validation: 1, label: 'Email' });
  assert.match(fieldProblem(email, 'ann@', new Map(), [email]), /email address/);
  assert.equal(fieldProblem(email, 'ann@example.com', new Map(), [email]), '');
  const regex = f({ validation: 93, options: '^[A-Z]{2}\\d$' });
  assert.match(fieldProblem(regex, 'ab1', new Map(), [regex]), /expected format/);
  const secret = f({ validation: 73, options: '' });
  assert.match(fieldProblem(secret, '', new Map(), [secret]), /required/);
  assert.equal(fieldProblem(secret, 'anything', new Map(), [secret]), '');
  assert.equal(typedValue(f({ validation: 78 }), 'abc'), 'ABC');
  assert.equal(typedValue(f({ validation: 77 }), 'ann tester'), 'Ann Tester');
});

test('capture modes: options name them, the element narrows them, drawn fields only draw', () => {
  assert.deepEqual(allowedModes(f({ element_type: 'signature' })), ['draw', 'type', 'upload']);
  assert.deepEqual(allowedModes(f({ element_type: 'signature', options: 'type\nupload' })), ['type', 'upload']);
  assert.deepEqual(allowedModes(f({ element_type: 'signature', options: 'type, draw' }), ['draw']), ['draw']);
  assert.deepEqual(allowedModes(f({ element_type: 'signature', options: 'upload' }), ['draw']), ['draw']);
  assert.deepEqual(allowedModes(f({ validation: 90 })), ['draw']);
});
