// Where the history page's Japanese and Chinese fonts come from: a deployment's own file first
// (ESIGN_FONT_JA / ESIGN_FONT_ZH), then the server package's fonts/ copy, then the development install.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cjkFontFile } from './history-text.ts';

test('ESIGN_FONT_JA / ESIGN_FONT_ZH name the font when the file exists, else the installed one is used', () => {
  const dir = mkdtempSync(join(tmpdir(), 'esign-font-'));
  try {
    const own = join(dir, 'own.otf');
    writeFileSync(own, 'x');
    assert.equal(cjkFontFile('ja', { ESIGN_FONT_JA: own }), own);
    assert.equal(cjkFontFile('zh', { ESIGN_FONT_ZH: own }), own);
    const fallback = cjkFontFile('ja', { ESIGN_FONT_JA: join(dir, 'missing.ttf') });
    assert.match(fallback ?? '', /NotoSansJP[-_]/);
    assert.match(cjkFontFile('zh', {}) ?? '', /NotoSansSC[-_]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
