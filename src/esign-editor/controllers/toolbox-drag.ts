/**
 * Dragging a field type from the toolbox onto a page, with pointer events (mouse, touch and pen alike):
 * a ghost follows the pointer, and a drop over a page creates the field centred under it. A press that
 * does not move is left to the button's click (which arms click-then-draw).
 */
import type { ToolType } from '../editing/toolbox.ts';
import { capturePointer } from './pointer-editing.ts';

export interface ToolboxDragOptions {
  /** The shadow root (for hit testing the pages under the pointer) and where the ghost lives. */
  root: () => ShadowRoot | null;
  ghostLabel: (type: ToolType) => string;
  /** Drop at fraction (x, y) of page `page`: the pointer's position on it. */
  drop: (type: ToolType, page: number, at: { x: number; y: number }) => void;
}

const DRAG_THRESHOLD = 4;

export class ToolboxDrag {
  private readonly options: ToolboxDragOptions;
  private state: { type: ToolType; pointerId: number; x: number; y: number; button: HTMLElement; ghost: HTMLElement | null } | null = null;
  /** Set after a drag, so the click that follows the pointerup does not arm the tool as well. */
  suppressClick = false;

  constructor(options: ToolboxDragOptions) {
    this.options = options;
  }

  readonly onPointerDown = (e: PointerEvent, type: ToolType): void => {
    if (this.state || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const button = e.currentTarget as HTMLElement;
    capturePointer(button, e.pointerId);
    button.addEventListener('pointermove', this.onMove);
    button.addEventListener('pointerup', this.onUp);
    button.addEventListener('pointercancel', this.onCancel);
    this.suppressClick = false;
    this.state = { type, pointerId: e.pointerId, x: e.clientX, y: e.clientY, button, ghost: null };
  };

  private readonly onMove = (e: PointerEvent): void => {
    const s = this.state;
    if (!s || e.pointerId !== s.pointerId) return;
    if (!s.ghost) {
      if (Math.hypot(e.clientX - s.x, e.clientY - s.y) < DRAG_THRESHOLD) return;
      const ghost = document.createElement('div');
      ghost.className = 'drag-ghost';
      ghost.setAttribute('part', 'drag-ghost');
      ghost.setAttribute('aria-hidden', 'true');
      ghost.textContent = this.options.ghostLabel(s.type);
      this.options.root()?.append(ghost);
      s.ghost = ghost;
    }
    s.ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px)`;
    const over = this.pageAt(e.clientX, e.clientY);
    s.ghost.toggleAttribute('data-over-page', !!over);
  };

  private readonly onUp = (e: PointerEvent): void => {
    const s = this.state;
    if (!s || e.pointerId !== s.pointerId) return;
    const dragged = !!s.ghost;
    this.end();
    if (!dragged) return;
    this.suppressClick = true;
    const page = this.pageAt(e.clientX, e.clientY);
    if (!page) return;
    const r = page.getBoundingClientRect();
    this.options.drop(s.type, Number(page.dataset.page), { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height });
  };

  private readonly onCancel = (e: PointerEvent): void => {
    if (this.state && e.pointerId === this.state.pointerId) this.end();
  };

  /** Abandons a drag in progress (Escape). */
  cancel(): boolean {
    const had = !!this.state?.ghost;
    this.end();
    return had;
  }

  private pageAt(x: number, y: number): HTMLElement | null {
    const root = this.options.root();
    const hit = root?.elementsFromPoint(x, y) ?? [];
    for (const el of hit) {
      if (el.classList.contains('drag-ghost')) continue;
      const page = el.closest<HTMLElement>('.page');
      if (page) return page;
      if (el.closest('.toolbox')) return null;
    }
    return null;
  }

  private end(): void {
    const s = this.state;
    if (!s) return;
    s.ghost?.remove();
    s.button.removeEventListener('pointermove', this.onMove);
    s.button.removeEventListener('pointerup', this.onUp);
    s.button.removeEventListener('pointercancel', this.onCancel);
    if (s.button.hasPointerCapture?.(s.pointerId)) s.button.releasePointerCapture(s.pointerId);
    this.state = null;
  }
}
