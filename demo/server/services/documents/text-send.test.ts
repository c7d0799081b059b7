/**
 * Sending a text document (`text`, or a text template's HTML via `template`, instead of templatepdf): the HTML
 * becomes the document's PDF through the real converter, tags and signature lines become each signer's fields,
 * and the rest is the same send as for a PDF. The template made on the way is archived by the send, and removed
 * again when the send is refused.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { call, createTenant, createTestApp, type TestApp } from '../../../../test/support/server/app.ts';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const person = (name: string) => ({ firstname: name, lastname: 'Example', email: `${name.toLowerCase()}@example.com` });

describe('text document sends', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });
  const group = () => `/api/v1/group/${t.groupId}/`;
  const templateCount = async () => (await t.app.store.templates.list({ groupIds: [t.groupId], limit: 1000, offset: 0 })).total;

  test('text: the HTML is the document, each signer has a signature field, the template made for it is archived', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Consultancy',
      text: '<h2>Consultancy terms</h2><p>Client: <<t=signature;s=1>></p>',
      header: '<p>ACME Ltd</p>',
      signers: [person('Ann'), person('Bob')],
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json().uuid as string;
    const fields = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/fields/`)).json() as { element_type: string; signer: number }[];
    assert.deepEqual(
      fields
        .filter((f) => f.element_type === 'signature')
        .map((f) => f.signer)
        .sort(),
      [1, 2],
    );
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/`);
    assert.equal(pdf.statusCode, 200);
    const text = pdfText(pdf.rawPayload);
    assert.match(text, /Consultancy terms/);
    assert.match(text, /ACME Ltd/);
    const templateId = (await t.app.store.documents.get(id))!.templateIds[0]!;
    assert.equal((await t.app.store.templates.get(templateId))!.archived, true);
    // The document says what it was sent from.
    const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/`)).json();
    assert.deepEqual(
      { text: detail.text, header: detail.header, footer: detail.footer, template: detail.template },
      { text: '<h2>Consultancy terms</h2><p>Client: <<t=signature;s=1>></p>', header: '<p>ACME Ltd</p>', footer: '', template: null },
    );
    // Permanent deletion takes it along.
    assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/delete/`)).statusCode, 204);
    assert.equal(await t.app.store.documentTexts.get(id), null);
    assert.equal(await t.app.store.templates.get(templateId), undefined, 'the PDF made for it goes too');
    assert.equal(await t.app.store.files.exists(`template-${templateId}`), false);
  });

  test('template: a text template of the group is sent the same way', async () => {
    const created = await call(t.app, t.key, 'POST', '/api/v1/template/', {
      group: group(),
      title: 'NDA',
      latest_text: '<p>Mutual non-disclosure.</p><p><<t=signature;s=1>></p>',
    });
    assert.equal(created.statusCode, 201, created.body);
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'NDA for Ann',
      template: created.json().resource_uri,
      signers: [person('Ann')],
    });
    assert.equal(res.statusCode, 201, res.body);
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${res.json().uuid}/`);
    assert.match(pdfText(pdf.rawPayload), /Mutual non-disclosure/);
    const sentFrom = { template: created.json().resource_uri, text: '<p>Mutual non-disclosure.</p><p><<t=signature;s=1>></p>' };
    assert.deepEqual({ template: res.json().template, text: res.json().text }, sentFrom);
    const listed = (await call(t.app, t.key, 'GET', '/api/v1/document/?limit=100')).json().objects as { uuid: string; template: string; text: string }[];
    const entry = listed.find((d) => d.uuid === res.json().uuid)!;
    assert.deepEqual({ template: entry.template, text: entry.text }, sentFrom);
  });

  test('refused: two sources, another group’s text template, an archived one; a refused send leaves no template behind', async () => {
    const both = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Both',
      text: '<p>x</p>',
      templatepdf: '/api/v1/templatepdf/00000000-0000-4000-8000-000000000000/',
      signers: [person('Ann')],
    });
    assert.equal(both.statusCode, 400, both.body);
    assert.ok(both.json().error.fields.some((f: { field: string }) => f.field === 'text'));

    const other = await createTenant(t.app, 'Other');
    const theirs = await call(t.app, other.key, 'POST', '/api/v1/template/', {
      group: `/api/v1/group/${other.groupId}/`,
      title: 'Theirs',
      latest_text: '<p>x</p>',
    });
    const foreign = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Foreign',
      template: theirs.json().resource_uri,
      signers: [person('Ann')],
    });
    assert.equal(foreign.statusCode, 400, foreign.body);

    const mine = await call(t.app, t.key, 'POST', '/api/v1/template/', { group: group(), title: 'Old', latest_text: '<p>x</p>' });
    assert.equal((await call(t.app, t.key, 'DELETE', new URL(mine.json().resource_uri, 'http://x').pathname)).statusCode < 300, true);
    const archived = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Archived',
      template: mine.json().resource_uri,
      signers: [person('Ann')],
    });
    assert.equal(archived.statusCode, 409, archived.body);

    const unplaced = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Unplaced',
      text: '<p><<t=signature;s=3>></p>',
      signers: [person('Ann')],
    });
    assert.equal(unplaced.statusCode, 400, unplaced.body);
    assert.match(unplaced.json().error.message, /The text has tags for signer 3/);

    const before = await templateCount();
    const refused = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: group(),
      name: 'Refused',
      text: '<p>Terms</p>',
      signers: [person('Ann')],
      pdftext: { 'No such field': 'x' },
      strict_fields: true,
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(await templateCount(), before);
  });
});
