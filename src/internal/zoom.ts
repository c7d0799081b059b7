/**
 * Zoom values and gestures shared by the elements: the `zoom` attribute's grammar,
 * zoom steps for buttons, and ctrl/cmd+wheel and two-finger pinch on a scroller.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FitMode } from './pdf-pages.ts';

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 10;
/** The steps zoomIn()/zoomOut() move between (pdf.js uses similar ones). */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8, 10];

export type ZoomValue = number | FitMode;

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Parses the `zoom` attribute: `fit-width`, `fit-page`, a factor (`1.5`) or a percentage (`150%`); null when invalid. */
export function parseZoom(value: string | number | null | undefined): ZoomValue | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? clampScale(value) : null;
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (text === 'fit-width' || text === 'fit-page') return text;
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]) / (match[2] ? 100 : 1);
  return n > 0 ? clampScale(n) : null;
}

/** The next step above (direction 1) or below (-1) `scale`. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((s) => s > scale + 1e-3) ?? MAX_SCALE;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - 1e-3) ?? MIN_SCALE;
}

export interface ZoomGestureOptions {
  scroller: () => HTMLElement | null;
  /** Current scale, to multiply by the gesture's factor. */
  scale: () => number;
  /** Apply `scale`, keeping the point (clientX, clientY) fixed. */
  zoomTo: (scale: number, anchor: { clientX: number; clientY: number }) => void;
}

/**
 * ctrl/cmd + wheel (also what trackpad pinch sends in Chromium and Firefox) and
 * two-finger touch pinch. Listeners are attached to the scroller after the first render.
 */
export class ZoomGesturesController implements ReactiveController {
  private readonly options: ZoomGestureOptions;
  private attached: HTMLElement | null = null;
  private pinch: { distance: number; scale: number } | null = null;

  constructor(host: ReactiveControllerHost, options: ZoomGestureOptions) {
    this.options = options;
    host.addController(this);
  }

  hostUpdated(): void {
    const scroller = this.options.scroller();
    if (scroller === this.attached) return;
    this.detach();
    if (!scroller) return;
    scroller.addEventListener('wheel', this.onWheel, { passive: false });
    scroller.addEventListener('touchstart', this.onTouchStart, { passive: true });
    scroller.addEventListener('touchmove', this.onTouchMove, { passive: false });
    scroller.addEventListener('touchend', this.onTouchEnd);
    this.attached = scroller;
  }

  hostDisconnected(): void {
    this.detach();
  }

  private detach(): void {
    const el = this.attached;
    if (!el) return;
    el.removeEventListener('wheel', this.onWheel);
    el.removeEventListener('touchstart', this.onTouchStart);
    el.removeEventListener('touchmove', this.onTouchMove);
    el.removeEventListener('touchend', this.onTouchEnd);
    this.attached = null;
  }

  private readonly onWheel = (event: WheelEvent): void => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    // deltaMode 1 = lines; a line is about 16 px.
    const delta = event.deltaY * (event.deltaMode === 1 ? 16 : 1);
    const factor = Math.exp(-Math.max(-300, Math.min(300, delta)) / 300);
    this.options.zoomTo(clampScale(this.options.scale() * factor), { clientX: event.clientX, clientY: event.clientY });
  };

  private readonly onTouchStart = (event: TouchEvent): void => {
    if (event.touches.length === 2) this.pinch = { distance: touchDistance(event.touches), scale: this.options.scale() };
  };

  private readonly onTouchMove = (event: TouchEvent): void => {
    if (!this.pinch || event.touches.length !== 2) return;
    event.preventDefault();
    const [a, b] = [event.touches[0], event.touches[1]];
    const ratio = touchDistance(event.touches) / (this.pinch.distance || 1);
    this.options.zoomTo(clampScale(this.pinch.scale * ratio), { clientX: (a.clientX + b.clientX) / 2, clientY: (a.clientY + b.clientY) / 2 });
  };

  private readonly onTouchEnd = (event: TouchEvent): void => {
    if (event.touches.length < 2) this.pinch = null;
  };
}

function touchDistance(touches: TouchList): number {
  const a = touches[0];
  const b = touches[1];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}
