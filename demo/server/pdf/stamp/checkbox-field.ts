/** Checkbox marks (24 tick/cross, 25 tick/blank, 26 cross/blank) drawn as vector strokes in a square centred in the box. */
import { LineCapStyle, LineJoinStyle, lineTo, moveTo, setLineCap, setLineJoin, setLineWidth, setStrokingRgbColor, stroke, type PDFPage } from 'pdf-lib';
import type { FieldFrame } from './frame.ts';

export function drawCheckboxMark(page: PDFPage, frame: FieldFrame, mark: 'tick' | 'cross'): void {
  const side = Math.min(frame.width, frame.height) * 0.8;
  const x0 = (frame.width - side) / 2;
  const y0 = (frame.height - side) / 2;
  const at = (fx: number, fy: number): [number, number] => [x0 + fx * side, y0 + fy * side];
  const ops = [setStrokingRgbColor(0, 0, 0), setLineWidth(Math.max(0.75, side * 0.12)), setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
  if (mark === 'tick') {
    ops.push(moveTo(...at(0.12, 0.52)), lineTo(...at(0.4, 0.18)), lineTo(...at(0.9, 0.86)), stroke());
  } else {
    ops.push(moveTo(...at(0.15, 0.15)), lineTo(...at(0.85, 0.85)), moveTo(...at(0.15, 0.85)), lineTo(...at(0.85, 0.15)), stroke());
  }
  page.pushOperators(...ops);
}
