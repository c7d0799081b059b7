/**
 * The one translation mechanism: `createTranslations(english, locales)` makes a typed table with English as
 * the fallback; a language is added by registering a partial table, looked up by exact language, then its
 * base language, then English, with `{name}` placeholders filled from the parameters (numbers written with
 * `Intl.NumberFormat` in the language). The shared strings below use it (`t`, `registerTranslation`); the
 * editor and the signer make their own tables with it. Every table ships the locales in `LOCALES`, one file
 * per locale under its `locales/` folder; English is built in and every other language is a loader (a dynamic
 * import, so a separate chunk) that `loadLocale(lang)` runs for every table the page has: an element does
 * it before it renders (src/internal/esign-element.ts), so a page downloads only the language it shows.
 */
import { SHARED_LOCALES } from './locales/index.ts';

export type MessageParams = Record<string, string | number>;

/** The languages every table ships, English first. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ar', 'he'] as const;
export type Locale = (typeof LOCALES)[number];

/** Base languages written right to left. */
const RTL = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** 'rtl' for a language written right to left (by its base language), else 'ltr'. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return RTL.has(lang.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';
}

/** A shipped language's table, loaded on demand: `() => import('./locales/de.ts')`. */
export type LocaleLoader<K extends string> = () => Promise<{ default: Partial<Record<K, string>> }>;

export interface Translations<K extends string> {
  readonly english: Readonly<Record<K, string>>;
  /** Adds (or extends) the strings of a language; they win over the shipped table, loaded before or after. */
  register(lang: string, table: Partial<Record<K, string>>): void;
  /** Loads the shipped table of `lang`'s base language; null when there is nothing (left) to load. */
  load(lang: string): Promise<void> | null;
  /** The string for `key` in `lang` (then its base language, then English), with `{name}` filled from `params`. */
  lookup(lang: string, key: K, params?: MessageParams): string;
}

/** Fills `{name}` placeholders; unknown names stay as written so a missing parameter is visible. */
export function interpolate(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** `value` written the way `lang` writes numbers (Arabic-Indic digits in Arabic, `1.234` in German …). */
export function formatNumber(lang: string, value: number, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(safeLocale(lang), options).format(value);
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(safeLocale(lang))));
  return format.format(value);
}

/** `lang` when Intl accepts it as a locale, else English (a hand-written `lang="en_GB"` must not throw). */
export function safeLocale(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** Every table with loaders, so `loadLocale` can load a language for all of them (the page has only its elements' tables). */
const loadable: Translations<string>[] = [];

export function createTranslations<K extends string>(
  english: Readonly<Record<K, string>>,
  locales: Readonly<Record<string, Partial<Record<K, string>> | LocaleLoader<K>>> = {},
): Translations<K> {
  const tables = new Map<string, Partial<Record<K, string>>>([['en', english]]);
  const loaders = new Map<string, LocaleLoader<K>>();
  const loading = new Map<string, Promise<void>>();
  for (const [lang, table] of Object.entries(locales)) {
    if (typeof table === 'function') loaders.set(lang, table);
    else tables.set(lang, { ...table });
  }
  const translations: Translations<K> = {
    english,
    register(lang, table) {
      const key = lang.toLowerCase();
      tables.set(key, { ...tables.get(key), ...table });
    },
    load(lang) {
      const base = lang.toLowerCase().split('-')[0];
      const loader = loaders.get(base);
      if (!loader) return null;
      let pending = loading.get(base);
      if (!pending) {
        pending = loader().then(
          (module) => {
            loaders.delete(base);
            // Strings a page registered before the table arrived stay: they extend or override it.
            tables.set(base, { ...module.default, ...tables.get(base) });
          },
          (error: unknown) => {
            // A chunk that failed to download (offline, a deploy in between) leaves English; a later render retries.
            loading.delete(base);
            throw error;
          },
        );
        loading.set(base, pending);
      }
      return pending;
    },
    lookup(lang, key, params = {}) {
      const exact = lang.toLowerCase();
      const base = exact.split('-')[0];
      const written: MessageParams = {};
      for (const [name, value] of Object.entries(params)) written[name] = typeof value === 'number' ? formatNumber(lang, value) : value;
      return interpolate(tables.get(exact)?.[key] ?? tables.get(base)?.[key] ?? english[key], written);
    },
  };
  if (loaders.size > 0) loadable.push(translations as Translations<string>);
  return translations;
}

/**
 * Loads `lang` (its base language's shipped tables) for every table on the page; null when all are loaded
 * already or the language does not ship, so English and a loaded language cost no wait.
 */
export function loadLocale(lang: string): Promise<void> | null {
  const pending = loadable.map((table) => table.load(lang)).filter((p): p is Promise<void> => p !== null);
  return pending.length === 0 ? null : Promise.all(pending).then(() => undefined);
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
  'viewer.zoomLevel': 'Zoom {percent}',
  'viewer.toolbar': 'Document controls',
  'error.title': 'This document cannot be shown',
  'error.invalid': 'The file is not a valid PDF or is damaged. Upload the original file again, or save it again as PDF and retry.',
  'error.encrypted': 'This PDF is password-protected. Upload a copy without a password (open it with the password and save or export it without protection).',
  'error.unauthorized':
    'Access to the document was refused (HTTP {status}): the access token has expired or does not cover it. Reload the page to get a new token.',
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

const shared = createTranslations<MessageKey>(EN, SHARED_LOCALES);

/** Adds (or extends) the strings of a language, e.g. `registerTranslation('fr', { 'viewer.nextPage': 'Page suivante' })`. */
export function registerTranslation(lang: string, table: Translation): void {
  shared.register(lang, table);
}

/**
 * The language an element speaks: its own `lang` attribute, else its closest ancestor's (across shadow
 * roots), else the page's (`<html lang>`), else the first of the browser's languages that ships, else the
 * browser's first language.
 */
export function langOf(element: Element): string {
  for (let node: Element | null = element; node;) {
    const lang = node.getAttribute('lang');
    if (lang) return lang.toLowerCase();
    // Only a shadow root leads on to its host: a detached tree's root may be an <a>, whose `host` is a URL part.
    const root = node.getRootNode();
    node = node.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
  if (document.documentElement.lang) return document.documentElement.lang.toLowerCase();
  return browserLang();
}

/** The first of the browser's preferred languages that ships, else its first, else English. */
export function browserLang(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): string {
  const shipped = preferred.find((l) => (LOCALES as readonly string[]).includes(l.toLowerCase().split('-')[0]));
  return (shipped ?? preferred[0] ?? 'en').toLowerCase();
}

/** The shared string for `key` in `lang` (then its base language, then English), with `{name}` filled from `params`. */
export function t(lang: string, key: MessageKey, params: MessageParams = {}): string {
  return shared.lookup(lang, key, params);
}
