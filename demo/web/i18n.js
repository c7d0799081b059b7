// The demo pages' strings, keyed like the elements' tables (src/internal/i18n.ts), in the same 12 languages.
// The page's language: `?lang=`, then the document's (given by the page once the server says it), then the
// browser's first shipped language, then English. Setting it also sets <html lang dir>, which the
// elements on the page follow.

import en from './locales/en.js';
import de from './locales/de.js';
import fr from './locales/fr.js';
import es from './locales/es.js';
import it from './locales/it.js';
import pt from './locales/pt.js';
import nl from './locales/nl.js';
import pl from './locales/pl.js';
import ja from './locales/ja.js';
import zh from './locales/zh.js';
import ar from './locales/ar.js';
import he from './locales/he.js';

export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ar', 'he'];
const RTL = new Set(['ar', 'he']);

export const DEMO_EN = en;

/** Every shipped language but English, by code (one file each in locales/). */
const TABLES = { de, fr, es, it, pt, nl, pl, ja, zh, ar, he };

export const DEMO_LOCALES = TABLES;

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
 * Sets <html lang dir> (the elements follow it), the title, and the page's marked text:
 * `data-i18n="key"` sets the text (its other `data-*` attributes fill the placeholders: `data-n="2"`), `data-i18n-html="key"` the markup (our own tables' strings, with links
 * and code; never anything a user typed), `data-i18n-label="key"` the `aria-label`.
 */
export function applyLang(lang, titleKey) {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';
  if (titleKey) document.title = t(lang, titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(lang, el.getAttribute('data-i18n'), { ...el.dataset });
  for (const el of document.querySelectorAll('[data-i18n-html]')) el.innerHTML = t(lang, el.getAttribute('data-i18n-html'));
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(lang, el.getAttribute('data-i18n-label')));
}

/** "Ann and Bob" in the page's language. */
export function listOf(lang, items) {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
}
