import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { detectFormat } from './detect.ts';
import { cfbEntryNames } from './cfb.ts';
import { checkZip } from './zip-guard.ts';
import { decodeText } from './text.ts';
import { sanitiseHtml, sanitiseCss } from './html-sanitise.ts';
import { docx, wordml2003, zipBombDocx } from './office-files.ts';
import { UnprocessableError, UnsupportedFormatError } from '../domain/errors.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/convert');
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

describe('format detection from the bytes', () => {
  const expected: Record<string, string> = {
    'ft-fixture2.docx': 'docx',
    'ft-fixture.doc': 'doc',
    'ft-fixture.odt': 'odt',
    'ft-fixture.rtf': 'rtf',
    'ft-fixture2.xlsx': 'xlsx',
    'ft-fixture.xls': 'xls',
    'ft-fixture.ods': 'ods',
    'pandas-test1.csv': 'csv',
    'poi-quick.html': 'html',
    'poi-SampleDoc.txt': 'text',
    'cpython-module_iso_8859_1.txt': 'text',
    'ft-fixture.png': 'png',
    'ft-fixture.jpg': 'jpg',
    'ft-fixture.gif': 'gif',
    'ft-fixture.webp': 'webp',
    'ft-fixture-little-endian.tif': 'tif',
    'ft-fixture-mif1.heic': 'heic',
  };
  for (const [name, format] of Object.entries(expected)) {
    test(`${name} is ${format}`, async () => {
      assert.equal((await detectFormat(read(name))).format, format);
    });
  }

  test('the OLE2 directory tells .doc from .xls from an encrypted OOXML', () => {
    assert.ok(cfbEntryNames(read('ft-fixture.doc')).includes('WordDocument'));
    assert.ok(cfbEntryNames(read('ft-fixture.xls')).includes('Workbook'));
    assert.ok(cfbEntryNames(read('poi-protected_agile.docx')).includes('EncryptedPackage'));
  });

  test('a password-protected .docx is refused as such (422), not as an unknown format', async () => {
    await assert.rejects(
      detectFormat(read('poi-protected_agile.docx')),
      (e: Error) => e instanceof UnprocessableError && e.code === 'convert_password_protected' && /password/.test(e.message),
    );
  });

  test('a binary file of another kind gets 415 naming the accepted formats', async () => {
    const zipOfNothing = (await import('fflate')).zipSync({ 'a.bin': new Uint8Array([1, 2, 3]) });
    for (const bytes of [zipOfNothing, new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])]) {
      await assert.rejects(detectFormat(bytes), (e: Error) => e instanceof UnsupportedFormatError && /Accepted: PDF; Word/.test(e.message));
    }
  });

  test('a PNG whose name says .docx is a PNG (names are never looked at)', async () => {
    assert.equal((await detectFormat(read('ft-fixture.png'))).format, 'png');
  });

  test('an XHTML page (XML declaration, XHTML doctype, namespaced <html>) is HTML, not XML', async () => {
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Terms</title></head><body><p>Terms of service</p></body></html>`;
    const detected = await detectFormat(new Uint8Array(Buffer.from(xhtml)));
    assert.equal(detected.format, 'html');
    assert.match(detected.text!, /Terms of service/);
    const bare = '<?xml version="1.0"?>\n<!-- exported --><html xmlns="http://www.w3.org/1999/xhtml"><body>Hi</body></html>';
    assert.equal((await detectFormat(new Uint8Array(Buffer.from(bare)))).format, 'html');
  });

  test('a Word 2003 XML document (WordprocessingML), whatever its name, is a Word document', async () => {
    assert.equal((await detectFormat(wordml2003('Agreement', 'First clause'))).format, 'wordml');
  });

  test('other XML is still refused as XML (415)', async () => {
    const xml = new Uint8Array(Buffer.from('<?xml version="1.0"?><note xmlns="urn:example"><to>Tove</to></note>'));
    await assert.rejects(detectFormat(xml), (e: Error) => e instanceof UnsupportedFormatError && /XML/.test(e.message));
    const foreignWord = new Uint8Array(Buffer.from('<?xml version="1.0"?><w:wordDocument xmlns:w="urn:not-word"/>'));
    await assert.rejects(detectFormat(foreignWord), UnsupportedFormatError);
  });

  test('an empty file is refused', async () => {
    await assert.rejects(detectFormat(new Uint8Array(0)), (e: Error) => e instanceof UnprocessableError && e.code === 'convert_empty');
  });
});

describe('zip guard', () => {
  test('an ordinary docx passes, with its entry count', () => {
    const verdict = checkZip(docx([[['hello']]]), { maxInflatedBytes: 1e6, maxEntries: 100 });
    assert.equal(verdict.ok, true);
  });

  test('a real zip bomb (21 MB compressed to a few KB) is refused by its declared sizes', () => {
    const bomb = zipBombDocx(3, 7);
    assert.ok(bomb.length < 200_000, `bomb is ${bomb.length} bytes`);
    const verdict = checkZip(bomb, { maxInflatedBytes: 20 * 1048576, maxEntries: 100 });
    assert.equal(verdict.ok, false);
    assert.match((verdict as { reason: string }).reason, /zip bomb/);
  });

  test('too many entries, ZIP64 markers and a truncated file are refused', () => {
    assert.equal(checkZip(docx([[['x']]]), { maxInflatedBytes: 1e9, maxEntries: 2 }).ok, false);
    const z = docx([[['x']]]);
    const eocd = z.length - 22;
    const zip64 = z.slice();
    new DataView(zip64.buffer).setUint16(eocd + 10, 0xffff, true);
    assert.match((checkZip(zip64, { maxInflatedBytes: 1e9, maxEntries: 1e6 }) as { reason: string }).reason, /ZIP64/);
    assert.match((checkZip(z.subarray(0, z.length - 40), { maxInflatedBytes: 1e9, maxEntries: 100 }) as { reason: string }).reason, /damaged/);
  });
});

describe('text decoding', () => {
  test('BOMs, strict UTF-8, legacy encodings', () => {
    assert.equal(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9])).text, 'hé');
    assert.equal(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0, 0xe9, 0])).text, 'hé');
    assert.equal(decodeText(new Uint8Array(Buffer.from('vérité', 'utf8'))).text, 'vérité');
    assert.match(decodeText(read('cpython-module_iso_8859_1.txt')).text, /oublié cette vérité/);
    const russian = iconv.encode('Съешь же ещё этих мягких французских булок, да выпей чаю. '.repeat(4), 'koi8-r');
    assert.match(decodeText(new Uint8Array(russian)).text, /французских булок/);
  });
});

describe('HTML sanitising', () => {
  const hostile = `<!doctype html><html><head><base href="http://127.0.0.1:9/"><meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/">
    <link rel="stylesheet" href="http://127.0.0.1:9/x.css"><style>@import url(http://127.0.0.1:9/a.css); body { background: u\\72l(http://127.0.0.1:9/b.png) }</style>
    <script>fetch('http://127.0.0.1:9/')</script></head><body background="file:///etc/passwd">
    <p>Hello</p><img src="http://127.0.0.1:9/i.png"><img src="file:///etc/passwd"><img src="data:image/png;base64,iVBORw0KGgo=">
    <img srcset="http://127.0.0.1:9/s.png 2x"><iframe src="file:///etc/passwd"></iframe><object data="file:///etc/passwd"></object>
    <embed src="http://127.0.0.1:9/e"><svg><image xlink:href="http://127.0.0.1:9/svg.png"/></svg><video poster="http://127.0.0.1:9/p.png"></video>
    <a href="https://example.com/terms">terms</a> <a href="file:///etc/passwd">passwd</a> <a href="jav&#x09;ascript:alert(1)">js</a> <a href="../rel">rel</a>
    <div style="background-image: url('http://127.0.0.1:9/d.png')" onclick="x()">styled</div><form action="http://127.0.0.1:9/f"></form></body></html>`;

  test('nothing that can load a resource survives; text, data: images and http(s) links do', () => {
    const out = sanitiseHtml(hostile);
    assert.doesNotMatch(
      out,
      /127\.0\.0\.1|file:|<script|<iframe|<object|<embed|<link|<base|refresh|<svg|onclick|javascript|url\(|@import|srcset|poster|action=|\.\.\/rel/i,
    );
    assert.match(out, /<p>Hello<\/p>/);
    assert.match(out, /src="data:image\/png;base64,iVBORw0KGgo="/);
    assert.match(out, /href="https:\/\/example.com\/terms"/);
    assert.match(out, /charset=utf-8/);
  });

  test('CSS escapes cannot hide a url(', () => {
    assert.doesNotMatch(sanitiseCss('a{b:\\75 rl(http://x/)}'), /url\(/i);
    assert.doesNotMatch(sanitiseCss('@im\\port "http://x/a.css";'), /@import/i);
  });
});
