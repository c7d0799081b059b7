/** Helpers for the editor's browser tests: a loaded editor on a generated PDF, and real input. */
import { fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { setPdfWorkerSrc } from '../../../src/internal/pdf-worker.ts';
import { generatePdf } from '../generate-pdf.ts';
import type { FieldElement } from '../../../src/fields/types.ts';
import { blankElement } from '../../../src/esign-editor/editing/toolbox.ts';
import type { EsignEditor } from '../../../src/esign-editor/esign-editor.ts';
import '../../../src/esign-editor/esign-editor.ts';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export interface EditorSetup {
  pages?: number;
  fields?: FieldElement[];
  attrs?: string;
  width?: number;
  height?: number;
  zoom?: string;
}

/** The test page is 800×600: the editor fits in it, so every point a test aims at is on screen. */
/** An editor showing a generated Letter-size PDF with `fields`, ready (every page laid out). */
export async function loadEditor(setup: EditorSetup = {}): Promise<EsignEditor> {
  const el = await fixture<EsignEditor>(
    html`<esign-editor style="width:${setup.width ?? 790}px;height:${setup.height ?? 590}px" zoom=${setup.zoom ?? '0.7'}></esign-editor>`,
  );
  const ready = oneEvent(el, 'esign-ready');
  el.fields = setup.fields ?? [];
  el.data = await generatePdf({ pages: setup.pages ?? 2 });
  await ready;
  await el.updateComplete;
  return el;
}

export function field(ax: number, ay: number, bx: number, by: number, extra: Partial<FieldElement> = {}): FieldElement {
  return { ...blankElement(), ax, ay, bx, by, ...extra };
}

export function q<T extends Element = HTMLElement>(el: EsignEditor, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

export function fieldEls(el: EsignEditor): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>('.efield')];
}

/** Centre of an element in viewport CSS pixels (what sendMouse takes). */
export function centre(target: Element): [number, number] {
  const r = target.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

/** A point at fractions (fx, fy) of page `page`. */
export function pagePoint(el: EsignEditor, page: number, fx: number, fy: number): [number, number] {
  const r = q(el, `.page[data-page="${page}"]`).getBoundingClientRect();
  return [Math.round(r.left + r.width * fx), Math.round(r.top + r.height * fy)];
}

export const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

/** Presses at `from` and moves in `steps` to `to`, a frame per step, without releasing: a drag in progress. */
export async function pressAndMove(from: [number, number], to: [number, number], steps = 6): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++) {
    const x = Math.round(from[0] + ((to[0] - from[0]) * i) / steps);
    const y = Math.round(from[1] + ((to[1] - from[1]) * i) / steps);
    await sendMouse({ type: 'move', position: [x, y] });
    await nextFrame();
  }
  await nextFrame();
}

/** Presses at `from`, moves in `steps` to `to`, releases: a real drag. */
export async function drag(from: [number, number], to: [number, number], steps = 6): Promise<void> {
  await pressAndMove(from, to, steps);
  await sendMouse({ type: 'up' });
  await nextFrame();
}

export const round = (n: number, digits = 4): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Focuses field `index` and presses Enter: the property panel opens with focus in it. */
export async function openPanelFor(el: EsignEditor, index: number): Promise<HTMLElement> {
  fieldEls(el)[index].focus();
  await el.updateComplete;
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
  return q<HTMLElement>(el, '.panel');
}
