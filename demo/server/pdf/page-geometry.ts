/** Page geometry of a pdf-lib page (MediaBox, CropBox, /Rotate, inherited through the page tree). */
import type { PDFPage } from 'pdf-lib';
import { pageGeometry, type PageGeometry } from '../../../src/fields/geometry.ts';

export function pageGeometryOf(page: PDFPage): PageGeometry {
  const m = page.getMediaBox();
  const c = page.getCropBox(); // pdf-lib falls back to the MediaBox when there is none
  return pageGeometry({
    mediaBox: [m.x, m.y, m.x + m.width, m.y + m.height],
    cropBox: [c.x, c.y, c.x + c.width, c.y + c.height],
    rotate: page.getRotation().angle,
  });
}
