/// <reference types="vite/client" />
/**
 * Every story runs with pdf.js's worker served by Storybook's own Vite (no CDN, works offline), and
 * pdf.js's data folders (the wasm decoders among them) from /pdfjs/ (main.ts staticDirs): without it
 * pdf.js looks for them beside the bundled worker, where Storybook has none, and the console shows 404s.
 * The Docs pages read the elements' API from the custom elements manifest (main.ts generates it).
 */
import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import manifest from 'virtual:esign-custom-elements';
import { setPdfAssetsBase, setPdfWorkerSrc } from '../src/internal/pdf-worker.ts';

setPdfWorkerSrc(workerUrl);
setPdfAssetsBase(new URL('pdfjs/', document.baseURI));
setCustomElementsManifest(manifest);

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
