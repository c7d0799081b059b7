import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseZoom, stepZoom, clampScale, MAX_SCALE, MIN_SCALE } from './zoom.ts';
import { t, registerTranslation } from './i18n.ts';

test('parseZoom reads fit modes, factors and percentages', () => {
  assert.equal(parseZoom('fit-width'), 'fit-width');
  assert.equal(parseZoom(' FIT-PAGE '), 'fit-page');
  assert.equal(parseZoom('1.5'), 1.5);
  assert.equal(parseZoom('150%'), 1.5);
  assert.equal(parseZoom('.5'), 0.5);
  assert.equal(parseZoom('5000%'), MAX_SCALE);
  assert.equal(parseZoom(2), 2);
  for (const bad of ['', 'auto', '-1', '0', 'abc', '1.5.2', null, undefined, Number.NaN]) assert.equal(parseZoom(bad), null, String(bad));
});

test('stepZoom moves to the next step either way', () => {
  assert.equal(stepZoom(1, 1), 1.1);
  assert.equal(stepZoom(1, -1), 0.9);
  assert.equal(stepZoom(1.05, 1), 1.1);
  assert.equal(stepZoom(1.05, -1), 1);
  assert.equal(stepZoom(10, 1), MAX_SCALE);
  assert.equal(stepZoom(0.25, -1), MIN_SCALE);
  assert.equal(clampScale(0), MIN_SCALE);
});

test('t() interpolates and falls back to English', () => {
  assert.equal(t('en', 'viewer.page', { page: 2, pages: 9 }), 'Page 2 of 9');
  // Swedish does not ship: a partial table falls back to English key by key.
  registerTranslation('sv', { 'viewer.page': 'Sida {page} av {pages}' });
  assert.equal(t('sv-FI', 'viewer.page', { page: 2, pages: 9 }), 'Sida 2 av 9');
  assert.equal(t('sv', 'viewer.nextPage'), 'Next page');
  assert.equal(t('en', 'viewer.page', { page: 1 }), 'Page 1 of {pages}');
});
