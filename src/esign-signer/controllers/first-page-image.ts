/**
 * The server-rendered image of page 1 (issue 27, slow phones): fetched alongside the signing view, shown in
 * page 1's place with the recipient's fields usable over it while pdf.js is still on its way, and replaced
 * by pdf.js's canvas (selectable text, sharp at any zoom) as soon as that is painted. A server without the
 * image, or one that failed, changes nothing: the page waits for pdf.js as before.
 */
import { fetchImage, firstPageImageUrl, type SigningView } from '../signer-api.ts';
import type { SignerHost } from '../signer-host.ts';

export class FirstPageImage {
  /** The object URL shown for page 1 ('' when none). */
  url = '';
  private readonly host: SignerHost;
  private fetched: Promise<string> = Promise.resolve('');
  private conventional = '';

  constructor(host: SignerHost) {
    this.host = host;
  }

  /** Starts fetching the image at its conventional address, before the signing view says whether there is one. */
  start(signal: AbortSignal): void {
    this.reset();
    const { endpoint, token, signer } = this.host;
    this.conventional = firstPageImageUrl(endpoint, signer);
    this.fetched = fetchImage(this.conventional, token, signal);
  }

  /**
   * Once the signing view is in: lays page 1 out at its size and shows the image, unless pdf.js got there first.
   * True when the page is now usable.
   */
  async show(view: SigningView, signal: AbortSignal): Promise<boolean> {
    const info = view.first_page_image;
    const { pages, endpoint, token } = this.host;
    let url = await this.fetched;
    if (info) {
      const address = new URL(info.url, `${endpoint}/`).href;
      // A server naming another address than the usual one: that one.
      if (address !== new URL(this.conventional, location.href).href) {
        if (url) URL.revokeObjectURL(url);
        url = await fetchImage(address, token, signal);
      }
    }
    if (!url) return false;
    if (!info || signal.aborted || pages.doc || pages.pageCount > 0) {
      URL.revokeObjectURL(url);
      return false;
    }
    this.url = url;
    pages.setProvisionalLayout(view.document.page_count || 1, info.width, info.height, () => pages.fitScale('fit-width'));
    return true;
  }

  reset(): void {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = '';
    // An image still being fetched is dropped by the abort of the load it belongs to.
    this.fetched = Promise.resolve('');
  }
}
