/**
 * Typed strings for every element. English is the fallback; add a language by
 * registering a partial table. `{name}` placeholders are filled by `t()`.
 */

export const EN = {
  'viewer.label': 'PDF document',
  'viewer.loading': 'Loading document…',
  'viewer.loadingProgress': 'Loading document: {percent}%',
  'viewer.empty': 'No document',
  'viewer.page': 'Page {page} of {pages}',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': 'Previous page',
  'viewer.nextPage': 'Next page',
  'viewer.zoomIn': 'Zoom in',
  'viewer.zoomOut': 'Zoom out',
  'viewer.zoomLevel': 'Zoom {percent}%',
  'viewer.toolbar': 'Document controls',
  'error.title': 'This document cannot be shown',
  'error.invalid': 'The file is not a valid PDF or is damaged. Upload the original file again, or save it again as PDF and retry.',
  'error.encrypted': 'The PDF is protected by a password. Remove the password protection (for example by printing it to a new PDF) and upload it again.',
  'error.unauthorized': 'Access to the document was refused (HTTP {status}): the access token has expired or does not cover it. Reload the page to get a new token.',
  'error.notFound': 'The document was not found (HTTP 404). Check the link or the document id.',
  'error.http': 'The server answered HTTP {status} while loading the document. Try again later.',
  'error.network': 'The document could not be downloaded: the network or the server is unreachable. Check the connection and try again.',
  'error.missingSource': 'Nothing to load: set `src`, give the PDF bytes, or set `endpoint`, `token` and a `template` or `document` id.',
  'error.unknown': 'The document could not be opened: {detail}',
  'field.signature': 'Signature',
  'field.initials': 'Initials',
  'field.text': 'Text',
  'field.admin': 'Sender field',
  'field.optional': 'optional',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Sender',
  'signer.signer': 'Signer {index}',
  'signer.witness': 'Witness {index}',
  'signer.approver': 'Approver {index}',
} as const;

export type MessageKey = keyof typeof EN;
export type Translation = Partial<Record<MessageKey, string>>;

const tables = new Map<string, Translation>([['en', EN]]);

/** Adds (or extends) the strings of a language, e.g. `registerTranslation('fr', { 'viewer.nextPage': 'Page suivante' })`. */
export function registerTranslation(lang: string, table: Translation): void {
  const key = lang.toLowerCase();
  tables.set(key, { ...tables.get(key), ...table });
}

/** `lang` from the element, else its closest `[lang]` ancestor, else the document's. */
export function langOf(element: Element): string {
  return (element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en').toLowerCase();
}

/** The string for `key` in `lang` (then its base language, then English), with `{name}` filled from `params`. */
export function t(lang: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  const base = lang.split('-')[0];
  const text = tables.get(lang)?.[key] ?? tables.get(base)?.[key] ?? EN[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
