/**
 * CDN entry `dist/cdn/esign-viewer.min.js`: defines <esign-viewer> alone, for a page that needs only it
 * (vite.config.ts, mode `cdn-elements`). Chunks it shares with the other elements' files (pdf.js, Lit,
 * the field model) load once when a page uses several.
 */
export * from '../esign-viewer/esign-viewer.ts';
export { registerTranslation, LOCALES } from '../internal/i18n.ts';
export { setPdfWorkerSrc, getPdfWorkerSrc, setPdfAssetsBase } from '../internal/pdf-worker.ts';
