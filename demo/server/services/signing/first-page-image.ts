/**
 * The first page of a document's PDF as an image, for the signing page to show before pdf.js arrives
 * (issue 27). Rendered once per PDF content in the work pool and kept as two files named by the PDF's
 * SHA-256, so every document sent from one template shares them: `p1i-<hash>` (the WebP bytes) and
 * `p1m-<hash>` (its type, page 1's size in points and every page's size). A PDF that cannot be rendered has no image: the
 * failure is logged once per process and the signing page falls back to pdf.js alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import type { WorkPool } from '../../work/pool.ts';
import { WorkLimitError } from '../../work/errors.ts';
import { PdfProblem } from '../../pdf/load.ts';
import { FIRST_PAGE_IMAGE_PREFIX, FIRST_PAGE_META_PREFIX } from '../../store/files.ts';
import { encodePageSizes } from 'esign-elements/fields';

export interface FirstPageMeta {
  type: string;
  /** Page 1 in PDF points, rotation applied. */
  width: number;
  height: number;
  /** Every page's size, as X-Esign-Page-Sizes sends it (absent from images rendered before it was kept). */
  pageSizes?: string;
}

// Dropped by the store when the PDF's content is shredded (store/files.ts DERIVED_NAME_PREFIXES).
const imageName = (hash: string) => `${FIRST_PAGE_IMAGE_PREFIX}${hash}`;
const metaName = (hash: string) => `${FIRST_PAGE_META_PREFIX}${hash}`;

/** The PDF the signing page shows: the signed one once it exists (as GET /api/v1/pdf/{id}/ answers). */
const shownFile = (doc: DocumentRecord) => doc.finalFile ?? doc.sourceFile;

export class FirstPageImages {
  private readonly store: Store;
  private readonly work: WorkPool;
  private readonly log: FastifyBaseLogger;
  /** Renders under way by PDF hash: a visit and the link opening at once render once. */
  private readonly pending = new Map<string, Promise<FirstPageMeta | null>>();
  /** PDF hashes whose render failed because of the PDF itself (in this process): not tried again on every visit. */
  private readonly failed = new Set<string>();

  constructor(store: Store, work: WorkPool, log: FastifyBaseLogger) {
    this.store = store;
    this.work = work;
    this.log = log;
  }

  /** The image's type and page size, rendering it first when needed; null when there is none. Never throws. */
  async meta(doc: DocumentRecord): Promise<FirstPageMeta | null> {
    try {
      const hash = await this.store.files.hashOf(shownFile(doc));
      if (!hash || this.failed.has(hash)) return null;
      const stored = await this.readMeta(hash);
      if (stored) return stored;
      let render = this.pending.get(hash);
      if (!render) {
        render = this.render(doc, hash).finally(() => this.pending.delete(hash));
        this.pending.set(hash, render);
      }
      return await render;
    } catch (error) {
      this.log.warn({ err: error, documentId: doc.id }, 'first page image unavailable');
      return null;
    }
  }

  /** The image's meta when it is already rendered, without rendering; null otherwise. Never throws. */
  async rendered(doc: DocumentRecord): Promise<FirstPageMeta | null> {
    try {
      const hash = await this.store.files.hashOf(shownFile(doc));
      return hash ? await this.readMeta(hash) : null;
    } catch {
      return null;
    }
  }

  /** Starts the render when needed, without waiting for it. */
  prepare(doc: DocumentRecord): void {
    void this.meta(doc);
  }

  /** The stored image bytes and type, or null (none rendered yet, or it failed). */
  async image(doc: DocumentRecord): Promise<{ bytes: Buffer; type: string } | null> {
    try {
      const hash = await this.store.files.hashOf(shownFile(doc));
      if (!hash) return null;
      const meta = await this.readMeta(hash);
      if (!meta || !(await this.store.files.exists(imageName(hash)))) return null;
      return { bytes: await this.store.files.read(imageName(hash)), type: meta.type };
    } catch (error) {
      this.log.warn({ err: error, documentId: doc.id }, 'first page image unreadable');
      return null;
    }
  }

  private async readMeta(hash: string): Promise<FirstPageMeta | null> {
    if (!(await this.store.files.exists(metaName(hash)))) return null;
    return JSON.parse((await this.store.files.read(metaName(hash))).toString('utf8')) as FirstPageMeta;
  }

  private async render(doc: DocumentRecord, hash: string): Promise<FirstPageMeta | null> {
    try {
      const bytes = await this.store.files.readBytes(shownFile(doc));
      const out = await this.work.run(doc.groupId, 'firstPageImage', { bytes });
      const meta: FirstPageMeta = { type: out.type, width: out.width, height: out.height, pageSizes: encodePageSizes(out.pageSizes) };
      // The image before its meta: a meta file always has its image.
      await this.store.files.write(imageName(hash), out.image);
      await this.store.files.write(metaName(hash), new TextEncoder().encode(JSON.stringify(meta)));
      return meta;
    } catch (error) {
      // A full queue is no fault of the PDF: a later visit tries again.
      if (error instanceof PdfProblem || (error instanceof WorkLimitError && error.code !== 'work_queue_full')) this.failed.add(hash);
      this.log.warn({ err: error, documentId: doc.id }, 'first page image: the PDF could not be rendered; the signing page uses pdf.js alone');
      return null;
    }
  }
}
