/** Checkbox marks (24 tick/cross, 25 tick/blank, 26 cross/blank) drawn as vector strokes in a square centred in the box. */
import type { PageCanvas } from './canvas.ts';
import type { FieldFrame } from './frame.ts';

export function drawCheckboxMark(canvas: PageCanvas, frame: FieldFrame, mark: 'tick' | 'cross'): void {
  const side = Math.min(frame.width, frame.height) * 0.8;
  const x0 = (frame.width - side) / 2;
  const y0 = (frame.height - side) / 2;
  const at = (fx: number, fy: number): [number, number] => [x0 + fx * side, y0 + fy * side];
  const paths =
    mark === 'tick'
      ? [[at(0.12, 0.52), at(0.4, 0.18), at(0.9, 0.86)]]
      : [
          [at(0.15, 0.15), at(0.85, 0.85)],
          [at(0.15, 0.85), at(0.85, 0.15)],
        ];
  canvas.strokePaths(paths, [0, 0, 0], Math.max(0.75, side * 0.12));
}
