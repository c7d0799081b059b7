import { LitElement, css, type PropertyValues } from 'lit';
import { directionOf, langOf, loadLocale } from './i18n.ts';

/**
 * The thin base every esign element shares: typed events that bubble out of shadow roots, and the
 * language and writing direction. Behaviour lives in reactive controllers.
 */
export class EsignElement extends LitElement {
  /** The host's direction when its `dir` attribute does not set one: that of its language. */
  static directionStyles = css`
    :host(:state(rtl)) { direction: rtl; }
    :host(:state(ltr)) { direction: ltr; }
  `;

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  private readonly internals_: ElementInternals | null = 'attachInternals' in HTMLElement.prototype ? this.attachInternals() : null;

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if ((name === 'lang' || name === 'dir') && old !== value) this.requestUpdate();
  }

  /** The language the element speaks: `lang` attribute, closest ancestor's, the page's, then the browser's. */
  get locale(): string {
    return langOf(this);
  }

  /** The direction the element lays out in: its `dir` attribute when 'ltr' or 'rtl', else its language's. */
  get direction(): 'ltr' | 'rtl' {
    const own = this.getAttribute('dir');
    return own === 'ltr' || own === 'rtl' ? own : directionOf(this.locale);
  }

  /**
   * An update waits for the element's language when its tables are not loaded yet (a chunk per language,
   * src/internal/i18n.ts), so the first render is already translated and `updateComplete` includes the wait.
   * English and a loaded language go straight on. A chunk that fails to load leaves English.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const loading = loadLocale(this.locale);
    if (!loading) return super.scheduleUpdate();
    return loading.then(
      () => super.scheduleUpdate(),
      () => super.scheduleUpdate(),
    );
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const states = this.internals_?.states;
    if (!states) return;
    const own = this.getAttribute('dir');
    const wanted = own === 'ltr' || own === 'rtl' ? null : directionOf(this.locale);
    for (const d of ['ltr', 'rtl']) {
      if (d === wanted) states.add(d);
      else states.delete(d);
    }
  }

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
