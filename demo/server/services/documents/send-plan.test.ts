import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completeElement, type FieldElement } from 'esign-elements/fields';
import { parseSendRequest } from './send-request.ts';
import { planSend, templateParties } from './send-plan.ts';
import type { PlanOptions, SendPlan, SendTemplate } from './send-plan.ts';

const TPL = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const TPL2 = '11111111-2222-4333-8444-555555555555';
const GROUP = { defaultCc: ['boss@example.com'], defaultMessageTemplate: 'Group welcome', messageTemplates: { Renewal: 'Time to renew.' } };

let counter = 0;
const options: PlanOptions = { newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}` };

function field(partial: Partial<FieldElement>): FieldElement {
  // font_size 11: the size these fields were written with (the default is 10).
  return completeElement({ ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'signature', font_size: 11, ...partial });
}

function person(name: string, extra: Record<string, unknown> = {}) {
  return { firstname: name, lastname: 'Test', email: `${name.toLowerCase()}@example.com`, ...extra };
}

function template(fields: FieldElement[], pageCount = 2, id = TPL): SendTemplate {
  return { id, title: 'T', fields, pageCount };
}

function plan(body: Record<string, unknown>, templates: SendTemplate[], opts: PlanOptions = options): SendPlan {
  const parsed = parseSendRequest({ group: 'g', name: 'Doc', templatepdf: TPL, ...body });
  if (!parsed.ok) assert.fail(JSON.stringify(parsed.problems));
  const r = planSend(parsed.request, GROUP, templates, opts);
  if (!r.ok) assert.fail(JSON.stringify(r.problems));
  return r.plan;
}

function problems(body: Record<string, unknown>, templates: SendTemplate[], opts: PlanOptions = options): string[] {
  const parsed = parseSendRequest({ group: 'g', name: 'Doc', templatepdf: TPL, ...body });
  if (!parsed.ok) assert.fail(JSON.stringify(parsed.problems));
  const r = planSend(parsed.request, GROUP, templates, opts);
  assert.equal(r.ok, false, 'expected problems');
  return r.ok ? [] : r.problems.map((p) => `${p.field}: ${p.message}`);
}

const witnessed = template([field({ signer: 1 }), field({ signer: 101 }), field({ signer: 2 }), field({ signer: 201 })]);

test('template parties: signer, its witness, then approver, by index', () => {
  assert.deepEqual(templateParties(witnessed.fields), [1, 101, 201, 2]);
  assert.deepEqual(templateParties([field({ signer: 0, element_type: 'admin' }), field({ signer: null })]), []);
});

test('roles are derived from the template when left out', () => {
  const p = plan({ signers: [person('Ann', { sms: '+447700900001' }), person('Wes', { sms: '+447700900002' }), person('Apu'), person('Bob')] }, [witnessed]);
  assert.deepEqual(
    p.recipients.map((r) => [r.firstname, r.role, r.signerNumber, r.witnessOf]),
    [
      ['Ann', 'signer', 1, null],
      ['Wes', 'witness', 101, 1],
      ['Apu', 'approver', 201, null],
      ['Bob', 'signer', 2, null],
    ],
  );
});

test('explicit roles are counted in order: k-th signer, its witness, k-th approver', () => {
  const t = template([field({ signer: 1 })]);
  const p = plan(
    {
      signers: [
        person('Apu', { role: 'approver' }),
        person('Ann', { role: 'signer', sms: '+447700900001' }),
        person('Wes', { role: 'witness', sms: '+447700900002' }),
        person('Bob', { role: 'signer' }),
      ],
    },
    [t],
  );
  assert.deepEqual(
    p.recipients.map((r) => [r.role, r.signerNumber]),
    [
      ['approver', 201],
      ['signer', 1],
      ['witness', 101],
      ['signer', 2],
    ],
  );
});

test('a witness needs a signer before it, and only one per signer', () => {
  const t = template([field({ signer: 1 })]);
  assert.match(problems({ signers: [person('Wes', { role: 'witness' }), person('Ann')] }, [t])[0], /^signers\[0\]\.role: .*no signer comes before/);
  assert.match(problems({ signers: [person('Ann'), person('W1', { role: 'witness' }), person('W2', { role: 'witness' })] }, [t])[0], /second witness/);
});

test('a witness and a witnessed signer need sms, as the description says; a signer without a witness does not', () => {
  const t = template([field({ signer: 1 })]);
  assert.deepEqual(problems({ signers: [person('Ann'), person('Wes', { role: 'witness', sms: '+447700900002' }), person('Bob')] }, [t]), [
    'signers[0].sms: signers[0].sms is required for a witnessed signer: a phone number in international format, where the one-time code to sign is sent.',
  ]);
  assert.match(
    problems({ signers: [person('Ann', { sms: '+447700900001' }), person('Wes', { role: 'witness' })] }, [t])[0],
    /^signers\[1\]\.sms: .*required for a witness/,
  );
});

test('signers are sent in order: the first is sent, the rest wait unsent; witnesses wait for their signer', () => {
  const p = plan({ signers: [person('Ann', { sms: '+447700900001' }), person('Wes', { sms: '+447700900002' }), person('Apu'), person('Bob')] }, [witnessed]);
  assert.deepEqual(
    p.recipients.map((r) => r.status),
    [10, 4, 4, 4],
  );
  const all = plan(
    { signers_in_order: false, signers: [person('Ann', { sms: '+447700900001' }), person('Wes', { sms: '+447700900002' }), person('Apu'), person('Bob')] },
    [witnessed],
  );
  assert.deepEqual(
    all.recipients.map((r) => r.status),
    [10, 4, 10, 10],
  );
});

test('ordering follows `order`, not the list position', () => {
  const t = template([field({ signer: 1 }), field({ signer: 2 })]);
  const p = plan({ signers: [person('Second', { order: 1 }), person('First', { order: 0 })] }, [t]);
  assert.deepEqual(
    p.recipients.map((r) => [r.firstname, r.signerNumber, r.status]),
    [
      ['First', 1, 10],
      ['Second', 2, 4],
    ],
  );
});

test('a skipped signer and the witness following it are omitted with their fields', () => {
  const p = plan({ signers: [person('Ann', { skip: true }), person('Wes'), person('Apu'), person('Bob')] }, [witnessed]);
  assert.deepEqual(
    p.recipients.map((r) => [r.firstname, r.signerNumber]),
    [
      ['Apu', 201],
      ['Bob', 2],
    ],
  );
  assert.deepEqual(
    p.skipped.map((s) => [s.signer.firstname, s.reason]),
    [
      ['Ann', 'skip'],
      ['Wes', 'witness of a skipped signer'],
    ],
  );
  assert.deepEqual(p.fields.map((f) => f.signer).sort(), [2, 201]);
  assert.equal(p.recipients[0].status, 10, 'the first remaining recipient is sent');
});

test('skipping everyone is refused', () => {
  const t = template([field({ signer: 1 })]);
  assert.match(problems({ signers: [person('Ann', { skip: 1 })] }, [t])[0], /Every signer is skipped/);
});

test('a template party without a recipient is refused with its name', () => {
  const all = problems({ signers: [person('Ann')] }, [witnessed]);
  assert.ok(
    all.some((m) => /witness 1 \(signer number 101\)/.test(m)),
    all.join('\n'),
  );
  assert.ok(
    all.some((m) => /signer 2 \(signer number 2\)/.test(m)),
    all.join('\n'),
  );
});

test('recipients beyond the template parties default to signers without fields', () => {
  const t = template([field({ signer: 1 })]);
  const p = plan({ signers: [person('Ann'), person('Bob')] }, [t]);
  assert.deepEqual(
    p.recipients.map((r) => [r.role, r.signerNumber, r.hasFields]),
    [
      ['signer', 1, true],
      ['signer', 2, false],
    ],
  );
});

const labelled = template([
  field({ uuid: 'aaaaaaaa-0000-4000-8000-000000000001', element_type: 'admin', signer: 0, label: 'Client name' }),
  field({ uuid: 'aaaaaaaa-0000-4000-8000-000000000002', element_type: 'admin', signer: null, label: 'Fee' }),
  field({ uuid: 'aaaaaaaa-0000-4000-8000-000000000003', element_type: 'text', signer: 1, label: 'Address' }),
  field({ uuid: 'aaaaaaaa-0000-4000-8000-000000000004', element_type: 'signature', signer: 1, label: 'Sign' }),
]);

test('pdftext fills sender fields by label or UUID; signertext pre-fills signer text fields', () => {
  const p = plan(
    {
      signers: [person('Ann')],
      pdftext: { 'client name': 'ACME Ltd', 'aaaaaaaa-0000-4000-8000-000000000002': '100' },
      signertext: { Address: '1 Main St' },
    },
    [labelled],
  );
  const byLabel = Object.fromEntries(p.fields.map((f) => [f.label, f]));
  assert.equal(byLabel['Client name'].value, 'ACME Ltd');
  assert.equal(byLabel['Fee'].value, '100');
  assert.equal(byLabel['Fee'].signer, 0, 'admin elements default to signer 0');
  assert.equal(byLabel['Address'].value, '1 Main St');
  assert.ok(
    p.fields.every((f) => f.uuid && !f.uuid.startsWith('aaaaaaaa')),
    'document fields get their own UUIDs',
  );
});

test('without strict_fields unknown keys are ignored; with it every one is named', () => {
  assert.equal(plan({ signers: [person('Ann')], pdftext: { Nope: 'x' } }, [labelled]).fields.length, 4);
  const all = problems(
    { signers: [person('Ann')], strict_fields: 'true', pdftext: { Nope: 'x', Address: 'y' }, signertext: { Sign: 'z', 'Client name': 'w' } },
    [labelled],
  );
  assert.deepEqual(all.map((m) => m.split(':')[0]).sort(), ['pdftext.Address', 'pdftext.Nope', 'signertext.Client name', 'signertext.Sign']);
  assert.ok(all.some((m) => /pdftext\.Address: it is a signer field; pre-fill it with signertext/.test(m)));
});

test('values are checked by the field model: strict refuses, lenient leaves them out', () => {
  const checkValue = (f: FieldElement, v: string) => (f.label === 'Fee' && !/^\d+$/.test(v) ? 'must be a whole number' : null);
  const opts = { ...options, checkValue };
  assert.match(problems({ signers: [person('Ann')], strict_fields: 1, pdftext: { Fee: 'ten' } }, [labelled], opts)[0], /pdftext\.Fee: must be a whole number$/);
  const lenient = plan({ signers: [person('Ann')], pdftext: { Fee: 'ten' } }, [labelled], opts);
  assert.equal(lenient.fields.find((f) => f.label === 'Fee')!.value, '');
});

test("convert_sender_to_signer turns blank sender fields into the first signer's text fields", () => {
  const p = plan({ signers: [person('Ann')], convert_sender_to_signer: 'true', pdftext: { Fee: '5' } }, [labelled]);
  const byLabel = Object.fromEntries(p.fields.map((f) => [f.label, f]));
  assert.deepEqual([byLabel['Client name'].element_type, byLabel['Client name'].signer], ['text', 1]);
  assert.deepEqual([byLabel['Fee'].element_type, byLabel['Fee'].signer], ['admin', 0]);
});

test('cc default; message, else the named message template, else the group default', () => {
  const t = template([field({ signer: 1 })]);
  const p = plan({ signers: [person('Ann')], cc: 'default' }, [t]);
  assert.deepEqual(p.cc, ['boss@example.com']);
  assert.equal(p.message, 'Group welcome');
  assert.equal(plan({ signers: [person('Ann')], message: 'Hi' }, [t]).message, 'Hi');
  const named = plan({ signers: [person('Ann')], message_template: ' renewal ' }, [t]);
  assert.deepEqual([named.message, named.messageTemplate], ['Time to renew.', 'renewal']);
  assert.equal(plan({ signers: [person('Ann')], message: 'Hi', message_template: 'Renewal' }, [t]).message, 'Hi');
  assert.deepEqual(problems({ signers: [person('Ann')], message_template: 'Mine' }, [t]), [
    'message_template: The group has no message template named "Mine"; it has "Renewal".',
  ]);
  assert.deepEqual(plan({ signers: [person('Ann')], cc: 'x@example.com' }, [t]).cc, ['x@example.com']);
});

test("a bundle concatenates pages and shifts the later templates' fields", () => {
  const a = template([field({ signer: 1, page: 2 })], 2, TPL);
  const b = template([field({ signer: 1, page: 1 }), field({ signer: 2, page: 3 })], 3, TPL2);
  const p = plan({ templatepdf: [TPL, TPL2], signers: [person('Ann'), person('Bob')] }, [a, b]);
  assert.equal(p.pageCount, 5);
  assert.deepEqual(p.parts, [
    { templateId: TPL, firstPage: 1, pageCount: 2 },
    { templateId: TPL2, firstPage: 3, pageCount: 3 },
  ]);
  assert.deepEqual(
    p.fields.map((f) => f.page),
    [2, 3, 5],
  );
});
