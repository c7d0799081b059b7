/**
 * Keeps the property panel next to the selected field with @floating-ui/dom: beside it (the start side in
 * right-to-left layouts), flipped and shifted to stay in view, following scrolls and resizes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { autoUpdate, computePosition, flip, offset, shift, size } from '@floating-ui/dom';

export interface PanelPositionOptions {
  reference: () => HTMLElement | null;
  floating: () => HTMLElement | null;
  rtl: () => boolean;
  /** The area the panel stays inside (the pages' scroller), so the toolbar stays uncovered. */
  boundary: () => Element | null;
}

export class PanelPosition implements ReactiveController {
  private readonly options: PanelPositionOptions;
  private cleanup: (() => void) | null = null;
  private pair: [HTMLElement, HTMLElement] | null = null;

  constructor(host: ReactiveControllerHost, options: PanelPositionOptions) {
    this.options = options;
    host.addController(this);
  }

  hostUpdated(): void {
    const reference = this.options.reference();
    const floating = this.options.floating();
    if (!reference || !floating) return this.stop();
    if (this.pair && this.pair[0] === reference && this.pair[1] === floating) {
      void this.place(reference, floating);
      return;
    }
    this.stop();
    this.pair = [reference, floating];
    this.cleanup = autoUpdate(reference, floating, () => void this.place(reference, floating));
  }

  hostDisconnected(): void {
    this.stop();
  }

  private async place(reference: HTMLElement, floating: HTMLElement): Promise<void> {
    const boundary = this.options.boundary() ?? 'clippingAncestors';
    const { x, y } = await computePosition(reference, floating, {
      strategy: 'fixed',
      placement: this.options.rtl() ? 'left-start' : 'right-start',
      middleware: [
        offset(10),
        flip({ boundary, fallbackPlacements: ['bottom-start', 'top-start', 'left-start', 'right-start'] }),
        shift({ boundary, padding: 8 }),
        size({
          boundary,
          padding: 8,
          apply: ({ availableHeight }) => {
            floating.style.maxHeight = `${Math.max(160, availableHeight)}px`;
          },
        }),
      ],
    });
    Object.assign(floating.style, { left: `${x}px`, top: `${y}px` });
  }

  private stop(): void {
    this.cleanup?.();
    this.cleanup = null;
    this.pair = null;
  }
}
