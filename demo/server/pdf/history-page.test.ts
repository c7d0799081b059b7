import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { appendHistoryPage, formatInstant, sha256Hex, type SigningHistory } from './history-page.ts';
import { placedText } from '../../../test/support/server/pdf.ts';

async function twoPagePdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.addPage([612, 792]);
  return doc.save();
}

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0 with a very long tail that must wrap onto another line';

function history(original: Uint8Array, events = 2): SigningHistory {
  return {
    documentName: 'Lease agreement – Flat 2',
    documentId: '6f1c1e0a-8d55-4c61-9a3e-3b8a1d7f9c20',
    originalPdf: original,
    recipients: [
      {
        name: 'Ann Owner',
        email: 'ann@example.com',
        role: 'Signer 1',
        status: 'completed',
        timestamps: [
          { label: 'Sent', at: '2026-03-01T09:00:00Z' },
          { label: 'Signed', at: '2026-03-02T10:11:12Z' },
        ],
      },
      {
        name: 'Łukasz Świątek',
        email: 'lukasz@example.com',
        role: 'Witness of signer 1',
        status: 'completed',
        timestamps: [{ label: 'Signed', at: '2026-03-02T11:00:00Z' }],
      },
    ],
    events: Array.from({ length: events }, (_, i) => ({
      at: new Date(Date.UTC(2026, 2, 2, 10, i)),
      actor: 'Ann Owner',
      action: `Signed (event ${i + 1})`,
      ip: `203.0.113.${i % 250}`,
      userAgent: UA,
    })),
    generatedAt: '2026-03-02T12:00:00Z',
  };
}

test('appendHistoryPage adds a page with the document, hash, recipients and signing events', async () => {
  const original = await twoPagePdf();
  const out = await appendHistoryPage(original, history(original));
  const doc = await PDFDocument.load(out);
  assert.equal(doc.getPageCount(), 3);
  const text = (await placedText(out))
    .filter((t) => t.page === 3)
    .map((t) => t.str)
    .join('\n');
  for (const want of [
    'Signing history',
    'Lease agreement – Flat 2',
    '6f1c1e0a-8d55-4c61-9a3e-3b8a1d7f9c20',
    sha256Hex(original),
    'Ann Owner <ann@example.com>',
    'Łukasz Świątek',
    'Role: Witness of signer 1',
    'Status: completed',
    'Signed: 2026-03-02 10:11:12 UTC',
    'IP address: 203.0.113.1',
    'Mozilla/5.0',
    'must wrap',
  ])
    assert.ok(text.includes(want), `${want} in history page text`);
  // The long user agent wrapped: its start and its end are on different lines.
  const lines = text.split('\n');
  assert.ok(lines.findIndex((l) => l.includes('User agent: Mozilla')) < lines.findIndex((l) => l.includes('must wrap')));
});

test('a long history continues on further pages, each with a footer', async () => {
  const original = await twoPagePdf();
  const out = await appendHistoryPage(original, history(original, 60));
  const doc = await PDFDocument.load(out);
  assert.ok(doc.getPageCount() >= 5, `pages: ${doc.getPageCount()}`);
  const placed = await placedText(out);
  const n = doc.getPageCount() - 2;
  for (let i = 1; i <= n; i++)
    assert.ok(
      placed.some((t) => t.page === i + 2 && t.str.includes(`page ${i} of ${n}`)),
      `footer ${i}`,
    );
  assert.ok(
    placed.some((t) => t.str.includes('Signed (event 60)')),
    'the last event is there',
  );
  assert.ok(
    placed.every((t) => t.fy > 0 && t.fy < 1),
    'nothing is written off the page',
  );
});

test('formatInstant prints UTC and leaves unparseable values as given', () => {
  assert.equal(formatInstant('2026-03-02T10:11:12.345+01:00'), '2026-03-02 09:11:12 UTC');
  assert.equal(formatInstant('yesterday'), 'yesterday');
});

/** Text runs per page of the history pages (after the two contract pages), footers left out. */
async function historyPages(out: Uint8Array): Promise<string[][]> {
  const runs = (await placedText(out)).filter((t) => t.page > 2 && !t.str.startsWith('Signing history of document'));
  const pages: string[][] = [];
  for (const r of runs) (pages[r.page - 3] ??= []).push(r.str);
  return pages;
}

test('no orphan page: whatever the number of events, the last history page holds several lines and no event is split', async () => {
  const original = await twoPagePdf();
  const seen = new Set<number>();
  // Every count from one page to three: some of them used to leave one event (or nothing) on the last page.
  for (let events = 14; events <= 44; events += 3) {
    const out = await appendHistoryPage(original, history(original, events));
    const pages = await historyPages(out);
    seen.add(pages.length);
    assert.equal((await PDFDocument.load(out)).getPageCount(), 2 + pages.length, `${events} events: no page with only a footer`);
    const last = pages.at(-1)!;
    if (pages.length > 1) assert.ok(last.length >= 8, `${events} events: the last page has ${last.length} text runs: ${last.join(' | ')}`);
    for (const [i, page] of pages.entries()) {
      // An event's IP address and user agent are on the page of the event itself.
      const first = page.findIndex(
        (s) => !s.startsWith('IP address') && !s.startsWith('User agent') && !s.includes('must wrap') && !/^\(KHTML|^Safari/.test(s),
      );
      assert.ok(!page[0].startsWith('IP address') && !page[0].startsWith('User agent'), `${events} events, page ${i + 1} starts inside an event: ${page[0]}`);
      assert.ok(first >= 0);
      assert.ok(!['Recipients', 'Events'].includes(page.at(-1)!), `${events} events, page ${i + 1} ends on a heading`);
    }
    const all = pages.flat().join('\n');
    for (let n = 1; n <= events; n++) assert.ok(all.includes(`(event ${n})`), `${events} events: event ${n} is printed`);
  }
  assert.ok(seen.size >= 2, 'the counts covered more than one page count');
});
