/** Signature, initials and drawn-field images (PNG/JPEG data URLs) scaled into the box, aspect ratio kept, centred. */
import type { PDFDocument } from 'pdf-lib';
import type { PageCanvas } from './canvas.ts';
import { embedPngFast, type EmbeddedImage } from '../native-zlib.ts';
import type { FieldFrame } from './frame.ts';

const DATA_URL = /^data:image\/(png|jpe?g)(?:;[^,]*)?;base64,(.*)$/s;

/** Embeds each distinct image once per document. */
export class ImageBook {
  private readonly doc: PDFDocument;
  private readonly images = new Map<string, Promise<EmbeddedImage | null>>();

  constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  /** The embedded image, or null when the data URL is not a PNG/JPEG that decodes. */
  get(dataUrl: string): Promise<EmbeddedImage | null> {
    let image = this.images.get(dataUrl);
    if (!image) {
      image = this.embed(dataUrl);
      this.images.set(dataUrl, image);
    }
    return image;
  }

  private async embed(dataUrl: string): Promise<EmbeddedImage | null> {
    const m = DATA_URL.exec(dataUrl);
    if (!m) return null;
    try {
      const bytes = Buffer.from(m[2], 'base64');
      return m[1] === 'png' ? await embedPngFast(this.doc, bytes) : await this.doc.embedJpg(bytes);
    } catch {
      return null;
    }
  }
}

const PAD = 1;

export function drawImageInBox(canvas: PageCanvas, frame: FieldFrame, image: EmbeddedImage): void {
  const w = Math.max(0, frame.width - 2 * PAD);
  const h = Math.max(0, frame.height - 2 * PAD);
  const scale = Math.min(w / image.width, h / image.height);
  const dw = image.width * scale;
  const dh = image.height * scale;
  canvas.image(image, (frame.width - dw) / 2, (frame.height - dh) / 2, dw, dh);
}
