/**
 * A field's own drawing frame: origin at the box's bottom-left **as displayed**, x to the right and
 * y up as the reader sees the page, in points. Drawing code works in this frame and never thinks
 * about /Rotate or the CropBox: `inFrame` maps it onto PDF user space with one `cm`, so text reads
 * upright on a rotated page and lands inside the visible box on a cropped one.
 */
import type { PageCanvas } from './canvas.ts';
import { fractionRectToPdf, type FractionRect, type PageGeometry } from 'esign-elements/fields';

export interface FieldFrame {
  /** Size of the box as displayed, in points. */
  width: number;
  height: number;
  /** Frame → PDF user space: [a, b, c, d, e, f]. */
  matrix: [number, number, number, number, number, number];
}

export function fieldFrame(rect: FractionRect, page: PageGeometry): FieldFrame {
  const r = fractionRectToPdf(rect, page);
  const x0 = r.x,
    y0 = r.y,
    x1 = r.x + r.width,
    y1 = r.y + r.height;
  switch (page.rotate) {
    case 90: // displayed right = PDF +y, displayed up = PDF −x
      return { width: r.height, height: r.width, matrix: [0, 1, -1, 0, x1, y0] };
    case 180: // right = −x, up = −y
      return { width: r.width, height: r.height, matrix: [-1, 0, 0, -1, x1, y1] };
    case 270: // right = −y, up = +x
      return { width: r.height, height: r.width, matrix: [0, -1, 1, 0, x0, y1] };
    default:
      return { width: r.width, height: r.height, matrix: [1, 0, 0, 1, x0, y0] };
  }
}

/** Runs `draw` with the frame's coordinates in effect, optionally clipped to the box. */
export function inFrame(canvas: PageCanvas, frame: FieldFrame, draw: () => void, clipToBox = false): void {
  canvas.save();
  canvas.transform(frame.matrix);
  if (clipToBox) canvas.clipRect(0, 0, frame.width, frame.height);
  try {
    draw();
  } finally {
    canvas.restore();
  }
}
