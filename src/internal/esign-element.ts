import { LitElement } from 'lit';

/**
 * The thin base every esign element shares: typed events that bubble out of
 * shadow roots, and nothing else. Behaviour lives in reactive controllers.
 */
export class EsignElement extends LitElement {
  /** Dispatches `name` with `detail`, bubbling and composed; returns false when a listener cancelled it. */
  protected emit<K extends keyof EsignEventMap>(name: K, detail: EsignEventMap[K]['detail'], cancelable = false): boolean {
    // Built apart from dispatchEvent() so the manifest analyzer does not list a generic event called "name".
    const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable });
    return this.dispatchEvent(event);
  }
}

/**
 * Every `esign-*` event and its detail. Elements add theirs by declaration merging:
 * `declare global { interface EsignEventMap { 'esign-ready': CustomEvent<{ pages: number }> } }`.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EsignEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends EsignEventMap {}
}

/** Defines a custom element once; a second script tag or bundle that loads it again is harmless. */
export function defineElement(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, ctor);
}
