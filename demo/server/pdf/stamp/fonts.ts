/**
 * Fonts for stamped text. The element JSON names five fonts; two are PDF standard fonts and need
 * no embedding; the others are embedded from free TTFs shipped as npm packages, so the output is
 * the same on every machine (no system fonts): Arimo (metric-compatible with Arial, and the design
 * Liberation Sans 2 is built from) for `arial` and `liberation`, DejaVu Sans (the Bitstream Vera
 * family, close to Verdana's wide proportions) for `verdana`. Text a standard font cannot encode
 * (outside WinAnsi, e.g. "Łódź", Greek, Cyrillic) falls back to DejaVu Sans; characters no font has
 * become "?".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import type { FontName } from 'esign-elements/fields';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const FILES = {
  arimo: () => join(packageDir('@expo-google-fonts/arimo'), '400Regular', 'Arimo_400Regular.ttf'),
  dejavu: () => join(packageDir('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans.ttf'),
};
type FileFont = keyof typeof FILES;

const fileCache = new Map<FileFont, Uint8Array>();
function fontFile(name: FileFont): Uint8Array {
  let bytes = fileCache.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(FILES[name]()));
    fileCache.set(name, bytes);
  }
  return bytes;
}

type FontKey = 'helvetica' | 'courier' | 'helvetica-oblique' | 'helvetica-bold' | FileFont;

const SOURCE: Record<FontName, FontKey> = {
  '': 'helvetica',
  helvetica: 'helvetica',
  courier: 'courier',
  arial: 'arimo',
  liberation: 'arimo',
  verdana: 'dejavu',
};

/** Fonts of one output document, embedded on first use. */
export class FontBook {
  private readonly doc: PDFDocument;
  private readonly fonts = new Map<FontKey, Promise<PDFFont>>();
  private fontkitRegistered = false;

  constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  private load(key: FontKey): Promise<PDFFont> {
    let font = this.fonts.get(key);
    if (!font) {
      if (key === 'helvetica') font = this.doc.embedFont(StandardFonts.Helvetica);
      else if (key === 'courier') font = this.doc.embedFont(StandardFonts.Courier);
      else if (key === 'helvetica-oblique') font = this.doc.embedFont(StandardFonts.HelveticaOblique);
      else if (key === 'helvetica-bold') font = this.doc.embedFont(StandardFonts.HelveticaBold);
      else {
        if (!this.fontkitRegistered) {
          this.doc.registerFontkit(fontkit);
          this.fontkitRegistered = true;
        }
        // fontkit's subsetter drops most glyphs of this Arimo build (checked with poppler and pdf.js),
        // so Arimo is embedded whole (~200 KB); DejaVu Sans subsets correctly.
        font = this.doc.embedFont(fontFile(key), { subset: key !== 'arimo' });
      }
      this.fonts.set(key, font);
    }
    return font;
  }

  /** The font for a field's `font_name` that can draw `text`, and the text it can draw. */
  async forText(name: FontName | string, text: string, style?: 'oblique' | 'bold'): Promise<{ font: PDFFont; text: string }> {
    const key: FontKey = style ? `helvetica-${style}` : (SOURCE[name as FontName] ?? 'helvetica');
    const font = await this.load(key);
    if (canDraw(font, key, text)) return { font, text };
    const fallback = await this.load('dejavu');
    return { font: fallback, text: replaceMissing(fallback, text) };
  }
}

function canDraw(font: PDFFont, key: FontKey, text: string): boolean {
  if (key === 'arimo' || key === 'dejavu') return missingCount(font, text) === 0;
  try {
    font.encodeText(text.replace(/[\r\n\t]/g, ' ')); // standard fonts throw on characters outside WinAnsi
    return true;
  } catch {
    return false;
  }
}

interface FontkitFace {
  hasGlyphForCodePoint(cp: number): boolean;
}
function face(font: PDFFont): FontkitFace | undefined {
  return (font as unknown as { embedder?: { font?: FontkitFace } }).embedder?.font;
}

function missingCount(font: PDFFont, text: string): number {
  const f = face(font);
  if (!f) return 0;
  let n = 0;
  for (const ch of text) if (!/\s/.test(ch) && !f.hasGlyphForCodePoint(ch.codePointAt(0)!)) n++;
  return n;
}

function replaceMissing(font: PDFFont, text: string): string {
  const f = face(font);
  if (!f) return text;
  let out = '';
  for (const ch of text) out += /\s/.test(ch) || f.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?';
  return out;
}
