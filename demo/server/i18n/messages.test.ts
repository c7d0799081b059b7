// The server's table (emails, history page) ships every locale with exactly the English keys; `language` on send.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeProblems } from '../../../test/support/locale-check.ts';
import { SERVER_EN, shippedLanguage, tr } from './messages.ts';
import { SERVER_LOCALES } from './locales/index.ts';

test('every locale of the server table has every English key and no other', () => {
  assert.deepEqual(localeProblems('server', SERVER_EN, SERVER_LOCALES), []);
});

test('the send field language: a shipped base language with an optional region, else refused', () => {
  assert.equal(shippedLanguage('de'), 'de');
  assert.equal(shippedLanguage('pt-br'), 'pt-BR');
  assert.equal(shippedLanguage(' zh-CN '), 'zh-CN');
  assert.equal(shippedLanguage('en'), 'en');
  assert.equal(shippedLanguage('sv'), null);
  assert.equal(shippedLanguage('klingon!'), null);
  assert.equal(shippedLanguage(''), null);
});

test('a regional language falls back to its base; numbers through Intl', () => {
  assert.equal(tr('fr-CA', 'email.completed.subject', { document: 'Bail' }), 'Finalisé : Bail');
  assert.equal(tr('de', 'history.footer', { id: 'x', page: 1, pages: 1000 }), 'Signaturverlauf des Dokuments x – Seite 1 von 1.000');
});
