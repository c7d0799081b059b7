import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSendRequest } from './send-request.ts';
import type { SendRequest } from './send-request.ts';
import { encodeWebAppId } from './resource-ref.ts';
import { ReviewerSchema, SendBody, SendSignerSchema } from './send-body.ts';

const TPL = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const TPL2 = '11111111-2222-4333-8444-555555555555';

function body(extra: Record<string, unknown> = {}) {
  return {
    group: '/api/v1/group/my-team/',
    name: 'Lease',
    templatepdf: `/api/v1/templatepdf/${TPL}/`,
    signers: [{ firstname: 'Ann', lastname: 'Lee', email: 'ann@example.com' }],
    ...extra,
  };
}

function ok(input: unknown): SendRequest {
  const r = parseSendRequest(input);
  if (!r.ok) assert.fail(`expected ok, got ${JSON.stringify(r.problems)}`);
  return r.request;
}

function fields(input: unknown): string[] {
  const r = parseSendRequest(input);
  assert.equal(r.ok, false, 'expected problems');
  return r.ok ? [] : r.problems.map((x) => x.field);
}

test('a minimal send parses with defaults', () => {
  const r = ok(body());
  assert.equal(r.groupId, 'my-team');
  assert.deepEqual(r.templateIds, [TPL]);
  assert.equal(r.name, 'Lease');
  assert.equal(r.doEmail, false);
  assert.equal(r.signersInOrder, true);
  assert.deepEqual(r.cc, []);
  assert.equal(r.signers[0].order, 0);
  assert.equal(r.signers[0].role, null);
  assert.equal(r.signers[0].skip, false);
});

test('a non-object body and missing required fields are all named', () => {
  assert.deepEqual(fields('nope'), ['(body)']);
  assert.deepEqual(fields(null), ['(body)']);
  assert.deepEqual(fields({}).sort(), ['group', 'name', 'signers', 'templatepdf']);
});

test('signer problems name the signer and the field', () => {
  const f = fields(body({ signers: [{ firstname: '', lastname: 'Lee', email: 'not-an-email', role: 'boss', skip: 'maybe', order: -1 }, 'x'] }));
  assert.deepEqual(f.sort(), ['signers[0].email', 'signers[0].firstname', 'signers[0].order', 'signers[0].role', 'signers[0].skip', 'signers[1]']);
  assert.deepEqual(fields(body({ signers: [] })), ['signers']);
  assert.equal(
    ok(body({ signers: [{ firstname: 'A', lastname: 'B', email: 'a@b.co', colour: 'red' }] })).signers.length,
    1,
    'unknown signer fields are ignored',
  );
});

test('signers are sorted by order; duplicate orders are refused', () => {
  const r = ok(
    body({
      signers: [
        { firstname: 'B', lastname: 'B', email: 'b@example.com', order: 1 },
        { firstname: 'A', lastname: 'A', email: 'a@example.com', order: 0 },
      ],
    }),
  );
  assert.deepEqual(
    r.signers.map((s) => [s.firstname, s.order, s.index]),
    [
      ['A', 0, 1],
      ['B', 1, 0],
    ],
  );
  assert.deepEqual(
    fields(
      body({
        signers: [
          { firstname: 'B', lastname: 'B', email: 'b@example.com', order: 0 },
          { firstname: 'A', lastname: 'A', email: 'a@example.com', order: '0' },
        ],
      }),
    ),
    ['signers[1].order'],
  );
});

test('booleans accept true, "true" and 1 and refuse anything else', () => {
  for (const t of [true, 'true', 1, '1']) {
    const r = ok(body({ convert_sender_to_signer: t, strict_fields: t, do_email: t, append_history: t, append_pdf: t }));
    assert.deepEqual([r.convertSenderToSigner, r.strictFields, r.doEmail, r.appendHistory, r.appendPdf], [true, true, true, true, true]);
  }
  for (const f of [false, 'false', 0, '0']) assert.equal(ok(body({ strict_fields: f })).strictFields, false);
  assert.deepEqual(fields(body({ do_email: 'yes', strict_fields: 2, append_pdf: {} })).sort(), ['append_pdf', 'do_email', 'strict_fields']);
  assert.equal(ok(body({ signers: [{ firstname: 'A', lastname: 'B', email: 'a@b.co', skip: 'true' }] })).signers[0].skip, true);
});

test('tags tag..tag3 are kept; over-long or non-string tags are refused', () => {
  const r = ok(body({ tag: 'ref-1', tag1: 'a', tag2: 'b', tag3: 'c' }));
  assert.deepEqual([r.tag, r.tag1, r.tag2, r.tag3], ['ref-1', 'a', 'b', 'c']);
  assert.deepEqual(fields(body({ tag: 'x'.repeat(251), tag3: 5 })).sort(), ['tag', 'tag3']);
});

test('cc: default, a comma list, a JSON list; bad addresses named', () => {
  assert.equal(ok(body({ cc: 'default' })).cc, 'default');
  assert.deepEqual(ok(body({ cc: 'a@example.com, b@example.com' })).cc, ['a@example.com', 'b@example.com']);
  assert.deepEqual(ok(body({ cc_emails: ['c@example.com'] })).cc, ['c@example.com']);
  assert.deepEqual(fields(body({ cc: ['ok@example.com', 'bad'] })), ['cc[1]']);
  assert.deepEqual(fields(body({ cc: 'default', cc_emails: 'a@example.com' })), ['cc']);
});

test('templates: resource URI, full URL, bare UUID, web-app id, a bundle', () => {
  assert.deepEqual(ok(body({ templatepdf: TPL })).templateIds, [TPL]);
  assert.deepEqual(ok(body({ templatepdf: `http://localhost:8080/api/v1/templatepdf/${TPL}/` })).templateIds, [TPL]);
  assert.deepEqual(ok(body({ templatepdf: encodeWebAppId(TPL, 'tpl') })).templateIds, [TPL]);
  assert.deepEqual(ok(body({ templatepdf: [`/api/v1/templatepdf/${TPL}/`, TPL2] })).templateIds, [TPL, TPL2]);
  const bundle = body({ bundle: [TPL2, TPL] });
  delete (bundle as Record<string, unknown>).templatepdf;
  assert.deepEqual(ok(bundle).templateIds, [TPL2, TPL]);
  assert.deepEqual(fields(body({ bundle: [TPL] })), ['bundle']);
  assert.deepEqual(fields(body({ templatepdf: '/api/v1/group/x/' })), ['templatepdf']);
  assert.deepEqual(fields(body({ templatepdf: [TPL, 'nope'] })), ['templatepdf[1]']);
  assert.deepEqual(fields(body({ templatepdf: [] })), ['templatepdf']);
  assert.deepEqual(fields(body({ template: '/api/v1/template/x/' })), ['template']);
});

test('group accepts a URI or an id and refuses other resources', () => {
  assert.equal(ok(body({ group: 'my-team' })).groupId, 'my-team');
  assert.deepEqual(fields(body({ group: '/api/v1/templatepdf/x/' })), ['group']);
  assert.deepEqual(fields(body({ group: 42 })), ['group']);
});

test('pdftext and signertext are maps of strings; numbers become text', () => {
  const r = ok(body({ pdftext: { 'Client name': 'ACME', Amount: 12 }, signertext: { [TPL]: 'x' } }));
  assert.deepEqual(r.pdftext, { 'Client name': 'ACME', Amount: '12' });
  assert.deepEqual(r.signertext, { [TPL]: 'x' });
  assert.deepEqual(fields(body({ pdftext: ['a'] })), ['pdftext']);
  assert.deepEqual(fields(body({ signertext: { a: { b: 1 } } })), ['signertext.a']);
});

test('pdf password needs its type; redirect must be a URL; deprecated fields are ignored', () => {
  const r = ok(
    body({ pdf_password: 'open sesame', pdf_password_type: 2, redirect: 'https://example.com/done', sign_mouse: true, sign_type: 1, sign_upload: 'x' }),
  );
  assert.equal(r.pdfPassword, 'open sesame');
  assert.equal(r.pdfPasswordType, 2);
  assert.equal(r.redirect, 'https://example.com/done');
  assert.deepEqual(fields(body({ pdf_password: 'x' })), ['pdf_password_type']);
  assert.deepEqual(fields(body({ pdf_password_type: 1 })), ['pdf_password']);
  assert.deepEqual(fields(body({ pdf_password: 'x', pdf_password_type: 3 })), ['pdf_password_type']);
  assert.deepEqual(fields(body({ redirect: 'javascript:alert(1)' })), ['redirect']);
  assert.deepEqual(fields(body({ signers: [{ firstname: 'A', lastname: 'B', email: 'a@b.co', redirect: 'nope' }] })), ['signers[0].redirect']);
});

test('unknown top-level fields are ignored (forward compatibility); text documents have one source', () => {
  assert.equal(ok(body({ signature_type: 4, auto_archive: true, future_field: 'x' })).name, 'Lease');
  assert.deepEqual(fields(body({ text: '<p>hi</p>' })), ['text'], 'text and templatepdf: two sources');
  const text = body({ text: '<p>hi</p>', header: 'ACME' });
  delete (text as Record<string, unknown>).templatepdf;
  assert.deepEqual(ok(text).textSource, { textTemplateId: null, html: '<p>hi</p>', header: 'ACME', footer: '' });
  assert.deepEqual(ok(text).templateIds, []);
  const fromTemplate = body({ template: `/api/v1/template/${TPL}/` });
  delete (fromTemplate as Record<string, unknown>).templatepdf;
  assert.equal(ok(fromTemplate).textSource?.textTemplateId, TPL);
  assert.equal(ok(body()).textSource, null);
  // An empty text alone is named as such; beside a templatepdf (a document echoed back) it is no source.
  for (const empty of ['', '  ']) {
    const only = body({ text: empty });
    delete (only as Record<string, unknown>).templatepdf;
    assert.deepEqual(fields(only), ['text']);
  }
  assert.equal(ok(body({ text: '' })).textSource, null);
  const badTemplate = body({ template: 'garbage' });
  delete (badTemplate as Record<string, unknown>).templatepdf;
  const r = parseSendRequest(badTemplate);
  assert.ok(!r.ok && r.problems.some((x) => x.field === 'template' && /"garbage" is not a UUID/.test(x.message)));
});

test('reviewers on the document and on a signer; honorifics', () => {
  const r = ok(
    body({
      reviewers: [{ email: 'rev@example.com' }],
      honorifics: 'true',
      signers: [{ firstname: 'A', lastname: 'B', email: 'a@b.co', honorific: 'Dr.', reviewers: [{ email: 'r2@example.com', include_link: 1 }] }],
    }),
  );
  assert.equal(r.reviewers[0].email, 'rev@example.com');
  assert.equal(r.honorifics, true);
  assert.equal(r.signers[0].honorific, 'Dr', 'normalised to the list spelling');
  assert.equal(r.signers[0].reviewers[0].includeLink, true);
  assert.deepEqual(fields(body({ reviewers: [{ firstname: 'x' }] })), ['reviewers[0].email']);
});

test('message and message_template are kept', () => {
  const r = ok(body({ message: 'Please sign', message_template: 'Welcome' }));
  assert.equal(r.message, 'Please sign');
  assert.equal(r.messageTemplate, 'Welcome');
});

test("names follow the description's pattern ^[-\\w' ]: an underscore is a valid name, a < is not", () => {
  const r = ok(body({ signers: [{ firstname: '_', lastname: 'O_Neil', email: 'x@example.com' }] }));
  assert.equal(r.signers[0].firstname, '_');
  assert.deepEqual(fields(body({ signers: [{ firstname: '<b>', lastname: 'Lee', email: 'x@example.com' }] })), ['signers[0].firstname']);
});

test('the parser checks every property the send-body schema names (one definition of a send body)', () => {
  // A value no property accepts in that place: 7 at the top level (pdftext would take {}), {} in a signer (order would take 7).
  for (const key of Object.keys(SendBody.properties)) {
    assert.ok(
      fields(body({ [key]: 7 })).some((f) => f === key || f.startsWith(`${key}[`) || f.startsWith(`${key}.`)),
      `${key} is checked`,
    );
  }
  for (const key of Object.keys(SendSignerSchema.properties)) {
    const signer = { firstname: 'A', lastname: 'B', email: 'a@b.co', [key]: {} };
    assert.ok(
      fields(body({ signers: [signer] })).some((f) => f.startsWith(`signers[0].${key}`)),
      `signers[].${key} is checked`,
    );
  }
  for (const key of Object.keys(ReviewerSchema.properties)) {
    const reviewer = { email: 'r@example.com', [key]: 7 };
    assert.ok(
      fields(body({ reviewers: [reviewer] })).some((f) => f.startsWith(`reviewers[0].${key}`)),
      `reviewers[].${key} is checked`,
    );
  }
});
