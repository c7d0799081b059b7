/**
 * The signed PDF, downloaded when the recipient asks for it: the completion screen offers a button and
 * fetches nothing by itself. The click fetches `GET /api/v1/pdf/{id}/?force_download=1`, which the server
 * records as the recipient's download (status 50); a page that only showed or prepared the PDF would have
 * been recorded as a download that never happened (docs/decisions/documents.md).
 */
import { apiBase } from '../internal/rest-client.ts';
import { ts } from './signer-i18n.ts';

/** The file name the server gives (`Content-Disposition: attachment; filename="…"`), else `document.pdf`. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'document.pdf';
}

/** Fetches the final PDF and hands it to the browser to save; answers '' when it did, else what to tell the recipient. */
export async function downloadFinalPdf(endpoint: string, token: string, documentId: string, lang: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${apiBase(endpoint)}/pdf/${encodeURIComponent(documentId)}/?force_download=1`, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return ts(lang, 'signer.downloadFailed');
  }
  if (!response.ok) return ts(lang, 'signer.downloadFailed');
  // Not stamped yet (the server answers the source PDF meanwhile): nothing was recorded; try again shortly.
  if (response.headers.get('X-Esign-Pdf') !== 'final') return ts(lang, 'signer.downloadNotReady');
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(response.headers.get('Content-Disposition'));
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return '';
}
