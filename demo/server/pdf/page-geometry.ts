/** Page geometry of a pdf-lib page (MediaBox, CropBox, /Rotate, inherited through the page tree). */
import type { PDFPage } from 'pdf-lib';
import { pageGeometry, type Box, type PageGeometry } from 'esign-elements/fields';

const LETTER: Box = [0, 0, 612, 792];

function boxOf(read: () => { x: number; y: number; width: number; height: number }): Box | null {
  try {
    const r = read();
    const box: Box = [r.x, r.y, r.x + r.width, r.y + r.height];
    return box.every(Number.isFinite) && r.width !== 0 && r.height !== 0 ? box : null;
  } catch {
    return null; // missing or malformed entry
  }
}

/**
 * Like pdf.js: a page without a usable MediaBox is US Letter, a missing or broken CropBox is the
 * MediaBox, a broken /Rotate is 0. pdf-lib throws on those, which would fail a whole final PDF.
 */
export function pageGeometryOf(page: PDFPage): PageGeometry {
  const mediaBox = boxOf(() => page.getMediaBox()) ?? LETTER;
  const cropBox = boxOf(() => page.getCropBox()) ?? mediaBox;
  let rotate: number;
  try {
    rotate = page.getRotation().angle;
  } catch {
    rotate = 0;
  }
  return pageGeometry({ mediaBox, cropBox, rotate });
}
