/**
 * CDN entry `dist/cdn/esign-editor.min.js`: defines <esign-editor> alone, for a page that needs only it
 * (vite.config.ts, mode `cdn-elements`). Chunks it shares with the other elements' files (pdf.js, Lit,
 * the field model) load once when a page uses several.
 */
export * from '../esign-editor/esign-editor.ts';
export { registerEditorTranslation } from '../esign-editor/editor-i18n.ts';
export { registerTranslation, LOCALES } from '../internal/i18n.ts';
export { setPdfWorkerSrc, getPdfWorkerSrc, setPdfAssetsBase } from '../internal/pdf-worker.ts';
