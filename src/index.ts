/**
 * esign-elements: importing this module defines every element (`<esign-viewer>`, and `<esign-editor>` /
 * `<esign-signer>` as they land) and gives access to the field model and the pdf.js worker setting.
 *
 * Each element file defines itself on import; a second copy of the library on the same page is harmless.
 * Keep this list in step with the src/esign-* folders (test/node/build.test.ts checks it).
 */
export * from './esign-viewer/esign-viewer.ts';
export * from './esign-editor/esign-editor.ts';
export * from './esign-signer/esign-signer.ts';
export { registerSignerTranslation } from './esign-signer/signer-i18n.ts';
export { registerEditorTranslation } from './esign-editor/editor-i18n.ts';
export { registerTranslation, LOCALES } from './internal/i18n.ts';
export * from './fields/index.ts';
export { setPdfWorkerSrc, getPdfWorkerSrc, setPdfAssetsBase } from './internal/pdf-worker.ts';
