/**
 * The one translation mechanism: `createTranslations(english)` makes a typed table with English as the
 * fallback; a language is added by registering a partial table, looked up by exact language, then its
 * base language, then English, with `{name}` placeholders filled from the parameters. The shared strings
 * below use it (`t`, `registerTranslation`); the editor and the signer make their own tables with it.
 */

export type MessageParams = Record<string, string | number>;

export interface Translations<K extends string> {
  readonly english: Readonly<Record<K, string>>;
  /** Adds (or extends) the strings of a language. */
  register(lang: string, table: Partial<Record<K, string>>): void;
  /** The string for `key` in `lang` (then its base language, then English), with `{name}` filled from `params`. */
  lookup(lang: string, key: K, params?: MessageParams): string;
}

/** Fills `{name}` placeholders; unknown names stay as written so a missing parameter is visible. */
export function interpolate(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function createTranslations<K extends string>(english: Readonly<Record<K, string>>): Translations<K> {
  const tables = new Map<string, Partial<Record<K, string>>>([['en', english]]);
  return {
    english,
    register(lang, table) {
      const key = lang.toLowerCase();
      tables.set(key, { ...tables.get(key), ...table });
    },
    lookup(lang, key, params = {}) {
      const exact = lang.toLowerCase();
      const base = exact.split('-')[0];
      return interpolate(tables.get(exact)?.[key] ?? tables.get(base)?.[key] ?? english[key], params);
    },
  };
}

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
  'error.encrypted': 'This PDF is password-protected. Upload a copy without a password (open it with the password and save or export it without protection).',
  'error.unauthorized': 'Access to the document was refused (HTTP {status}): the access token has expired or does not cover it. Reload the page to get a new token.',
  'error.notFound': 'The document was not found (HTTP 404). Check the link or the document id.',
  'error.http': 'The server answered HTTP {status} while loading the document. Try again later.',
  'error.network': 'The document could not be downloaded: the network or the server is unreachable. Check the connection and try again.',
  'error.missingSource': 'Nothing to load: set `src`, give the PDF bytes, or set `endpoint`, `token` and a `template` or `document` id.',
  'error.unknown': 'The document could not be opened: {detail}',
  'field.signature': 'Signature',
  'field.initials': 'Initials',
  'field.text': 'Text',
  'field.signingDate': 'Signing date',
  'field.admin': 'Sender field',
  'field.optional': 'optional',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Sender',
  'signer.signer': 'Signer {index}',
  'signer.witness': 'Witness {index}',
  'signer.approver': 'Approver {index}',
  'rest.network': 'The server could not be reached. Check the connection and try again.',
  'rest.unauthorized': 'Access was refused (HTTP {status}): the access token has expired or is not allowed to do this. Reload the page to get a new token.',
  'rest.notFound': 'Not found (HTTP 404). Check the id.',
  'rest.http': 'The server answered HTTP {status}. Try again later.',
  'rest.notJson': 'The server answered with something that is not JSON.',
  'rest.notList': 'The server answered with something that is not a list of fields.',
} as const;

export type MessageKey = keyof typeof EN;
export type Translation = Partial<Record<MessageKey, string>>;

const shared = createTranslations<MessageKey>(EN);

/** Adds (or extends) the strings of a language, e.g. `registerTranslation('fr', { 'viewer.nextPage': 'Page suivante' })`. */
export function registerTranslation(lang: string, table: Translation): void {
  shared.register(lang, table);
}

/** `lang` from the element, else its closest `[lang]` ancestor, else the document's. */
export function langOf(element: Element): string {
  return (element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en').toLowerCase();
}

/** The shared string for `key` in `lang` (then its base language, then English), with `{name}` filled from `params`. */
export function t(lang: string, key: MessageKey, params: MessageParams = {}): string {
  return shared.lookup(lang, key, params);
}
