// Every shipped locale of every element table has exactly the English keys, with the same placeholders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeProblems } from '../../test/support/locale-check.ts';
import { EN, LOCALES, directionOf, browserLang, loadLocale, t, type LocaleLoader } from './i18n.ts';
import { SHARED_LOCALES } from './locales/index.ts';
import { SIGNER_EN } from '../esign-signer/signer-i18n.ts';
import { SIGNER_LOCALES } from '../esign-signer/locales/index.ts';
import { EDITOR_EN } from '../esign-editor/editor-i18n.ts';
import { EDITOR_LOCALES } from '../esign-editor/locales/index.ts';

/** Every table of a locales/index.ts, loaded. */
async function loaded<K extends string>(loaders: Record<string, LocaleLoader<K>>): Promise<Record<string, Partial<Record<K, string>>>> {
  return Object.fromEntries(await Promise.all(Object.entries(loaders).map(async ([lang, load]) => [lang, (await load()).default] as const)));
}

test('the shared, signer and editor tables: every locale has every English key and no other', async () => {
  assert.deepEqual(
    [
      ...localeProblems('shared', EN, await loaded(SHARED_LOCALES)),
      ...localeProblems('signer', SIGNER_EN, await loaded(SIGNER_LOCALES)),
      ...localeProblems('editor', EDITOR_EN, await loaded(EDITOR_LOCALES)),
    ],
    [],
  );
});

test('the check itself catches a missing key, an extra key, a lost placeholder and a missing locale', () => {
  const english = { a: 'A {n}', b: 'B' };
  const full = Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, { a: `a {n}`, b: 'b' }]));
  assert.deepEqual(localeProblems('x', english, full), []);
  const { pl: _pl, ...withoutPl } = full;
  assert.deepEqual(localeProblems('x', english, { ...withoutPl, de: { a: 'a' }, fr: { a: 'a {n}', b: 'b', c: 'c' } }), [
    'x de: a has {} where English has {n}',
    'x de: missing b',
    'x fr: extra c',
    'x: no pl table',
  ]);
});

test('Arabic and Hebrew are right to left, the others left to right', () => {
  assert.deepEqual(
    LOCALES.filter((l) => directionOf(l) === 'rtl'),
    ['ar', 'he'],
  );
  assert.equal(directionOf('ar-EG'), 'rtl');
  assert.equal(directionOf('HE-il'), 'rtl');
});

test('the browser’s language: the first preferred one that ships, else its first', () => {
  assert.equal(browserLang(['sv-SE', 'de-AT', 'en']), 'de-at');
  assert.equal(browserLang(['sv-SE']), 'sv-se');
  assert.equal(browserLang([]), 'en');
});

test('a language loads on demand: English until loadLocale(lang), then the language; nothing to wait for after', async () => {
  assert.equal(t('nl', 'viewer.nextPage'), 'Next page');
  const loading = loadLocale('nl-BE');
  assert.ok(loading, 'a shipped language not loaded yet gives a promise');
  await loading;
  assert.equal(t('nl-BE', 'viewer.nextPage'), 'Volgende pagina');
  assert.equal(loadLocale('nl'), null, 'loaded once');
  assert.equal(loadLocale('en'), null, 'English is built in');
  assert.equal(loadLocale('sv'), null, 'a language that does not ship');
});

test('numbers in messages are written with Intl in the language', async () => {
  await Promise.all([loadLocale('ar'), loadLocale('de')]);
  const arabic = new Intl.NumberFormat('ar'); // Arabic-Indic or Latin digits, as this ICU writes Arabic
  assert.equal(t('ar', 'viewer.page', { page: 2, pages: 12 }), `الصفحة ${arabic.format(2)} من ${arabic.format(12)}`);
  assert.equal(t('de', 'viewer.page', { page: 1200, pages: 1500 }), 'Seite 1.200 von 1.500');
  assert.equal(t('en', 'viewer.page', { page: 3, pages: 4 }), 'Page 3 of 4');
});
