/**
 * Pointer editing on the pages: move and resize the selection (with snapping), move it onto another
 * page, marquee selection, and click-then-draw of a new field. Mouse, touch and pen alike, with pointer capture, one preview per
 * animation frame and one undo step per gesture. Escape cancels the gesture in progress.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorModel } from '../editing/editor-model.ts';
import type { EditorField, FieldDoc, PageSize, Rect } from '../editing/field-doc.ts';
import { findField } from '../editing/field-doc.ts';
import { clickSelect, marqueeHits, marqueeSelect, normalizeRect } from '../editing/selection.ts';
import { MOVE_LINES, resizeLines, snapRect, SNAP_PIXELS, type Guide } from '../editing/snap.ts';
import { clampGroupDelta, minSizeOn, moveFields, resizeFields, type Handle } from '../editing/transform.ts';
import { DragPreview } from './drag-preview.ts';
import { hopFields, pageUnder } from './page-hop.ts';

export interface PointerEditingOptions {
  model: EditorModel;
  readOnly: () => boolean;
  /** Snapping on (Alt held during a gesture turns it off for that moment). */
  snapping: () => boolean;
  pageSize: (page: number) => PageSize;
  pageElement: (page: number) => HTMLElement | null;
  pageCount: () => number;
  fieldElement: (id: string) => HTMLElement | null;
  /** The armed toolbox type, if any: a drag on a page draws a field of it. */
  armedTool: () => string | null;
  /** Creates a field of the armed type on `page` at `rect` (null: default size at `at`). */
  drawField: (page: number, at: { x: number; y: number }, rect: Rect | null) => void;
  /** A gesture ended with a committed change: for the screen-reader announcement. */
  onGestureEnd?: (kind: 'move' | 'resize', ids: readonly string[]) => void;
}

interface FieldGesture {
  kind: 'move' | 'resize';
  handle: Handle | null;
  ids: string[];
  primary: EditorField;
  page: HTMLElement;
  startDoc: FieldDoc;
}
interface AreaGesture {
  kind: 'marquee' | 'draw';
  pageNumber: number;
  page: HTMLElement;
  additive: boolean;
}
type Gesture = FieldGesture | AreaGesture;

function isAreaGesture(g: Gesture): g is AreaGesture {
  return g.kind === 'marquee' || g.kind === 'draw';
}

interface Pending {
  pointerId: number;
  startX: number;
  startY: number;
  /** The scroller's scroll position at the press: scrolling during a gesture (wheel, autoscroll) is added in. */
  scroll0: { left: number; top: number };
  rect: DOMRect;
  started: boolean;
  gesture: Gesture;
  last: PointerEvent | null;
  preview: FieldDoc | null;
  /** The selection is over another page (shown as ghosts there). */
  hopped?: boolean;
  /** What a click without movement does (select a single field, clear the selection). */
  onClick: (() => void) | null;
}

/** Movement (CSS px) before a press becomes a drag: keeps clicks clicks, also with a shaky pen. */
const DRAG_THRESHOLD = 3;
/** Autoscroll: the band along the scroller's edges (CSS px) and the fastest scroll per frame. */
const AUTOSCROLL_EDGE = 32;
const AUTOSCROLL_MAX = 20;

export class PointerEditingController implements ReactiveController {
  private readonly options: PointerEditingOptions;
  private readonly preview = new DragPreview();
  private pending: Pending | null = null;
  private frame = 0;
  private captureTarget: HTMLElement | null = null;

  constructor(host: ReactiveControllerHost, options: PointerEditingOptions) {
    this.options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  get active(): boolean {
    return this.pending?.started ?? false;
  }

  /** Bind to the scroller's `pointerdown`. */
  readonly onPointerDown = (e: PointerEvent): void => {
    // A second finger makes the gesture a pinch (zoom): the first finger's move or resize is undone.
    if (this.pending && e.pointerType === 'touch' && e.pointerId !== this.pending.pointerId) this.cancel();
    if (this.pending || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const target = e.target as Element;
    const pageEl = target.closest<HTMLElement>('.page');
    if (!pageEl) return;
    const pageNumber = Number(pageEl.dataset.page);
    const model = this.options.model;
    const fieldEl = target.closest<HTMLElement>('[data-id]');
    const handleEl = target.closest<HTMLElement>('[data-handle]');
    const readOnly = this.options.readOnly();
    let gesture: Gesture | null = null;
    let onClick: (() => void) | null = null;

    if (fieldEl) {
      const id = fieldEl.dataset.id!;
      const field = findField(model.doc, id);
      if (!field) return;
      if (e.shiftKey || e.metaKey || e.ctrlKey) {
        e.preventDefault(); // no focus change: focusing a field would select it alone
        model.setSelection(clickSelect(model.selection, id, true));
        return;
      }
      if (!model.selection.includes(id)) model.setSelection([id]);
      else onClick = () => model.setSelection([id, ...model.selection.filter((s) => s !== id)]);
      if (!readOnly) {
        const handle = (handleEl?.dataset.handle as Handle | undefined) ?? null;
        gesture = { kind: handle ? 'resize' : 'move', handle, ids: [...model.selection], primary: field, page: pageEl, startDoc: model.doc };
      }
      fieldEl.focus({ preventScroll: true });
    } else {
      const tool = readOnly ? null : this.options.armedTool();
      // A finger on the page scrolls it unless a tool is armed (a tap still clears the selection);
      // a mouse or pen draws a marquee.
      if (!tool && e.pointerType === 'touch') {
        this.watchTap(e);
        return;
      }
      gesture = { kind: tool ? 'draw' : 'marquee', pageNumber, page: pageEl, additive: e.shiftKey };
      if (!tool && !e.shiftKey) onClick = () => model.setSelection([]);
    }
    if (!gesture) return;
    e.preventDefault();
    const capture = e.currentTarget as HTMLElement;
    capturePointer(capture, e.pointerId);
    capture.addEventListener('pointermove', this.onPointerMove);
    capture.addEventListener('pointerup', this.onPointerUp);
    capture.addEventListener('pointercancel', this.onPointerCancel);
    this.captureTarget = capture;
    this.pending = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      scroll0: { left: capture.scrollLeft, top: capture.scrollTop },
      rect: pageEl.getBoundingClientRect(),
      started: false,
      gesture,
      last: null,
      preview: null,
      onClick,
    };
    if (gesture.kind === 'draw') this.startGesture();
  };

  /** A tap (a touch that ends where it began, without the browser taking it for a scroll) clears the selection. */
  private watchTap(down: PointerEvent): void {
    const target = down.target as HTMLElement;
    const end = (up: PointerEvent): void => {
      if (up.pointerId !== down.pointerId) return;
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
      if (up.type === 'pointerup' && Math.hypot(up.clientX - down.clientX, up.clientY - down.clientY) < DRAG_THRESHOLD * 3) {
        this.options.model.setSelection([]);
      }
    };
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  }

  private readonly onPointerMove = (e: PointerEvent): void => {
    const p = this.pending;
    if (!p || e.pointerId !== p.pointerId) return;
    if (!p.started) {
      if (Math.hypot(e.clientX - p.startX, e.clientY - p.startY) < DRAG_THRESHOLD) return;
      this.startGesture();
    }
    p.last = e;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flushFrame());
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const p = this.pending;
    if (!p || e.pointerId !== p.pointerId) return;
    if (p.started) {
      p.last = e;
      this.flushFrame(true);
      this.finish(e);
    } else {
      p.onClick?.();
      this.release();
    }
  };

  private readonly onPointerCancel = (e: PointerEvent): void => {
    if (this.pending && e.pointerId === this.pending.pointerId) this.cancel();
  };

  /** Abandons the gesture in progress (Escape, pointercancel): nothing is committed. */
  cancel(): boolean {
    const had = !!this.pending?.started;
    this.preview.clear(true);
    this.release();
    return had;
  }

  private startGesture(): void {
    const p = this.pending!;
    p.started = true;
    this.options.model.settle();
  }

  private flushFrame(final = false): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const p = this.pending;
    if (!p?.last) return;
    const e = p.last;
    const g = p.gesture;
    if (!final) this.autoScroll(e); // first, so this frame's scroll is in the delta below
    const { sx, sy } = this.scrolled(p);
    const dx = (e.clientX - p.startX + sx) / p.rect.width;
    const dy = (e.clientY - p.startY + sy) / p.rect.height;
    if (isAreaGesture(g)) {
      this.preview.drawOverlay(g.page, [], { rect: this.areaRect(p, e), kind: g.kind });
      return;
    }
    const snap = this.options.snapping() && !e.altKey;
    const threshold = { x: SNAP_PIXELS / p.rect.width, y: SNAP_PIXELS / p.rect.height };
    const selected = new Set(g.ids);
    const others = g.startDoc.filter((f) => f.el.page === g.primary.el.page && !selected.has(f.id)).map((f) => f.el);
    let doc: FieldDoc;
    let guides: Guide[] = [];
    if (g.kind === 'move' && this.hop(p, g, e)) return;
    if (g.kind === 'move') {
      const d = clampGroupDelta(
        g.startDoc.filter((f) => selected.has(f.id)).map((f) => f.el),
        dx,
        dy,
      );
      if (snap) {
        const moved = { ax: g.primary.el.ax + d.dx, ay: g.primary.el.ay + d.dy, bx: g.primary.el.bx + d.dx, by: g.primary.el.by + d.dy };
        const s = snapRect(moved, others, threshold, MOVE_LINES);
        d.dx += s.dx;
        d.dy += s.dy;
        guides = s.guides;
      }
      doc = moveFields(g.startDoc, g.ids, d.dx, d.dy);
    } else {
      const min = minSizeOn(this.options.pageSize);
      let ddx = dx;
      let ddy = dy;
      if (snap) {
        const resized = resizeFields([g.primary], [g.primary.id], g.handle!, dx, dy, min)[0].el;
        const s = snapRect(resized, others, threshold, resizeLines(g.handle!));
        ddx += s.dx;
        ddy += s.dy;
        guides = s.guides;
      }
      doc = resizeFields(g.startDoc, g.ids, g.handle!, ddx, ddy, min);
    }
    p.preview = doc;
    for (const id of g.ids) {
      const el = this.options.fieldElement(id);
      const f = findField(doc, id);
      const start = findField(g.startDoc, id);
      if (!el || !f || !start) continue;
      if (g.kind === 'move') {
        // Fields on other pages may differ in size: convert each one's delta with its own page box.
        const box = f.el.page === g.primary.el.page ? p.rect : (el.offsetParent?.getBoundingClientRect() ?? p.rect);
        this.preview.translateField(el, (f.el.ax - start.el.ax) * box.width, (f.el.ay - start.el.ay) * box.height);
      } else this.preview.placeField(el, f.el);
    }
    this.preview.drawOverlay(g.page, guides, null);
  }

  /**
   * A move whose pointer is over another page: the selection shows as ghosts where it will land (a
   * selection spanning pages keeps its page distances) and lands there on release. Returns false when
   * the pointer is over the primary field's own page.
   */
  private hop(p: Pending, g: FieldGesture, e: PointerEvent): boolean {
    const { sx, sy } = this.scrolled(p);
    const home = p.rect;
    const inside = e.clientX + sx >= home.left && e.clientX + sx <= home.right && e.clientY + sy >= home.top && e.clientY + sy <= home.bottom;
    const target = inside ? null : pageUnder(g.page.getRootNode() as ShadowRoot, e.clientX, e.clientY);
    const page = target ? Number(target.dataset.page) : g.primary.el.page;
    if (!target || page === g.primary.el.page) {
      if (p.hopped) for (const id of g.ids) this.setHidden(id, false);
      if (p.hopped) this.preview.drawGhosts([], () => null);
      p.hopped = false;
      return false;
    }
    const r = target.getBoundingClientRect();
    // Keep the grab point: where in the field the pointer pressed, in CSS px, on the new page.
    const grabX = p.startX - (home.left + g.primary.el.ax * home.width);
    const grabY = p.startY - (home.top + g.primary.el.ay * home.height);
    const at = { x: (e.clientX - grabX - r.left) / r.width, y: (e.clientY - grabY - r.top) / r.height };
    const doc = hopFields(g.startDoc, g.ids, g.primary, page, at, this.options.pageCount());
    p.preview = doc;
    p.hopped = true;
    for (const id of g.ids) this.setHidden(id, true);
    this.preview.drawOverlay(target, [], null); // no guides while hopping
    this.preview.drawGhosts(
      doc.filter((f) => g.ids.includes(f.id)).map((f) => f.el),
      this.options.pageElement,
    );
    return true;
  }

  private setHidden(id: string, hidden: boolean): void {
    const el = this.options.fieldElement(id);
    if (el) this.preview.hideField(el, hidden);
  }

  /** How far the scroller has scrolled since the press. */
  private scrolled(p: Pending): { sx: number; sy: number } {
    const s = this.captureTarget;
    return s ? { sx: s.scrollLeft - p.scroll0.left, sy: s.scrollTop - p.scroll0.top } : { sx: 0, sy: 0 };
  }

  /** The marquee or drawn rectangle from the press to the pointer, in fractions of the page, clamped to it. */
  private areaRect(p: Pending, e: PointerEvent): Rect {
    const { sx, sy } = this.scrolled(p);
    const fx0 = (p.startX - p.rect.left) / p.rect.width;
    const fy0 = (p.startY - p.rect.top) / p.rect.height;
    const fx = (e.clientX - p.rect.left + sx) / p.rect.width;
    const fy = (e.clientY - p.rect.top + sy) / p.rect.height;
    return normalizeRect({ ax: clamp01(fx0), ay: clamp01(fy0), bx: clamp01(fx), by: clamp01(fy) });
  }

  /**
   * Near the scroller's edges a gesture scrolls the pages (faster closer to the edge) and keeps running
   * every frame while the pointer rests there, so a field can be dragged to a part of the page not in view.
   */
  private autoScroll(e: PointerEvent): void {
    const s = this.captureTarget;
    if (!s) return;
    const r = s.getBoundingClientRect();
    const speed = (inside: number) => Math.min(AUTOSCROLL_MAX, Math.ceil(((AUTOSCROLL_EDGE - inside) / AUTOSCROLL_EDGE) * AUTOSCROLL_MAX));
    const vy = e.clientY < r.top + AUTOSCROLL_EDGE ? -speed(e.clientY - r.top) : e.clientY > r.bottom - AUTOSCROLL_EDGE ? speed(r.bottom - e.clientY) : 0;
    const vx = e.clientX < r.left + AUTOSCROLL_EDGE ? -speed(e.clientX - r.left) : e.clientX > r.right - AUTOSCROLL_EDGE ? speed(r.right - e.clientX) : 0;
    if (!vx && !vy) return;
    const before = s.scrollTop + s.scrollLeft;
    s.scrollTop += vy;
    s.scrollLeft += vx;
    if (s.scrollTop + s.scrollLeft !== before && !this.frame) this.frame = requestAnimationFrame(() => this.flushFrame());
  }

  private finish(e: PointerEvent): void {
    const p = this.pending!;
    const g = p.gesture;
    const model = this.options.model;
    if (!isAreaGesture(g)) {
      this.preview.clear(false);
      if (p.preview && model.apply(p.preview)) this.options.onGestureEnd?.(g.kind, g.ids);
      model.settle();
    } else {
      this.preview.clear(false);
      const fx0 = (p.startX - p.rect.left) / p.rect.width;
      const fy0 = (p.startY - p.rect.top) / p.rect.height;
      const rect = this.areaRect(p, e);
      if (g.kind === 'marquee') {
        model.setSelection(marqueeSelect(model.selection, marqueeHits(model.doc, g.pageNumber, rect), g.additive));
      } else {
        const tiny = (rect.bx - rect.ax) * p.rect.width < 6 || (rect.by - rect.ay) * p.rect.height < 6;
        this.options.drawField(g.pageNumber, { x: fx0, y: fy0 }, tiny ? null : rect);
      }
    }
    this.release();
  }

  private release(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const capture = this.captureTarget;
    if (capture) {
      if (this.pending && capture.hasPointerCapture?.(this.pending.pointerId)) capture.releasePointerCapture(this.pending.pointerId);
      capture.removeEventListener('pointermove', this.onPointerMove);
      capture.removeEventListener('pointerup', this.onPointerUp);
      capture.removeEventListener('pointercancel', this.onPointerCancel);
    }
    this.captureTarget = null;
    this.pending = null;
  }
}

/** Captures the pointer; a pointer the browser no longer knows (synthetic, already lifted) just is not captured. */
export function capturePointer(el: HTMLElement, pointerId: number): void {
  try {
    el.setPointerCapture?.(pointerId);
  } catch {
    // NotFoundError: events still arrive through the listeners on the element
  }
}

function clamp01(n: number): number {
  return n < 0 ? 0 : n > 1 ? 1 : n;
}
