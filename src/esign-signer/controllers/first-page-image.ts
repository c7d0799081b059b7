/**
 * The server-rendered image of page 1 (issue 27, slow phones): fetched alongside the signing view (it carries
 * the page's size), shown in page 1's place with the recipient's fields usable over it while pdf.js is still
 * on its way, and replaced by pdf.js's canvas (selectable text, sharp at any zoom) as soon as that is painted.
 * A server without the image, or one that failed, changes nothing: the page waits for pdf.js as before.
 */
import { fetchPageImage, firstPageImageUrl, type PageImage, type SigningView } from '../signer-api.ts';
import type { SignerHost } from '../signer-host.ts';

export class FirstPageImage {
  /** The object URL shown for page 1 ('' when none). */
  url = '';
  private readonly host: SignerHost;
  private fetched: Promise<PageImage | null> = Promise.resolve(null);

  constructor(host: SignerHost) {
    this.host = host;
  }

  /** Starts fetching the image, before the signing view is in. */
  start(signal: AbortSignal): void {
    this.reset();
    const { endpoint, token, signer } = this.host;
    this.fetched = fetchPageImage(firstPageImageUrl(endpoint, signer), token, signal);
  }

  /**
   * Once the signing view is in: lays the pages out at their sizes (the server's, else page 1's) and shows the image, unless pdf.js got
   * there first. True when the page is now usable.
   */
  async show(view: SigningView, signal: AbortSignal): Promise<boolean> {
    const image = await this.fetched;
    if (!image) return false;
    const { pages } = this.host;
    if (signal.aborted || pages.doc || pages.pageCount > 0) {
      URL.revokeObjectURL(image.url);
      return false;
    }
    this.url = image.url;
    pages.setProvisionalLayout(view.document.page_count || 1, image.width, image.height, () => pages.fitScale('fit-width'), image.pageSizes);
    return true;
  }

  reset(): void {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = '';
    // An image still being fetched is dropped by the abort of the load it belongs to.
    this.fetched = Promise.resolve(null);
  }
}
