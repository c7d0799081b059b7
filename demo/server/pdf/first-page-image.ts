/**
 * The first page of a document as an image (issue 27, slow phones): the signing page shows it, with the
 * recipient's fields usable over it, until pdf.js has arrived and rendered the page itself. Rendered by
 * pdf.js in Node onto @napi-rs/canvas (the canvas pdfjs-dist installs as an optional dependency: loaded
 * here on demand, so a platform without its prebuilt binary simply has no images), once per PDF content.
 */
import { openWithPdfjs } from './pdfjs-node.ts';
import { PdfProblem } from './load.ts';
import type { PageDimensions } from 'esign-elements/fields';

/**
 * Phone-sensible: sharp at fit-width on a 390 px screen at 2x; at WebP quality 65 about 29 KB for the sample
 * contract (900 px at 75 was 37 KB, and a second visit, which fetches it again, went over 50 KB).
 */
export const FIRST_PAGE_IMAGE_WIDTH = 780;
const WEBP_QUALITY = 65;
/** A page far taller than wide is not worth a huge bitmap: the height is capped (the width shrinks with it). */
const MAX_HEIGHT = 2400;
/** Pages whose sizes are read for the early layout; the signing page lays any further ones out at page 1's size. */
export const MAX_SIZED_PAGES = 2000;

export interface FirstPageImage {
  image: Uint8Array;
  type: 'image/webp';
  /** Page 1's size in PDF points, rotation applied (what pdf.js's viewport at scale 1 says in the browser). */
  width: number;
  height: number;
  /** Every page's size the same way (the first MAX_SIZED_PAGES), so the early layout has each page at its size. */
  pageSizes: PageDimensions[];
}

/** Renders page 1. Throws PdfProblem when pdf.js cannot open or draw it (the caller keeps no image). */
export async function renderFirstPageImage(bytes: Uint8Array): Promise<FirstPageImage> {
  try {
    return await render(bytes);
  } catch (error) {
    throw error instanceof PdfProblem ? error : new PdfProblem('malformed', `page 1 could not be rendered: ${(error as Error)?.message ?? error}`);
  }
}

async function render(bytes: Uint8Array): Promise<FirstPageImage> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const { doc, close } = await openWithPdfjs(bytes);
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(FIRST_PAGE_IMAGE_WIDTH / natural.width, MAX_HEIGHT / natural.height);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext('2d');
    // A PDF page is paper: transparent areas are white, as in the browser's page box.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas is what pdf.js itself uses in Node; its types differ from the DOM's only nominally.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const image = await canvas.encode('webp', WEBP_QUALITY);
    page.cleanup();
    const pageSizes: PageDimensions[] = [[natural.width, natural.height]];
    for (let n = 2; n <= Math.min(doc.numPages, MAX_SIZED_PAGES); n++) {
      const other = await doc.getPage(n);
      const { width, height } = other.getViewport({ scale: 1 });
      pageSizes.push([width, height]);
      other.cleanup();
    }
    return {
      image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength),
      type: 'image/webp',
      width: natural.width,
      height: natural.height,
      pageSizes,
    };
  } finally {
    await close();
  }
}
