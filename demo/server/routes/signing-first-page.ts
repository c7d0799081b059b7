/**
 * The first page of the signer's document as an image (issue 27, slow phones): what the signing element shows,
 * its fields usable over it, until pdf.js has arrived. Authorised like the signer's other reads; the signing
 * view (GET /api/v1/signer/{id}/signing/) names it with the page's size, and the link session starts its render.
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { errorResponses } from '../schemas/common.ts';
import { ApiError } from '../http/errors.ts';
import { SIGNER_OPERATIONS } from '../auth/component-tokens.ts';
import { loadVisibleRecipient } from '../services/documents/access.ts';
import { FirstPageImages, type FirstPageMeta } from '../services/signing/first-page-image.ts';
import type { DocumentRecord } from '../store/documents.ts';

/** Longer lists of page sizes are left out of the image's headers (the element then lays further pages out at page 1's size). */
const MAX_PAGE_SIZES_HEADER = 4096;

/**
 * How long a visit waits for a first render before answering without the image (the render goes on and is
 * kept for the next visit): the image is an early preview, never a reason to keep the signing view waiting.
 */
const RENDER_WAIT_MS = 2000;

export const firstPageImageUri = (signerId: string): string => `/api/v1/signer/${signerId}/first-page/`;

export interface FirstPageImageView {
  url: string;
  /** Page 1's size in PDF points (rotation applied): the element lays the page out before pdf.js reads it. */
  width: number;
  height: number;
}

const byStore = new WeakMap<object, FirstPageImages>();
/** The first page images of the app serving `store` (tests wait for a render with it). */
export const firstPageImagesOf = (store: object): FirstPageImages | undefined => byStore.get(store);

export default async function signingFirstPageRoutes(app: App): Promise<FirstPageRoutes> {
  const images = new FirstPageImages(app.store, app.work, app.log);
  byStore.set(app.store, images);
  const waited = async (doc: DocumentRecord): Promise<FirstPageMeta | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_WAIT_MS)));
    try {
      return await Promise.race([images.meta(doc), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/api/v1/signer/:id/first-page/',
    {
      config: { component: SIGNER_OPERATIONS.documentPdf },
      schema: {
        summary: "The first page of the signer's document as an image",
        tags: ['signing'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        description:
          'Page 1 of the PDF the signer is shown, rendered once per PDF content (WebP, 780 px wide; a first request waits up to 2 s for the render), for the signing page to show before pdf.js has loaded. `X-Esign-Page-Size`: the page in PDF points, `width height`. `X-Esign-Page-Sizes`: the size of every page, runs of equal pages folded (`612x792*3,792x612`), when short enough for a header. 404 `no_page_image` when the PDF could not be rendered, or not yet (the page then waits for pdf.js). Cached like the PDF (`private, no-store`).',
        response: { 200: Type.Unknown({ description: 'image/webp' }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { document } = await loadVisibleRecipient(app.store, request, request.params.id);
      const meta = await waited(document);
      const image = meta ? await images.image(document) : null;
      if (!meta || !image) throw new ApiError(404, 'no_page_image', 'This document has no first page image (yet): show its PDF.');
      // The page sizes travel with the image: the element lays the pages out from them without waiting for the signing view.
      reply.type(image.type).header('X-Esign-Page-Size', `${meta.width} ${meta.height}`).header('Cache-Control', 'private, no-store');
      if (meta.pageSizes && meta.pageSizes.length <= MAX_PAGE_SIZES_HEADER) reply.header('X-Esign-Page-Sizes', meta.pageSizes);
      return reply.send(image.bytes);
    },
  );

  return {
    view: async (signerId, doc) => {
      // Never waits: a render not done yet is started here and the image request waits for it instead.
      const meta = await images.rendered(doc);
      if (!meta) images.prepare(doc);
      return meta ? { url: firstPageImageUri(signerId), width: meta.width, height: meta.height } : null;
    },
    prepare: (doc) => images.prepare(doc),
  };
}

export interface FirstPageRoutes {
  /** What the signing view says about the image once it is rendered (else null, and the render starts). */
  view(signerId: string, doc: DocumentRecord): Promise<FirstPageImageView | null>;
  /** Starts the render early (the link is being opened), without waiting. */
  prepare(doc: DocumentRecord): void;
}
