/// <reference types="vite/client" />
/**
 * Every story runs with pdf.js's worker served by Storybook's own Vite (no CDN, works offline).
 */
import type { Preview } from '@storybook/web-components-vite';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc } from '../src/internal/pdf-worker.ts';

setPdfWorkerSrc(workerUrl);

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
