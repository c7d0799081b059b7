/** Text in a field box: the field's font, size and alignment; wrapped when the box holds several lines, shrunk when one line does not fit. */
import type { PDFFont } from 'pdf-lib';
import type { PageCanvas } from './canvas.ts';
import type { FieldElement } from 'esign-elements/fields';
import type { FieldFrame } from './frame.ts';
import type { FontBook } from './fonts.ts';
import { combCells } from '../comb.ts';
import { FIELD_DEFAULTS } from 'esign-elements/fields';

const PAD = 2;
const LINE = 1.2;
const MIN_SIZE = 4;

/**
 * Greedy word wrap to `width`: breaks after white space, and inside a word only when the word alone
 * is wider than a line. Linear in the text's length (character widths are cached), and stops after
 * `maxLines`, so a huge value cannot stall the final PDF.
 */
export function wrapText(font: PDFFont, text: string, size: number, width: number, maxLines = Infinity): string[] {
  const widths = new Map<string, number>();
  const widthOf = (ch: string) => {
    let w = widths.get(ch);
    if (w === undefined) {
      w = font.widthOfTextAtSize(ch, size);
      widths.set(ch, w);
    }
    return w;
  };
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const chars = Array.from(paragraph);
    let start = 0;
    let lineWidth = 0;
    let breakAt = -1; // index just after the last white space on this line
    let widthAtBreak = 0;
    for (let i = 0; i < chars.length; i++) {
      const isSpace = /\s/.test(chars[i]);
      const w = widthOf(chars[i]);
      if (lineWidth + w > width && i > start) {
        if (isSpace) {
          lines.push(chars.slice(start, i).join('').trimEnd());
          start = i + 1;
          lineWidth = 0;
          breakAt = -1;
          if (lines.length >= maxLines) return lines;
          continue;
        }
        if (breakAt > start) {
          lines.push(chars.slice(start, breakAt).join('').trimEnd());
          lineWidth -= widthAtBreak;
          start = breakAt;
        } else {
          lines.push(chars.slice(start, i).join(''));
          lineWidth = 0;
          start = i;
        }
        breakAt = -1;
        if (lines.length >= maxLines) return lines;
      }
      lineWidth += w;
      if (isSpace) {
        breakAt = i + 1;
        widthAtBreak = lineWidth;
      }
    }
    lines.push(chars.slice(start).join('').trimEnd());
    if (lines.length >= maxLines) return lines;
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
  // One line more than fits: it is drawn half-visible and clipped, showing the text goes on.
  const lines = wrapText(font, text, fontSize, inner, Math.floor((frame.height - PAD) / (fontSize * LINE)) + 1);
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
export async function textFieldPainter(
  canvas: PageCanvas,
  frame: FieldFrame,
  element: FieldElement,
  text: string,
  fonts: FontBook,
  oblique = false,
): Promise<() => void> {
  // Tabs and other white space become spaces, control characters go: fonts have no glyphs for them.
  // eslint-disable-next-line no-control-regex -- control characters have no glyph: they are what this removes
  const clean = text.replace(/[^\S\r\n]/g, ' ').replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
  const { font, text: drawable } = await fonts.forText(element.font_name, clean, oblique ? 'oblique' : undefined);
  const size = element.font_size >= 1 ? element.font_size : FIELD_DEFAULTS.font_size;
  // A value longer than the comb (nothing enforces "at most N" past 8 cells) is written as plain
  // text rather than cut: a signed document must show everything that was entered.
  const comb = oblique ? null : combCells(element);
  const cells = comb !== null && Array.from(drawable).length <= comb ? comb : null;
  const layout = oblique
    ? fitOneLine(font, drawable, frame)
    : cells
      ? layoutComb(font, drawable, size, cells, frame)
      : layoutText(font, drawable, size, element.align ?? 1, frame);
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

/**
 * A comb field: the box split into `cells` equal cells, one character centred in each, left to
 * right (as PDF viewers draw combs). The size shrinks when a character would not fit its cell.
 * Callers pass at most `cells` characters; any beyond are ignored here.
 */
export function layoutComb(font: PDFFont, text: string, fontSize: number, cells: number, frame: FieldFrame): TextLayout {
  const chars = Array.from(text.replace(/[\r\n]+/g, ' ')).slice(0, cells);
  const cell = frame.width / cells;
  const widest = Math.max(0, ...chars.map((ch) => font.widthOfTextAtSize(ch, fontSize)));
  const byWidth = widest > cell * 0.9 ? (fontSize * cell * 0.9) / widest : fontSize;
  const size = Math.max(MIN_SIZE, Math.min(byWidth, frame.height / LINE));
  const y = frame.height / 2 - size * 0.35;
  const lines = chars.map((ch, i) => ({ text: ch, x: i * cell + (cell - font.widthOfTextAtSize(ch, size)) / 2, y }));
  return { font, size, lines };
}
