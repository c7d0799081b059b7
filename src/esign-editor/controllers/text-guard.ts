/**
 * The editor protects the document: fields that cover the page's text are marked (and reported as warnings
 * by a save, not errors: a sender may mean it), and a field added by keyboard goes to the nearest empty
 * area of the visible part of the page. The text comes from pdf.js (page-text.ts), read as pages paint.
 */
import type { FieldProblem } from '../../fields/types.ts';
import type { EditorHost } from '../editor-host.ts';
import type { FieldDoc } from '../editing/field-doc.ts';
import { coversText, freeSpot } from '../editing/page-space.ts';
import { te } from '../editor-i18n.ts';
import { PageText } from './page-text.ts';

export class TextGuard {
  readonly text: PageText;
  private readonly host: EditorHost;
  private memo: { doc: FieldDoc | null; version: number; ids: ReadonlySet<string> } = { doc: null, version: -1, ids: new Set() };

  constructor(host: EditorHost) {
    this.host = host;
    this.text = new PageText(() => host.requestUpdate());
  }

  /** The ids of the fields that cover text on their page (pages whose text is not read yet count as clear). */
  covering(doc: FieldDoc): ReadonlySet<string> {
    if (this.memo.doc === doc && this.memo.version === this.text.version) return this.memo.ids;
    const ids = new Set<string>();
    for (const f of doc) {
      const boxes = this.text.of(f.el.page);
      if (boxes?.length && coversText(f.el, boxes)) ids.add(f.id);
    }
    this.memo = { doc, version: this.text.version, ids };
    return ids;
  }

  /** The save's warnings: one per field that covers text, addressed like validation problems (`[index]`); every page with fields is read first. */
  async warnings(doc: FieldDoc): Promise<FieldProblem[]> {
    await this.text.readPages(doc.map((f) => f.el.page));
    const ids = this.covering(doc);
    const message = te(this.host.lang, 'editor.coversText');
    return doc.flatMap((f, i) => (ids.has(f.id) ? [{ field: `[${i}]`, code: 'covers_text', message }] : []));
  }

  /**
   * Where a new field of `size` (fractions of the page) goes on `page`: the empty spot nearest the middle of
   * the page's visible part, clear of its text and fields; the middle itself when the page is full.
   */
  placement(doc: FieldDoc, page: number, size: { w: number; h: number }): { x: number; y: number } {
    const target = this.visibleCentre(page);
    const obstacles = [...(this.text.of(page) ?? []), ...doc.filter((f) => f.el.page === page).map((f) => f.el)];
    return freeSpot(size, obstacles, target) ?? { x: target.x - size.w / 2, y: target.y - size.h / 2 };
  }

  /** The centre of the part of `page` inside the scroller's view, as fractions of the page. */
  private visibleCentre(page: number): { x: number; y: number } {
    const pageEl = this.host.pageElement(page);
    const scroller = this.host.scroller;
    if (!pageEl || !scroller) return { x: 0.5, y: 0.5 };
    const p = pageEl.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    if (p.width === 0 || p.height === 0) return { x: 0.5, y: 0.5 };
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    const left = clamp((s.left - p.left) / p.width);
    const right = clamp((s.right - p.left) / p.width);
    const top = clamp((s.top - p.top) / p.height);
    const bottom = clamp((s.bottom - p.top) / p.height);
    return right > left && bottom > top ? { x: (left + right) / 2, y: (top + bottom) / 2 } : { x: 0.5, y: 0.5 };
  }
}
