/**
 * What a drag shows while it runs, written straight to the DOM once per frame: the dragged fields'
 * boxes, snap guides, and the marquee or drawn rectangle. Nothing goes through Lit until the drag ends,
 * so a drag over a document with thousands of fields touches only the few nodes that move, and never
 * causes a page to render again.
 */
import type { Rect } from '../editing/field-doc.ts';
import type { Guide } from '../editing/snap.ts';

const pct = (n: number): string => `${(n * 100).toFixed(4)}%`;
const ghostHtml = (r: Rect): string =>
  `<div class="ghost-field" part="ghost-field" style="left:${pct(r.ax)};top:${pct(r.ay)};width:${pct(r.bx - r.ax)};height:${pct(r.by - r.ay)}"></div>`;

function newLayer(page: HTMLElement): HTMLElement {
  const layer = document.createElement('div');
  layer.className = 'drag-layer';
  layer.setAttribute('aria-hidden', 'true');
  page.append(layer);
  return layer;
}

export class DragPreview {
  private readonly moved = new Map<HTMLElement, { left: string; top: string; width: string; height: string; transform: string; visibility: string }>();
  private layer: HTMLElement | null = null;
  private layerHtml = '';
  /** Ghost layers on the other pages a selection spanning pages lands on. */
  private readonly ghostLayers = new Map<HTMLElement, HTMLElement>();

  private remember(el: HTMLElement): void {
    if (this.moved.has(el)) return;
    const s = el.style;
    this.moved.set(el, { left: s.left, top: s.top, width: s.width, height: s.height, transform: s.transform, visibility: s.visibility });
    el.classList.add('dragging');
  }

  /**
   * Shows a field moved by (dx, dy) CSS pixels with a transform: the compositor moves it, the page under it
   * is neither laid out nor repainted.
   */
  translateField(el: HTMLElement, dx: number, dy: number): void {
    this.remember(el);
    el.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  /** Hides a field while its ghost shows it on another page (or shows it again). */
  hideField(el: HTMLElement, hidden: boolean): void {
    this.remember(el);
    el.style.visibility = hidden ? 'hidden' : this.moved.get(el)!.visibility;
  }

  /** Shows `rect` on a field's box (remembering its style to restore on cancel). */
  placeField(el: HTMLElement, rect: Rect): void {
    this.remember(el);
    el.style.left = pct(rect.ax);
    el.style.top = pct(rect.ay);
    el.style.width = pct(rect.bx - rect.ax);
    el.style.height = pct(rect.by - rect.ay);
  }

  /** Draws guide lines (and an optional rectangle, for marquee/draw) over `page`. */
  drawOverlay(page: HTMLElement, guides: readonly Guide[], box: { rect: Rect; kind: 'marquee' | 'draw' } | null): void {
    const layer = this.ensureLayer(page);
    const parts: string[] = [];
    for (const g of guides) {
      const style =
        g.axis === 'x'
          ? `left:${pct(g.pos)};top:${pct(g.from)};height:${pct(g.to - g.from)}`
          : `top:${pct(g.pos)};left:${pct(g.from)};width:${pct(g.to - g.from)}`;
      parts.push(`<div class="guide guide-${g.axis}" part="guide" style="${style}"></div>`);
    }
    if (box) {
      const r = box.rect;
      parts.push(
        `<div class="${box.kind}" part="${box.kind}" style="left:${pct(r.ax)};top:${pct(r.ay)};width:${pct(r.bx - r.ax)};height:${pct(r.by - r.ay)}"></div>`,
      );
    }
    const next = parts.join('');
    if (next !== this.layerHtml) {
      layer.innerHTML = next;
      this.layerHtml = next;
    }
  }

  /** Ghosts where a selection dragged to another page will land, on each page it lands on; an empty list removes them. */
  drawGhosts(landing: readonly (Rect & { page: number })[], pageElement: (page: number) => HTMLElement | null): void {
    const byPage = new Map<HTMLElement, Rect[]>();
    for (const r of landing) {
      const page = pageElement(r.page);
      if (page) byPage.set(page, [...(byPage.get(page) ?? []), r]);
    }
    for (const [page, layer] of this.ghostLayers) {
      if (byPage.has(page)) continue;
      layer.remove();
      this.ghostLayers.delete(page);
    }
    for (const [page, rects] of byPage) {
      let layer = this.ghostLayers.get(page);
      if (!layer) {
        layer = newLayer(page);
        this.ghostLayers.set(page, layer);
      }
      const next = rects.map(ghostHtml).join('');
      if (layer.innerHTML !== next) layer.innerHTML = next;
    }
  }

  private ensureLayer(page: HTMLElement): HTMLElement {
    if (this.layer && this.layer.parentElement === page) return this.layer;
    this.layer?.remove();
    this.layer = newLayer(page);
    this.layerHtml = '';
    return this.layer;
  }

  /** Ends the preview; with `restore`, puts the moved boxes back (a cancelled drag). */
  clear(restore: boolean): void {
    for (const [el, s] of this.moved) {
      el.classList.remove('dragging');
      if (restore) Object.assign(el.style, s);
      else Object.assign(el.style, { transform: s.transform, visibility: s.visibility });
    }
    this.moved.clear();
    this.layer?.remove();
    this.layer = null;
    this.drawGhosts([], () => null);
  }
}
