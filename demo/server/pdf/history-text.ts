/**
 * Lines of the signing-history page in the document's language. pdf-lib draws a string through
 * fontkit's layout, which shapes Arabic (joining forms) and lays out a run of Arabic or Hebrew right to
 * left, but it knows nothing of a whole line's bidirectional order: an Arabic line with an email or a
 * date in it would come out scrambled. So a right-to-left line is split with the Unicode bidi algorithm
 * (bidi-js) into runs in visual order, each drawn on its own from the right margin.
 *
 * Fonts, all embedded (subset): Noto Sans JP for Japanese, Noto Sans SC for Chinese (SIL OFL, both cover
 * Latin too), DejaVu Sans for Arabic and Hebrew (it has both scripts, Arabic joining forms and Latin);
 * the other languages keep the page's Helvetica, falling back to DejaVu Sans (FontBook). Characters a
 * font lacks become "?".
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import bidiModule, { type Bidi } from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { directionOf } from 'esign-elements/i18n';
import { FontBook } from './stamp/fonts.ts';

const require = createRequire(import.meta.url);

/** A font file a package ships, or undefined when that package is not installed. */
function packageFont(pkg: string, file: string): string | undefined {
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), file);
  } catch {
    return undefined;
  }
}

/**
 * The Japanese and Chinese fonts, first found wins: the file named by ESIGN_FONT_JA / ESIGN_FONT_ZH (a
 * TTF or OTF a deployment provides; not a .ttc collection), the server package's own copy in fonts/
 * (`npm run pack` puts only the regular weight there: 16 MB, not @expo-google-fonts' 147 MB of nine
 * weights), or the @expo-google-fonts package of the repository's development install.
 */
export function cjkFontFile(lang: 'ja' | 'zh', env: NodeJS.ProcessEnv = process.env): string | undefined {
  const [variable, file, pkg, inPackage] =
    lang === 'ja'
      ? (['ESIGN_FONT_JA', 'NotoSansJP-Regular.ttf', '@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf'] as const)
      : (['ESIGN_FONT_ZH', 'NotoSansSC-Regular.ttf', '@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'] as const);
  const candidates = [env[variable]?.trim(), join(import.meta.dirname, '..', '..', 'fonts', file), packageFont(pkg, inPackage)];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

const warned = new Set<string>();
/** The Japanese or Chinese font, or none (the page falls back to Helvetica, "?" for the characters): said once. */
function cjkFontOrWarn(lang: 'ja' | 'zh'): string | null {
  const file = cjkFontFile(lang);
  if (!file && !warned.has(lang)) {
    warned.add(lang);
    console.warn(
      `esign-server: no ${lang === 'ja' ? 'Japanese' : 'Chinese'} font for history pages; set ESIGN_FONT_${lang.toUpperCase()} to a TTF/OTF file (docs/deploy.md).`,
    );
  }
  return file ?? null;
}

/** Font files by base language, for scripts Helvetica and the FontBook fallback cannot draw (null: none found). */
const SCRIPT_FONTS: Record<string, () => string | null> = {
  ja: () => cjkFontOrWarn('ja'),
  zh: () => cjkFontOrWarn('zh'),
  ar: () => packageFont('dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf') ?? null,
  he: () => packageFont('dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf') ?? null,
};

const fileCache = new Map<string, Uint8Array>();
function fontBytes(path: string): Uint8Array {
  let bytes = fileCache.get(path);
  if (!bytes) fileCache.set(path, (bytes = new Uint8Array(readFileSync(path))));
  return bytes;
}

// bidi-js ships CommonJS whose export is the factory; its types declare an ES default export.
const bidiFactory = bidiModule as unknown as () => Bidi;
let bidi: Bidi | null = null;
const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const ISOLATES = /[\u2066-\u2069]/g;

export interface VisualRun {
  text: string;
  /** Right to left: the characters are in logical order and fontkit (or the caller) reverses them. */
  rtl: boolean;
}

/** The runs of one line in visual (left to right) order, for a paragraph in `direction`. */
export function visualRuns(line: string, direction: 'ltr' | 'rtl'): VisualRun[] {
  bidi ??= bidiFactory();
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const { levels } = embedding;
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(line, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const runs: VisualRun[] = [];
  let i = 0;
  while (i < order.length) {
    const rtl = (levels[order[i]] & 1) === 1;
    let j = i + 1;
    while (j < order.length && (levels[order[j]] & 1) === (rtl ? 1 : 0) && order[j] === order[j - 1] + (rtl ? -1 : 1)) j++;
    const from = Math.min(order[i], order[j - 1]);
    const to = Math.max(order[i], order[j - 1]);
    // Isolate marks (U+2066–U+2069, around a value kept left to right) only steer the order: not drawn.
    const logical = line.slice(from, to + 1).replace(ISOLATES, '');
    if (!logical) {
      // Nothing but isolate marks.
    } else if (!rtl) runs.push({ text: logical, rtl });
    else {
      // Brackets mirror in a right-to-left run; a run without right-to-left letters is reversed here,
      // since fontkit only reverses runs of a right-to-left script.
      const mirrored = Array.from(logical, (ch) => bidi!.getMirroredCharacter(ch) ?? ch).join('');
      runs.push({ text: STRONG_RTL.test(logical) ? mirrored : Array.from(mirrored).reverse().join(''), rtl });
    }
    i = j;
  }
  return runs;
}

/** Draws and measures the history page's text in one language. */
export class HistoryText {
  readonly direction: 'ltr' | 'rtl';
  private readonly doc: PDFDocument;
  private readonly book: FontBook;
  private readonly scriptFontFile: string | null;
  private scriptFont: Promise<PDFFont> | null = null;

  constructor(doc: PDFDocument, lang: string) {
    this.doc = doc;
    this.book = new FontBook(doc);
    this.direction = directionOf(lang);
    const pick = SCRIPT_FONTS[lang.toLowerCase().split('-')[0]];
    this.scriptFontFile = pick?.() ?? null;
  }

  /** The font for `text` (bold only where Helvetica draws it) and the text that font can draw. */
  async fontFor(text: string, bold = false): Promise<{ font: PDFFont; text: string }> {
    if (!this.scriptFontFile) return this.book.forText('helvetica', text, bold ? 'bold' : undefined);
    if (!this.scriptFont) {
      this.doc.registerFontkit(fontkit);
      this.scriptFont = this.doc.embedFont(fontBytes(this.scriptFontFile), { subset: true });
    }
    const font = await this.scriptFont;
    return { font, text: replaceMissing(font, text) };
  }

  /** Draws one line between `left` and `right`: from the left for ltr, from the right for rtl. */
  draw(page: PDFPage, font: PDFFont, line: string, opts: { left: number; right: number; y: number; size: number; color: Color }): void {
    if (this.direction === 'ltr' && !STRONG_RTL.test(line)) {
      page.drawText(line, { x: opts.left, y: opts.y, size: opts.size, font, color: opts.color });
      return;
    }
    // A right-to-left line, or an Arabic or Hebrew name in a left-to-right one: runs in visual order.
    const runs = visualRuns(line, this.direction);
    const widths = runs.map((r) => font.widthOfTextAtSize(r.text, opts.size));
    let x = this.direction === 'rtl' ? opts.right - widths.reduce((a, b) => a + b, 0) : opts.left;
    for (const [i, run] of runs.entries()) {
      if (run.text.trim()) page.drawText(run.text, { x, y: opts.y, size: opts.size, font, color: opts.color });
      x += widths[i];
    }
  }
}

interface FontkitFace {
  hasGlyphForCodePoint(cp: number): boolean;
}
function replaceMissing(font: PDFFont, text: string): string {
  const face = (font as unknown as { embedder?: { font?: FontkitFace } }).embedder?.font;
  if (!face) return text;
  return Array.from(text, (ch) => (/[\s\u2066-\u2069]/.test(ch) || face.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?')).join('');
}
