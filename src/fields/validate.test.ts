import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeElement, validateElements, DEFAULT_FONT_SIZE, MAX_ELEMENTS } from './validate.ts';
import { checkTemplateReady } from './ready.ts';
import { readBoolean, INVALID } from './coerce.ts';

const sig = { ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'signature', signer: 1 };
const fieldsAt = (problems: { field: string }[]) => problems.map((p) => p.field);

describe('normalizeElement', () => {
  test('fills every property with its default', () => {
    assert.deepEqual(normalizeElement({}), {
      ax: 0,
      ay: 0,
      bx: 0,
      by: 0,
      page: 1,
      element_type: 'text',
      signer: 1,
      validation: null,
      options: '',
      value: '',
      label: '',
      label_extra: '',
      optional: false,
      font_name: '',
      font_size: DEFAULT_FONT_SIZE,
      align: 1,
      fieldorder: null,
      hide_border: false,
      no_pdf: false,
      logic_action: null,
      logic_group: '',
      map_to: '',
      substantive: false,
    });
  });
  test('admin elements default to signer 0, also when null', () => {
    assert.equal(normalizeElement({ element_type: 'admin' }).signer, 0);
    assert.equal(normalizeElement({ element_type: 'admin', signer: null }).signer, 0);
    assert.equal(normalizeElement({ element_type: 'text', signer: null }).signer, null);
  });
  test('booleans accept true/"true"/1 and false/"false"/0', () => {
    for (const t of [true, 'true', 1, '1', 'TRUE']) assert.equal(normalizeElement({ optional: t } as never).optional, true);
    for (const f of [false, 'false', 0, '0']) assert.equal(normalizeElement({ optional: f } as never).optional, false);
    assert.equal(readBoolean('yes'), INVALID);
  });
  test('never throws on junk', () => {
    for (const junk of [null, undefined, 3, 'x', [], { ax: {} }, { page: -1, signer: 'x', font_name: 7 }]) {
      assert.doesNotThrow(() => normalizeElement(junk as never));
    }
  });
  test('uuid is kept, lower-cased', () => {
    assert.equal(normalizeElement({ uuid: '123E4567-E89B-12D3-A456-426614174000' }).uuid, '123e4567-e89b-12d3-a456-426614174000');
    assert.equal('uuid' in normalizeElement({}), false);
  });
});

describe('validateElements: accepts good input', () => {
  test('a minimal signature field', () => {
    const r = validateElements([sig], { pageCount: 1 });
    assert.deepEqual(r.problems, []);
    assert.equal(r.elements.length, 1);
    assert.equal(r.elements[0].element_type, 'signature');
    assert.deepEqual(r.indexes, [0]);
  });
  test('numbers as strings, validation 0 as none, case-insensitive enums', () => {
    const r = validateElements([{ ...sig, ax: '0.1', page: '2', validation: 0, element_type: 'Signature', font_name: 'Arial', optional: 'true' }]);
    assert.deepEqual(r.problems, []);
    assert.equal(r.elements[0].ax, 0.1);
    assert.equal(r.elements[0].page, 2);
    assert.equal(r.elements[0].validation, null);
    assert.equal(r.elements[0].font_name, 'arial');
    assert.equal(r.elements[0].optional, true);
  });
  test('unknown properties are dropped and reported as warnings only', () => {
    const r = validateElements([{ ...sig, resource_uri: '/api/v1/x/', id: 7 }]);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(fieldsAt(r.warnings), ['[0].resource_uri', '[0].id']);
    assert.equal('resource_uri' in r.elements[0], false);
  });
  test('what it returns validates again unchanged (round trip)', () => {
    const first = validateElements([sig, { ...sig, element_type: 'text', validation: 20, options: 'A\nB', value: 'A', signer: 101 }]);
    const second = validateElements(JSON.parse(JSON.stringify(first.elements)));
    assert.deepEqual(second.problems, []);
    assert.deepEqual(second.warnings, []);
    assert.deepEqual(second.elements, first.elements);
  });
});

describe('validateElements: every problem with its path', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['ax not a number', { ax: 'left' }, '[0].ax', /ax must be a number from 0 to 1; got "left"/],
    ['ax above 1', { ax: 1.5, bx: 1.6 }, '[0].ax', /from 0 to 1/],
    ['by missing', { by: undefined }, '[0].by', /by is required/],
    ['ax not left of bx', { ax: 0.5, bx: 0.4 }, '[0].bx', /bx \(0.4\) must be greater than ax \(0.5\)/],
    ['ay equals by', { ay: 0.2, by: 0.2 }, '[0].by', /must be greater than ay/],
    ['page 0', { page: 0 }, '[0].page', /1 or more/],
    ['page fraction', { page: 1.5 }, '[0].page', /whole page number/],
    ['page past the end', { page: 3 }, '[0].page', /page 3 does not exist: the document has 2 pages/],
    ['element_type unknown', { element_type: 'stamp' }, '[0].element_type', /one of signature, initials, text, admin/],
    ['element_type missing', { element_type: undefined }, '[0].element_type', /required/],
    ['signer 100', { signer: 100 }, '[0].signer', /signer 100 is not valid/],
    ['signer 300', { signer: 300 }, '[0].signer', /not valid/],
    ['signer text', { signer: 'one' }, '[0].signer', /whole number/],
    ['unknown validation', { element_type: 'text', validation: 21 }, '[0].validation', /not a known validation code/],
    ['validation on a signature', { validation: 1 }, '[0].validation', /takes no validation/],
    ['dropdown without items', { element_type: 'text', validation: 20 }, '[0].options', /items in options/],
    ['secret without code', { element_type: 'text', validation: 73, options: '  ' }, '[0].options', /secret-code field needs the code/],
    ['regex without pattern', { element_type: 'text', validation: 93 }, '[0].options', /pattern on the first line/],
    ['hostile-looking but unsupported regex', { element_type: 'text', validation: 93, options: '(a)\\1' }, '[0].options', /Backreferences/],
    ['label too long', { label: 'x'.repeat(61) }, '[0].label', /at most 60/],
    ['label characters', { label: 'Name?' }, '[0].label', /remove "\?"/],
    ['font_name', { font_name: 'comic sans' }, '[0].font_name', /arial, courier, helvetica, liberation, verdana/],
    ['font_size', { font_size: 30 }, '[0].font_size', /from 6 to 20/],
    ['align', { align: 4 }, '[0].align', /1 \(left\), 2 \(centre\) or 3 \(right\)/],
    ['fieldorder', { fieldorder: 'first' }, '[0].fieldorder', /whole number or null/],
    ['logic_action', { logic_action: 4 }, '[0].logic_action', /1 \(radio group\)/],
    ['radio without group', { logic_action: 1 }, '[0].logic_group', /needs a logic_group/],
    ['uuid', { uuid: 'not-a-uuid' }, '[0].uuid', /must be a UUID/],
    ['boolean', { optional: 'maybe' }, '[0].optional', /true or false/],
    ['string', { options: 5 }, '[0].options', /must be a string/],
    ['prefilled value', { element_type: 'text', validation: 1, value: 'not an email' }, '[0].value', /does not suit validation 1 \(Email\)/],
  ];
  for (const [name, patch, path, message] of cases) {
    test(name, () => {
      const r = validateElements([{ ...sig, ...(patch as object) }], { pageCount: 2 });
      const p = r.problems.find((x) => x.field === path);
      assert.ok(p, `expected a problem at ${path}; got ${JSON.stringify(r.problems)}`);
      assert.match(p.message, message);
      assert.ok(/^[A-Z"a-z]/.test(p.message) && p.message.endsWith('.'), p.message);
      assert.equal(r.elements.length, 0);
    });
  }
  test('not an array, not objects, too many', () => {
    assert.deepEqual(fieldsAt(validateElements({ fields: [] }).problems), ['']);
    assert.match(validateElements('x').problems[0].message, /JSON array/);
    const r = validateElements([sig, 5, null, sig]);
    assert.deepEqual(fieldsAt(r.problems), ['[1]', '[2]']);
    assert.deepEqual(r.indexes, [0, 3]);
    assert.equal(validateElements(Array(MAX_ELEMENTS + 1).fill(sig)).problems[0].code, 'too_many');
  });
  test('several problems in one field are all reported', () => {
    const r = validateElements([{ ax: 2, ay: 'x', page: 0, element_type: 'nope', font_size: 1 }]);
    assert.deepEqual(fieldsAt(r.problems).sort(), ['[0].ax', '[0].ay', '[0].bx', '[0].by', '[0].element_type', '[0].font_size', '[0].page'].sort());
  });
  test('path prefix', () => {
    assert.equal(validateElements([{ ...sig, ax: 5 }], { pathPrefix: 'fields' }).problems[0].field, 'fields[0].ax');
  });
});

describe('checkTemplateReady', () => {
  const text = (signer: number) => ({ ...sig, element_type: 'text', signer });
  test('a signer with fields needs a signature field', () => {
    assert.deepEqual(checkTemplateReady([sig]), []);
    const p = checkTemplateReady([sig, text(2)]);
    assert.equal(p.length, 1);
    assert.equal(p[0].field, 'signer[2]');
    assert.match(p[0].message, /Signer 2 has fields but no signature field/);
    assert.match(checkTemplateReady([sig, text(101)])[0].message, /Witness 1/);
    assert.deepEqual(checkTemplateReady([sig, text(201)]), [], 'approvers need no signature');
  });
  test('against the template signer count', () => {
    const p = checkTemplateReady([sig, { ...sig, signer: 3 }], { signerCount: 2 });
    assert.deepEqual(p.map((x) => x.code).sort(), ['no_signature', 'unknown_signer']);
    assert.match(p.find((x) => x.code === 'unknown_signer')!.message, /1 field belongs to Signer 3, but the template has 2 signers/);
  });
  test('empty templates, sender-only templates, invalid fields, lonely radio', () => {
    assert.equal(checkTemplateReady([])[0].code, 'no_fields');
    assert.equal(checkTemplateReady([{ ...sig, element_type: 'admin', signer: 0 }])[0].code, 'no_signature');
    assert.equal(
      checkTemplateReady([{ ...sig, ax: 9 }]).some((p) => p.field === '[0].ax'),
      true,
    );
    const radio = { ...text(1), logic_action: 1, logic_group: 'choice' };
    assert.equal(checkTemplateReady([sig, radio])[0].code, 'lonely_radio');
    assert.equal(checkTemplateReady([sig, radio])[0].field, '[1].logic_group');
    assert.deepEqual(checkTemplateReady([sig, radio, radio]), []);
  });
});
