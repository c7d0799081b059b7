// The one translation mechanism: typed tables with English fallback, base-language lookup and placeholders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTranslations, interpolate, loadLocale, t, registerTranslation } from './i18n.ts';

test('a table looks up the exact language, then its base, then English', () => {
  const strings = createTranslations({ hello: 'Hello {name}', bye: 'Bye' });
  strings.register('de', { hello: 'Hallo {name}' });
  strings.register('DE-at', { bye: 'Servus' });
  assert.equal(strings.lookup('de-AT', 'hello', { name: 'Ann' }), 'Hallo Ann');
  assert.equal(strings.lookup('de-at', 'bye'), 'Servus');
  assert.equal(strings.lookup('de', 'bye'), 'Bye');
  assert.equal(strings.lookup('ja', 'hello', { name: 'Ann' }), 'Hello Ann');
});

test('registering again extends a language instead of replacing it', () => {
  const strings = createTranslations({ a: 'A', b: 'B' });
  strings.register('fr', { a: 'a-fr' });
  strings.register('fr', { b: 'b-fr' });
  assert.deepEqual([strings.lookup('fr', 'a'), strings.lookup('fr', 'b')], ['a-fr', 'b-fr']);
});

test('tables are separate: one table’s language does not leak into another', () => {
  const one = createTranslations({ k: 'one' });
  const two = createTranslations({ k: 'two' });
  one.register('fr', { k: 'un' });
  assert.equal(two.lookup('fr', 'k'), 'two');
});

test('placeholders: numbers are written, missing ones stay visible, inherited names are not parameters', () => {
  assert.equal(interpolate('{count} of {total}', { count: 3, total: 0 }), '3 of 0');
  assert.equal(interpolate('Hi {name}', {}), 'Hi {name}');
  assert.equal(interpolate('{constructor}', {}), '{constructor}');
});

test('the shared table uses the same mechanism', async () => {
  await loadLocale('nl');
  registerTranslation('sv', { 'viewer.page': 'Sida {page} av {pages}' });
  assert.equal(t('sv-FI', 'viewer.page', { page: 2, pages: 5 }), 'Sida 2 av 5');
  assert.equal(t('sv', 'viewer.nextPage'), 'Next page');
  assert.equal(t('nl', 'viewer.nextPage'), 'Volgende pagina');
});

test('a shipped language loads once on demand; strings registered before or after it win over it', async () => {
  let loads = 0;
  const strings = createTranslations(
    { a: 'A', b: 'B', c: 'C' },
    {
      fr: async () => {
        loads++;
        return { default: { a: 'a-fr', b: 'b-fr', c: 'c-fr' } };
      },
    },
  );
  strings.register('fr', { a: 'a-page' });
  assert.equal(strings.lookup('fr', 'b'), 'B', 'English until loaded');
  const first = strings.load('fr-CA');
  assert.equal(strings.load('fr'), first, 'one download for concurrent callers');
  await first;
  assert.equal(strings.load('fr'), null, 'nothing left to load');
  strings.register('fr', { c: 'c-page' });
  assert.deepEqual(
    ['a', 'b', 'c'].map((k) => strings.lookup('fr-CA', k as 'a')),
    ['a-page', 'b-fr', 'c-page'],
  );
  assert.equal(loads, 1);
});

test('a table whose chunk fails to load stays English and tries again next time', async () => {
  let fail = true;
  const strings = createTranslations({ a: 'A' }, { de: async () => (fail ? Promise.reject(new Error('offline')) : { default: { a: 'a-de' } }) });
  await assert.rejects(strings.load('de')!, /offline/);
  assert.equal(strings.lookup('de', 'a'), 'A');
  fail = false;
  await strings.load('de');
  assert.equal(strings.lookup('de', 'a'), 'a-de');
});
