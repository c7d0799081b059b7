/**
 * The editor's document upload strip (shown when the host sets `requestUpload`): a file button that keyboard
 * users reach like any other control, the state of an upload in progress, and the reason one failed.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { te } from './editor-i18n.ts';
import type { DocumentUploadController } from './controllers/document-upload.ts';

/** What the file button offers; the server detects the real format from the bytes whatever the name says. */
export const UPLOAD_ACCEPT =
  '.pdf,.docx,.doc,.odt,.rtf,.html,.htm,.txt,.xlsx,.xls,.ods,.csv,.png,.jpg,.jpeg,.gif,.webp,.tif,.tiff,.heic,application/pdf,image/*,text/plain,text/html';

function stateLine(lang: string, upload: DocumentUploadController): TemplateResult | typeof nothing {
  const state = upload.state;
  switch (state.phase) {
    case 'uploading': {
      const text =
        state.fraction === null ? te(lang, 'editor.upload.sending') : te(lang, 'editor.upload.progress', { percent: Math.floor(state.fraction * 100) });
      return html`<span>${text}</span>
        <progress max="1" .value=${state.fraction ?? 0} aria-label=${text} ?indeterminate=${state.fraction === null}></progress>`;
    }
    case 'converting':
      return html`<span>${te(lang, 'editor.upload.converting')}</span>
        <progress aria-label=${te(lang, 'editor.upload.converting')}></progress>`;
    case 'failed':
      return html`<span class="upload-problem" role="alert">${te(lang, 'editor.upload.failed', { reason: state.message })}</span>`;
    default:
      return nothing;
  }
}

export function renderUploadStrip(lang: string, upload: DocumentUploadController): TemplateResult | typeof nothing {
  if (!upload.enabled) return nothing;
  return html`<div class="upload" part="upload">
    <label class="upload-choose" part="button">
      <input type="file" class="visually-hidden" accept=${UPLOAD_ACCEPT} ?disabled=${upload.busy} @change=${upload.onFileChosen} />${te(lang, 'editor.upload.choose')}
    </label>
    <span class="upload-hint">${te(lang, 'editor.upload.hint')}</span>
    <span class="upload-state" role="status" aria-live="polite">${stateLine(lang, upload)}</span>
  </div>`;
}

/** The outline and its words while a file is dragged over the editor. */
export function renderDropHint(lang: string, upload: DocumentUploadController): TemplateResult | typeof nothing {
  return upload.dragging ? html`<div class="drop-hint" part="drop-hint">${te(lang, 'editor.upload.drop')}</div>` : nothing;
}
