/**
 * The one table of pdf-lib painters, by the kind of content a field's kind module gives for the final
 * PDF (src/fields/kinds: text, mark, image, none). A painter prepares what is async (fonts, images)
 * and returns a synchronous paint to run inside the field's frame.
 */
import type { FieldElement } from 'esign-elements/fields';
import type { DrawKey, FieldContent } from 'esign-elements/fields';
import type { PageCanvas } from './canvas.ts';
import type { FieldFrame } from './frame.ts';
import type { FontBook } from './fonts.ts';
import { textFieldPainter } from './text-field.ts';
import { drawCheckboxMark } from './checkbox-field.ts';
import { drawImageInBox, type ImageBook } from './image-field.ts';

export interface PaintTools {
  canvas: PageCanvas;
  frame: FieldFrame;
  element: FieldElement;
  fonts: FontBook;
  images: ImageBook;
}

export interface PreparedPaint {
  paint: () => void;
  /** The content could not be drawn (an image that does not decode); the box is left empty. */
  problem?: 'bad_image';
}

type Painters = { [K in DrawKey]: (content: Extract<FieldContent, { kind: K }>, tools: PaintTools) => Promise<PreparedPaint> };

const nothing = (): void => {};

export const PAINTERS: Painters = {
  none: async () => ({ paint: nothing }),
  text: async (content, t) => ({ paint: await textFieldPainter(t.canvas, t.frame, t.element, content.text, t.fonts, content.oblique) }),
  mark: async (content, t) => ({ paint: () => drawCheckboxMark(t.canvas, t.frame, content.mark) }),
  image: async (content, t) => {
    const image = await t.images.get(content.dataUrl);
    return image ? { paint: () => drawImageInBox(t.canvas, t.frame, image) } : { paint: nothing, problem: 'bad_image' };
  },
};

/** Prepares the painter of `content`, looked up in the table by its kind. */
export function preparePaint(content: FieldContent, tools: PaintTools): Promise<PreparedPaint> {
  const painter = PAINTERS[content.kind] as (content: FieldContent, tools: PaintTools) => Promise<PreparedPaint>;
  return painter(content, tools);
}
