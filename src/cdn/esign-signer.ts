/**
 * CDN entry `dist/cdn/esign-signer.min.js`: defines <esign-signer> alone, for a page that needs only it
 * (vite.config.ts, mode `cdn-elements`). Chunks it shares with the other elements' files (pdf.js, Lit,
 * the field model) load once when a page uses several.
 */
export * from '../esign-signer/esign-signer.ts';
export { registerSignerTranslation } from '../esign-signer/signer-i18n.ts';
export { registerTranslation, LOCALES } from '../internal/i18n.ts';
export { setPdfWorkerSrc, getPdfWorkerSrc, setPdfAssetsBase, setPdfWorkerPort } from '../internal/pdf-worker.ts';
