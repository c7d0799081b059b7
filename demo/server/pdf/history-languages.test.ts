// The history page in the document's language: labels, Intl dates, right to left for Arabic and Hebrew,
// and a font covering the script embedded in the PDF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { appendHistoryPage, formatInstant, type SigningHistory } from './history-page.ts';
import { visualRuns } from './history-text.ts';
import { placedText } from '../../../test/support/server/pdf.ts';
import { verificationEventText, verificationMethodText } from '../services/signing/verification-history.ts';
import type { AuditEvent } from '../store/documents-history.ts';

async function onePagePdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

function history(original: Uint8Array, language: string): SigningHistory {
  return {
    language,
    documentName: language === 'ar' ? 'عقد الإيجار' : 'Lease',
    documentId: 'abc-123',
    originalPdf: original,
    recipients: [
      { name: 'Ann Owner', email: 'ann@example.com', role: 'Signer 1', status: 'completed', timestamps: [{ label: 'Signed', at: '2026-03-02T10:11:12Z' }] },
    ],
    events: [{ at: '2026-03-02T10:11:12Z', actor: 'Ann Owner <ann@example.com>', action: 'Signed', ip: '203.0.113.9', userAgent: 'Mozilla/5.0' }],
    generatedAt: '2026-03-02T12:00:00Z',
  };
}

/** The embedded fonts' names (those with a font file: FontFile2 for TrueType). */
async function embeddedFonts(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') && object.has(PDFName.of('FontFile2'))) {
      names.push(String(object.get(PDFName.of('FontName'))));
    }
  }
  return names;
}

test('Arabic: labels in Arabic, right-aligned lines, the Latin email kept in order, Intl dates, DejaVu Sans embedded', async () => {
  const original = await onePagePdf();
  const out = await appendHistoryPage(original, history(original, 'ar'));
  const page = (await placedText(out)).filter((t) => t.page === 2);
  const title = page.find((t) => t.str.includes('سجل التوقيع'));
  assert.ok(title, 'the Arabic title');
  assert.ok(title.fx > 0.5, `the title starts right of the middle (right-aligned): ${title.fx}`);
  assert.ok(
    page.some((t) => t.str.includes('ann@example.com')),
    'the email, left to right inside the line',
  );
  assert.ok(
    page.some((t) => t.str.includes('المستلمون')),
    'the recipients heading',
  );
  const date = formatInstant('2026-03-02T10:11:12Z', 'ar');
  assert.equal(
    date,
    `${new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-02T10:11:12Z'))} UTC`,
  );
  assert.ok(
    (await embeddedFonts(out)).some((n) => n.includes('DejaVuSans')),
    'DejaVu Sans embedded',
  );
});

test('Japanese and Chinese: labels, Intl dates, a Noto Sans CJK subset embedded', async () => {
  const original = await onePagePdf();
  for (const [language, heading, font] of [
    ['ja', '署名履歴', 'NotoSansJP'],
    ['zh', '签署记录', 'NotoSansSC'],
  ]) {
    const out = await appendHistoryPage(original, history(original, language));
    const text = (await placedText(out))
      .filter((t) => t.page === 2)
      .map((t) => t.str)
      .join('\n');
    assert.ok(text.includes(heading), `${language}: ${heading}`);
    assert.ok(text.includes('2026年3月2日'), `${language}: the date through Intl`);
    assert.ok(text.includes('Ann Owner <ann@example.com>'), `${language}: Latin text in the same font`);
    const fonts = await embeddedFonts(out);
    assert.ok(
      fonts.some((n) => n.includes(font)),
      `${language}: ${font} embedded (${fonts.join(', ')})`,
    );
    assert.ok(out.length < 400_000, `${language}: the subset keeps the PDF small (${out.length} bytes)`);
  }
});

test('the other languages keep Helvetica and translate every label', async () => {
  const original = await onePagePdf();
  const out = await appendHistoryPage(original, history(original, 'de'));
  const text = (await placedText(out))
    .filter((t) => t.page === 2)
    .map((t) => t.str)
    .join('\n');
  for (const want of ['Signaturverlauf', 'Dokument: Lease', 'Empfänger', 'Ereignisse', 'IP-Adresse: 203.0.113.9', '2. März 2026', 'Seite 1 von 1']) {
    assert.ok(text.includes(want), `${want} in the German page`);
  }
});

test('Arabic and Hebrew: the verification lines translated, the masked number one left-to-right run', async () => {
  const original = await onePagePdf();
  const event = (name: string, details: Record<string, unknown>): AuditEvent => ({
    id: 1,
    documentId: 'abc-123',
    recipientId: 'r1',
    event: name,
    actor: { type: 'recipient', id: 'r1', label: 'Ann', ip: '', userAgent: '' },
    details,
    created: '2026-03-02T10:11:12Z',
    hash: null,
  });
  const sms = { channel: 'sms', to: '+44 7••• ••• 123' };
  const events = [event('verification_code_sent', sms), event('recipient_verified', { ...sms, method: 'sms' })];
  for (const [language, sentWords, verifiedWords] of [
    ['ar', 'رسالة نصية', 'تم التحقق برمز'],
    ['he', 'קוד חד-פעמי נשלח', 'אומת בקוד'],
  ]) {
    const h = history(original, language);
    h.recipients[0]!.timestamps.push(verificationMethodText(events, 'r1', language)!);
    h.events.push({ at: events[0]!.created, actor: 'Ann', action: verificationEventText(events[0]!, language)!, ip: '', userAgent: '' });
    const page = (await placedText(await appendHistoryPage(original, h))).filter((t) => t.page === 2);
    const all = page.map((t) => t.str).join('\n');
    assert.ok(all.includes(sentWords) && all.includes(verifiedWords), `${language}: the lines translated:\n${all}`);
    assert.ok(all.includes('••• 123'), `${language}: the masked number as recorded:\n${all}`);
    assert.ok(!/[?\u2066-\u2069]/.test(all), `${language}: no isolate mark drawn, not even as "?"`);
    // The order the line is drawn in (pdf.js re-orders what it extracts, so the runs are checked instead).
    for (const line of [h.events[1]!.action, h.recipients[0]!.timestamps[1]!.label]) {
      assert.ok(
        visualRuns(line, 'rtl').some((r) => r.text === '+44 7••• ••• 123' && !r.rtl),
        `${language}: one left-to-right run in ${JSON.stringify(visualRuns(line, 'rtl'))}`,
      );
    }
  }
});

test('visual runs: a right-to-left line keeps its Latin and digits left to right, in visual order', () => {
  assert.deepEqual(visualRuns('مرحبا abc 12', 'rtl'), [
    { text: 'abc 12', rtl: false },
    { text: 'مرحبا ', rtl: true },
  ]);
  assert.deepEqual(visualRuns('Ann: שלום', 'ltr'), [
    { text: 'Ann: ', rtl: false },
    { text: 'שלום', rtl: true },
  ]);
  // An isolate keeps a masked number one left-to-right run; the marks themselves are not drawn.
  assert.deepEqual(visualRuns('إلى \u2066+44 7••• ••• 123\u2069', 'rtl'), [
    { text: '+44 7••• ••• 123', rtl: false },
    { text: 'إلى ', rtl: true },
  ]);
  // Brackets in a right-to-left run are mirrored (the glyph of "(" shows the closing side).
  assert.deepEqual(visualRuns('(א)', 'rtl'), [{ text: ')א(', rtl: true }]);
});
