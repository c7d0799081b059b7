/**
 * The text on each page of the template, as rectangles (fractions of the displayed page), read once per page
 * from pdf.js's text content: the editor marks fields that cover it and places new fields beside it
 * (editing/page-space.ts). A page's boxes are undefined until read; reading starts when a page is painted.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Rect } from '../editing/field-doc.ts';
import { protectedBoxes, type TextRun } from '../editing/page-space.ts';

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

export class PageText {
  private doc: PDFDocumentProxy | null = null;
  private readonly boxes = new Map<number, Rect[]>();
  private readonly pending = new Map<number, Promise<void>>();
  private readonly onRead: () => void;
  /** Bumped whenever a page's boxes arrive, so what depends on them can tell it is stale. */
  version = 0;

  /** `onRead`: a page's text arrived (re-check the fields, re-render). */
  constructor(onRead: () => void) {
    this.onRead = onRead;
  }

  /** The protected text boxes of `page` (1-based), or undefined while not read yet. */
  of(page: number): readonly Rect[] | undefined {
    return this.boxes.get(page);
  }

  /** Reads `page`'s text from `doc` unless it is read or being read (a new document forgets the old one's). */
  read(doc: PDFDocumentProxy | null, page: number): Promise<void> {
    if (doc !== this.doc) {
      this.doc = doc;
      this.boxes.clear();
      this.pending.clear();
      this.version++;
    }
    if (!doc || this.boxes.has(page) || page < 1 || page > doc.numPages) return Promise.resolve();
    const under = this.pending.get(page);
    if (under) return under;
    const reading = readRuns(doc, page).then(
      (runs) => {
        if (doc !== this.doc) return;
        this.pending.delete(page);
        this.boxes.set(page, protectedBoxes(runs));
        this.version++;
        this.onRead();
      },
      () => {
        // A page whose text cannot be read protects nothing (the rendering reports real load errors).
        if (doc !== this.doc) return;
        this.pending.delete(page);
        this.boxes.set(page, []);
      },
    );
    this.pending.set(page, reading);
    return reading;
  }

  /** Reads `pages` of the document last read from (a save checks every page that has fields, painted or not). */
  readPages(pages: Iterable<number>): Promise<unknown> {
    return Promise.all([...new Set(pages)].map((page) => this.read(this.doc, page)));
  }
}

async function readRuns(doc: PDFDocumentProxy, pageNumber: number): Promise<TextRun[]> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items as TextItemLike[]) {
    if (typeof item.str !== 'string' || !item.transform) continue;
    const [a, b, c, d, e, f] = item.transform;
    // The run's box in user space: its advance along the baseline, its height above it and a descent below.
    const height = item.height || Math.hypot(c, d);
    const width = item.width ?? 0;
    const ux = Math.hypot(a, b) ? a / Math.hypot(a, b) : 1;
    const uy = Math.hypot(a, b) ? b / Math.hypot(a, b) : 0;
    const corners = [
      [e - uy * -0.2 * height, f + ux * -0.2 * height],
      [e + ux * width - uy * -0.2 * height, f + uy * width + ux * -0.2 * height],
      [e - uy * height, f + ux * height],
      [e + ux * width - uy * height, f + uy * width + ux * height],
    ].map(([x, y]) => viewport.convertToViewportPoint(x, y));
    const xs = corners.map((p) => p[0] / viewport.width);
    const ys = corners.map((p) => p[1] / viewport.height);
    runs.push({ str: item.str, rect: { ax: Math.min(...xs), ay: Math.min(...ys), bx: Math.max(...xs), by: Math.max(...ys) } });
  }
  return runs;
}
