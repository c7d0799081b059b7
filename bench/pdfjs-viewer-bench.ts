/**
 * The second baseline of bench/viewer.bench.ts: pdf.js's own viewer component (`PDFViewer` from
 * pdfjs-dist/web/pdf_viewer.mjs, what Firefox's viewer is built on) with its defaults: text layer and
 * annotation layer on, its own rendering queue and page cache. Same pdf.js build and data folders as
 * <esign-viewer>; the browser half of the bench imports this.
 */
import * as pdfjsLib from 'pdfjs-dist';
import 'pdfjs-dist/web/pdf_viewer.css';
import { getPdfAssetUrls } from '../src/internal/pdf-worker.ts';

// pdf_viewer.mjs reads pdf.js from this global (it is built against the one loaded beside it).
(globalThis as unknown as { pdfjsLib: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
const { EventBus, PDFLinkService, PDFViewer } = await import('pdfjs-dist/web/pdf_viewer.mjs');

type Viewer = InstanceType<typeof PDFViewer>;
type Open = { viewer: Viewer; container: HTMLDivElement; destroy(): Promise<void> };

/** PDFViewer requires an absolutely positioned scroll container with the page holder as its first child. */
function makeContainer(stage: HTMLElement): HTMLDivElement {
  const container = document.createElement('div');
  container.style.cssText = 'position:absolute;inset:0;overflow:auto';
  container.append(Object.assign(document.createElement('div'), { className: 'pdfViewer' }));
  stage.style.position = 'relative';
  stage.replaceChildren(container);
  return container;
}

/** Opens `data` in a new PDFViewer at `scale` and resolves once page 1 has been painted. */
export async function openPdfjsViewer(stage: HTMLElement, data: Uint8Array, scale: number): Promise<Open> {
  const container = makeContainer(stage);
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
  const firstPainted = new Promise<void>((resolve) => {
    const onRendered = ({ pageNumber }: { pageNumber: number }) => {
      if (pageNumber === 1) resolve(eventBus.off('pagerendered', onRendered));
    };
    eventBus.on('pagerendered', onRendered);
  });
  eventBus.on('pagesinit', () => (viewer.currentScaleValue = String(scale)));
  const task = pdfjsLib.getDocument({ data, ...getPdfAssetUrls(document.baseURI) });
  const doc = await task.promise;
  viewer.setDocument(doc);
  linkService.setDocument(doc);
  await firstPainted;
  return {
    viewer,
    container,
    async destroy() {
      viewer.setDocument(null as unknown as typeof doc);
      stage.replaceChildren();
      await task.destroy();
    },
  };
}

/** Canvases holding pixels in the viewer right now (its page cache decides how many stay). */
export function pdfjsLiveCanvases(container: HTMLElement): number {
  let n = 0;
  for (const canvas of container.querySelectorAll('canvas')) if (canvas.width > 0 && canvas.height > 0) n++;
  return n;
}
