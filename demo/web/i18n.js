// The demo pages' strings, keyed like the elements' tables (src/internal/i18n.ts), in the same 12 languages.
// The page's language: `?lang=`, then the document's (given by the page once the server says it), then the
// browser's first shipped language, then English. Setting it also sets <html lang dir>, which the
// elements on the page follow.

import en from './locales/en.js';

export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ar', 'he'];
const RTL = new Set(['ar', 'he']);

export const DEMO_EN = en;

/**
 * Every shipped language but English, by code: one file each in locales/, fetched only when a page shows
 * that language (`loadLang`); English is built in.
 */
export const DEMO_LOCALES = {
  de: () => import('./locales/de.js'),
  fr: () => import('./locales/fr.js'),
  es: () => import('./locales/es.js'),
  it: () => import('./locales/it.js'),
  pt: () => import('./locales/pt.js'),
  nl: () => import('./locales/nl.js'),
  pl: () => import('./locales/pl.js'),
  ja: () => import('./locales/ja.js'),
  zh: () => import('./locales/zh.js'),
  ar: () => import('./locales/ar.js'),
  he: () => import('./locales/he.js'),
};

/** The loaded tables, by code. */
const TABLES = {};
const loading = {};

/** Loads the table of `lang`'s base language (once); resolves at once for English or a language that does not ship. */
export function loadLang(lang) {
  const base = String(lang).toLowerCase().split('-')[0];
  if (TABLES[base] || !Object.hasOwn(DEMO_LOCALES, base)) return Promise.resolve();
  loading[base] ??= DEMO_LOCALES[base]().then(
    (module) => {
      TABLES[base] = module.default;
    },
    () => {
      delete loading[base]; // English meanwhile; the next call tries again
    },
  );
  return loading[base];
}

const shipped = (tag) => (tag && LOCALES.includes(String(tag).toLowerCase().split('-')[0]) ? String(tag) : null);

/** The page's language: `?lang=`, then `fallback` (the document's), then the browser's first shipped one, then English. */
export function pageLang(fallback) {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return shipped(asked) ?? shipped(fallback) ?? browser.map(shipped).find(Boolean) ?? 'en';
}

/** The string for `key` in `lang` (then its base language, then English), `{name}` filled from `params`. */
export function t(lang, key, params = {}) {
  const exact = String(lang).toLowerCase();
  const base = exact.split('-')[0];
  const text = TABLES[exact]?.[key] ?? TABLES[base]?.[key] ?? DEMO_EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * Sets <html lang dir> (the elements follow it), the title, and the page's marked text; resolves once the
 * page shows `lang`'s strings (at once when its table is loaded: see the end of this file).
 * `data-i18n="key"` sets the text (its other `data-*` attributes fill the placeholders: `data-n="2"`), `data-i18n-html="key"` the markup (our own tables' strings, with links
 * and code; never anything a user typed), `data-i18n-label="key"` the `aria-label`.
 */
export function applyLang(lang, titleKey) {
  const base = String(lang).toLowerCase().split('-')[0];
  // A language other than the one loaded with this module (the document's, known later): English until it arrives.
  const ready =
    TABLES[base] || !Object.hasOwn(DEMO_LOCALES, base)
      ? null
      : loadLang(lang).then(() => {
          if (TABLES[base]) applyLang(lang, titleKey);
        });
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';
  if (titleKey) document.title = t(lang, titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(lang, el.getAttribute('data-i18n'), { ...el.dataset });
  for (const el of document.querySelectorAll('[data-i18n-html]')) el.innerHTML = t(lang, el.getAttribute('data-i18n-html'));
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(lang, el.getAttribute('data-i18n-label')));
  return ready ?? Promise.resolve();
}

/** "Ann and Bob" in the page's language. */
export function listOf(lang, items) {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
}

// The page's language (from `?lang=` or the browser) is loaded before any page script runs, so their first
// t() calls are already translated; a page that learns a document's language later awaits applyLang.
await loadLang(pageLang());
