/** Text in a field box: the field's font, size and alignment; wrapped when the box holds several lines, shrunk when one line does not fit. */
import type { PDFFont } from 'pdf-lib';
import type { PageCanvas } from './canvas.ts';
import type { FieldElement } from '../../../../src/fields/types.ts';
import type { FieldFrame } from './frame.ts';
import type { FontBook } from './fonts.ts';

const PAD = 2;
const LINE = 1.2;
const MIN_SIZE = 4;

/** Greedy word wrap to `width`; words longer than a line are broken by character. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (line === '' || font.widthOfTextAtSize(candidate.trimEnd(), size) <= width) {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word.trimStart();
      while (line && font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export interface TextLayout {
  font: PDFFont;
  size: number;
  lines: { text: string; x: number; y: number }[];
}

export function layoutText(font: PDFFont, text: string, fontSize: number, align: number, frame: FieldFrame): TextLayout {
  const inner = Math.max(1, frame.width - 2 * PAD);
  const xFor = (line: string, size: number) => {
    const w = font.widthOfTextAtSize(line, size);
    if (align === 2) return (frame.width - w) / 2;
    if (align === 3) return frame.width - PAD - w;
    return PAD;
  };
  // One line, centred vertically, when the text fits or the box has no room for a second line;
  // wrapped from the top otherwise.
  const fitsOneLine = !/[\r\n]/.test(text) && font.widthOfTextAtSize(text, fontSize) <= inner;
  const roomForTwo = frame.height >= 2 * LINE * fontSize + PAD;
  if (fitsOneLine || !roomForTwo) {
    const one = text.replace(/\s*[\r\n]+\s*/g, ' ');
    const width = font.widthOfTextAtSize(one, fontSize);
    const size = width > inner ? Math.max(MIN_SIZE, (fontSize * inner) / width) : fontSize;
    // Centre the glyphs' cap height on the box's middle.
    const y = frame.height / 2 - size * 0.35;
    return { font, size, lines: [{ text: one, x: xFor(one, size), y }] };
  }
  const lines = wrapText(font, text, fontSize, inner);
  return {
    font,
    size: fontSize,
    lines: lines.map((line, i) => ({ text: line, x: xFor(line, fontSize), y: frame.height - PAD - fontSize * 0.9 - i * fontSize * LINE })),
  };
}

/**
 * Resolves the font (async: it may be embedded now) and lays the text out; the returned painter
 * draws synchronously, so the caller can emit it inside the field's frame.
 */
export async function textFieldPainter(canvas: PageCanvas, frame: FieldFrame, element: FieldElement, text: string, fonts: FontBook, oblique = false): Promise<() => void> {
  const { font, text: drawable } = await fonts.forText(element.font_name, text, oblique ? 'oblique' : undefined);
  const size = element.font_size >= 1 ? element.font_size : 10;
  const layout = oblique ? fitOneLine(font, drawable, frame) : layoutText(font, drawable, size, element.align ?? 1, frame);
  return () => {
    for (const line of layout.lines) {
      canvas.text(font, layout.size, line.x, line.y, line.text);
    }
  };
}

/** A typed signature: one line, as large as the box allows, centred. */
function fitOneLine(font: PDFFont, text: string, frame: FieldFrame): TextLayout {
  const line = text.replace(/\s+/g, ' ').trim();
  const byHeight = frame.height * 0.6;
  const byWidth = ((frame.width - 2 * PAD) * 1000) / Math.max(1, font.widthOfTextAtSize(line, 1000));
  const size = Math.max(MIN_SIZE, Math.min(byHeight, byWidth, 28));
  return { font, size, lines: [{ text: line, x: (frame.width - font.widthOfTextAtSize(line, size)) / 2, y: frame.height / 2 - size * 0.35 }] };
}
