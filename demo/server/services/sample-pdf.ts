/** The demo's sample contract: a 2-page agreement with signature lines, made with pdf-lib once per process. */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

let cached: Promise<Uint8Array> | undefined;

export function samplePdf(): Promise<Uint8Array> {
  cached ??= buildSamplePdf();
  return cached;
}

const CLAUSES = [
  [
    '1. Services',
    'The Provider will design, build and deliver the software described in Schedule A, and will keep the Client informed of progress at least once every two weeks.',
  ],
  ['2. Fees', 'The Client will pay the fees in Schedule B within thirty (30) days of each invoice. Late amounts carry interest at one percent per month.'],
  [
    '3. Confidentiality',
    "Each party keeps the other party's confidential information secret and uses it only to perform this Agreement, during its term and for three years after.",
  ],
  [
    '4. Intellectual property',
    "On full payment, the Provider assigns to the Client all rights in the deliverables, except the Provider's pre-existing tools, which it licenses to the Client.",
  ],
  [
    '5. Term and termination',
    "This Agreement starts on the Effective Date and runs until the services are delivered. Either party may end it on thirty days' written notice.",
  ],
  [
    '6. Liability',
    "Neither party is liable for indirect or consequential loss. Each party's total liability is limited to the fees paid in the twelve months before the claim.",
  ],
  [
    '7. Governing law',
    'This Agreement is governed by the laws of the place where the Provider has its registered office, whose courts have exclusive jurisdiction.',
  ],
];

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = `${line} ${word}`.trim();
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function buildSamplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Sample Services Agreement');
  doc.setCreator('esign-elements demo');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);

  const first = doc.addPage([612, 792]);
  first.drawText('SERVICES AGREEMENT', { x: 72, y: 710, size: 20, font: bold, color: ink });
  first.drawText('between Example Provider Ltd ("Provider") and the Client named below ("Client")', { x: 72, y: 686, size: 10, font, color: ink });
  let y = 650;
  for (const [heading, body] of CLAUSES.slice(0, 5)) {
    first.drawText(heading!, { x: 72, y, size: 12, font: bold, color: ink });
    y -= 18;
    for (const line of wrap(body!, 90)) {
      first.drawText(line, { x: 72, y, size: 10.5, font, color: ink });
      y -= 15;
    }
    y -= 14;
  }
  first.drawText('Page 1 of 2', { x: 276, y: 40, size: 9, font, color: ink });

  const second = doc.addPage([612, 792]);
  y = 720;
  for (const [heading, body] of CLAUSES.slice(5)) {
    second.drawText(heading!, { x: 72, y, size: 12, font: bold, color: ink });
    y -= 18;
    for (const line of wrap(body!, 90)) {
      second.drawText(line, { x: 72, y, size: 10.5, font, color: ink });
      y -= 15;
    }
    y -= 14;
  }
  second.drawText('SIGNATURES', { x: 72, y: 520, size: 14, font: bold, color: ink });
  const party = (label: string, x: number) => {
    second.drawText(label, { x, y: 490, size: 11, font: bold, color: ink });
    for (const [caption, lineY] of [
      ['Signature', 430],
      ['Name', 380],
      ['Date', 330],
    ] as const) {
      second.drawLine({ start: { x, y: lineY }, end: { x: x + 220, y: lineY }, thickness: 0.8, color: ink });
      second.drawText(caption, { x, y: lineY - 13, size: 9, font, color: ink });
    }
  };
  party('Provider', 72);
  party('Client', 330);
  second.drawText('Page 2 of 2', { x: 276, y: 40, size: 9, font, color: ink });
  return doc.save();
}
