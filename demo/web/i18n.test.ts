// The demo pages' table (demo/web/i18n.js): every locale has exactly the English keys; lookups fall back sensibly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeProblems } from '../../test/support/locale-check.ts';
import { LOCALES as ELEMENT_LOCALES } from 'esign-elements/i18n';
// @ts-expect-error plain JavaScript served to browsers as is (no declarations)
import { DEMO_EN, DEMO_LOCALES, LOCALES, loadLang, pageLang, t } from './i18n.js';

/** Every language's table, loaded (the pages fetch only theirs). */
const TABLES: Record<string, Record<string, string>> = Object.fromEntries(
  await Promise.all(
    Object.entries(DEMO_LOCALES as Record<string, () => Promise<{ default: Record<string, string> }>>).map(async ([lang, load]) => [
      lang,
      (await load()).default,
    ]),
  ),
);

test('every locale of the demo pages has every English key and no other', () => {
  assert.deepEqual(localeProblems('demo', DEMO_EN, TABLES), []);
  assert.deepEqual(LOCALES, [...ELEMENT_LOCALES], 'the same languages as the elements');
});

test('a language is fetched on demand: English until loadLang, then the language', async () => {
  assert.equal(t('fr', 'review.download'), 'Download the PDF');
  await loadLang('fr-CA');
  assert.equal(t('fr', 'review.download'), TABLES.fr['review.download']);
  assert.notEqual(TABLES.fr['review.download'], 'Download the PDF');
});

test('lookups: region falls back to its base language, then English; the page language defaults sensibly', async () => {
  await Promise.all([loadLang('pt'), loadLang('de')]);
  assert.equal(t('pt-BR', 'review.download'), 'Baixar o PDF');
  assert.equal(t('sv', 'review.download'), 'Download the PDF');
  assert.equal(t('de', 'sign.refused', { status: 401 }), 'Der Signaturlink wurde abgelehnt (HTTP 401).');
  assert.equal(pageLang('he'), 'he', 'the document language when the URL does not say');
  assert.ok(LOCALES.includes(pageLang('xx').toLowerCase().split('-')[0]), 'an unshipped language falls through to a shipped one');
});

test('a translation with markup keeps exactly the English tags (links, code, emphasis)', () => {
  const tags = (text: string) => (text.match(/<[^>]+>/g) ?? []).sort();
  const problems: string[] = [];
  for (const [lang, table] of Object.entries(TABLES)) {
    for (const [key, english] of Object.entries(DEMO_EN as Record<string, string>)) {
      if (tags(english).length && JSON.stringify(tags(english)) !== JSON.stringify(tags(table[key] ?? ''))) problems.push(`${lang} ${key}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every key the demo pages use exists in English', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = new URL('./', import.meta.url);
  const used = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!/\.(html|js)$/.test(name) || name === 'i18n.js') continue;
    const text = readFileSync(new URL(name, dir), 'utf8');
    for (const m of text.matchAll(/data-i18n(?:-html|-label)?="([^"]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bt\(lang, '([^'`]+)'/g)) used.add(m[1]);
  }
  // The portal's elements (demo/web/portal/<element>/<element>.js) look their strings up with tr('key').
  const portalDir = new URL('./portal/', import.meta.url);
  const portalFiles = readdirSync(portalDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
  let portalKeys = 0;
  for (const name of portalFiles) {
    for (const m of readFileSync(new URL(name, portalDir), 'utf8').matchAll(/\btr\('([^']+)'/g)) {
      used.add(m[1]);
      portalKeys++;
    }
  }
  assert.ok(portalKeys > 60, `found ${portalKeys} portal lookups: the scan reads the elements`);
  assert.ok(used.size > 60, `found ${used.size} keys: the scan reads the pages`);
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(DEMO_EN, key)),
    [],
  );
});
